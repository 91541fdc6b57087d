// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkKit
import MemeEditing

/// The `layer.` actions (`LayerAction`) of one editor window: each acts on the selected layer, and is
/// on only while there is one it can act on (and crop mode, which hides the layers, is off).
@MainActor
final class LayerActions {
  /// The `layer.` group's actions.
  let actions: ActionMap
  private let document: EditorDocument
  private unowned let textBoxes: TextBoxEditing
  /// Flip and Opacity, in the same group: a sticker's own.
  private(set) var stickerActions: StickerActions!
  /// Pixelate, Blur, Solid, Strength… and Colour…: a hidden area's own.
  private(set) var hidingActions: HidingActions!
  /// Transparent, Flip, Bottom, Size… and Shape: a speech bubble's own.
  private(set) var bubbleActions: BubbleActions!

  init(window: UnsafeMutablePointer<GtkWidget>, document: EditorDocument, textBoxes: TextBoxEditing) {
    actions = ActionGroup(insertedInto: window, prefix: LayerAction.scope).actions
    self.document = document
    self.textBoxes = textBoxes
    LayerAction.add(to: actions) { [weak self] action in self?.perform(action) }
    stickerActions = StickerActions(actions: actions, document: document)
    hidingActions = HidingActions(actions: actions, document: document)
    bubbleActions = BubbleActions(actions: actions, document: document)
  }

  private func perform(_ action: LayerAction) {
    guard let index = document.selectedLayerIndex else { return }
    if let order = action.order {
      textBoxes.reorderSelectedLayer(order)
    } else {
      textBoxes.deleteBox(at: index)
    }
  }

  /// Turns each action on while the selected layer can take it.
  func update(isCropping: Bool) {
    let selected = isCropping ? nil : document.selectedLayerIndex
    for action in LayerAction.allCases {
      let isEnabled = selected.map { index in
        action.order.map { document.canReorderLayer(at: index, $0) } ?? true
      }
      actions.action(named: action.name)?.isEnabled = isEnabled ?? false
    }
    stickerActions.update(isCropping: isCropping)
    hidingActions.update(isCropping: isCropping)
    bubbleActions.update(isCropping: isCropping)
  }

  /// The canvas menu's sections of the layer kinds' own actions (see `EditorContextMenu`).
  var kindMenuSections: [Menu] {
    [
      stickerActions.menuSection, hidingActions.menuSection, bubbleActions.reactionSection,
      bubbleActions.comicSection,
    ]
  }
}
