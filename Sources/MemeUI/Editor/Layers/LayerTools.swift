// SPDX-License-Identifier: GPL-3.0-or-later
import GtkKit
import MemeEditing

/// What the editor opens for one kind of layer: Add → Speech Bubble, Hide Area's drawing mode (the
/// layers' pointer waits while it draws), a sticker's Opacity…, a hidden area's Strength… and a reaction bubble's Size…
/// sliders, and a hidden area's Colour…, each wired to the `layer.` action that opens it.
final class LayerTools {
  let hiding: HideAreaDrawing
  /// Add → Speech Bubble's Reaction and Comic.
  let bubbles: BubbleAdding
  /// Opacity…'s slider at the selected sticker.
  let opacity: LayerSliderPopover
  /// Strength…'s slider at the selected hidden area.
  let strength: LayerSliderPopover
  /// Size…'s slider at the selected reaction bubble.
  let bubbleSize: LayerSliderPopover

  /// Built once the editor's canvas, handles, layer actions and crop mode are.
  init(editor: EditorWindow) {
    let (canvas, document, boxHandles, actions) = (
      editor.canvas, editor.document, editor.boxHandles!, editor.layerActions!
    )
    hiding = HideAreaDrawing(host: editor, toasts: editor.toasts) { [unowned editor] in editor.cropMode.isOn }
    bubbles = BubbleAdding(host: editor, toasts: editor.toasts) { [unowned editor] in editor.cropMode.isOn }
    opacity = LayerSliderPopover(.opacity, canvas: canvas, boxHandles: boxHandles, document: document)
    strength = LayerSliderPopover(.hidingStrength, canvas: canvas, boxHandles: boxHandles, document: document)
    bubbleSize = LayerSliderPopover(.bubbleSize, canvas: canvas, boxHandles: boxHandles, document: document)
    let hiding = hiding
    boxHandles.isSuspended = { hiding.isOn }
    actions.stickerActions.onAdjustOpacity = { [opacity] in opacity.showForSelection() }
    let bubbleActions = actions.bubbleActions!
    bubbleActions.onAdjustSize = { [bubbleSize] in bubbleSize.showForSelection() }
    editor.textBoxes.movesTail = { [unowned bubbleActions] index in bubbleActions.movesTail(ofBubbleAt: index)
    }
    editor.textBoxes.stopMovingTail = { [unowned bubbleActions] in bubbleActions.stopMovingTail() }
    let hidingActions = actions.hidingActions!
    hidingActions.onAdjustStrength = { [strength] in strength.showForSelection() }
    hidingActions.onChooseColor = { [unowned editor] in
      HidingColorChoice.ask(over: editor.window, document: editor.document)
    }
  }
}
