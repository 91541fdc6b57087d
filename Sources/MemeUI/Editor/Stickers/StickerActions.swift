// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GtkKit
import MemeCore
import MemeEditing

/// The `layer.` actions only a sticker takes: `layer.flip` mirrors it left to right (or back),
/// `layer.opacity` (a choice of a whole per cent, "0" to "100") sets how opaque it is drawn, and
/// `layer.adjust-opacity` (the menu's Opacity…) opens the slider that sets it. Each change is one
/// undo step; all are off unless a sticker is selected (and crop mode, which hides the layers, is off).
final class StickerActions {
  static let flipName = "flip"
  static let opacityName = "opacity"
  static let adjustOpacityName = "adjust-opacity"

  private let flip: SimpleAction
  private let opacity: SimpleAction
  private var adjustOpacity: SimpleAction!
  private let document: EditorDocument
  /// Opens the Opacity slider at the selected sticker.
  var onAdjustOpacity: () -> Void = {}

  init(actions: ActionMap, document: EditorDocument) {
    self.document = document
    flip = actions.add(Self.flipName) { [weak document] in
      guard let document, let index = document.selectedLayerIndex else { return }
      document.flipSticker(at: index)
    }
    opacity = actions.addChoice(Self.opacityName, value: "100") { [weak document] value in
      guard let document, let index = document.selectedLayerIndex, let percent = Double(value),
        (0...100).contains(percent)
      else { return }
      document.setOpacity(percent / 100, ofStickerAt: index)
    }
    adjustOpacity = actions.add(Self.adjustOpacityName) { [weak self] in self?.onAdjustOpacity() }
  }

  /// Turns both on while a sticker is selected; Opacity's state follows the selected sticker's.
  func update(isCropping: Bool) {
    let sticker = isCropping ? nil : document.selectedLayer?.sticker
    flip.isEnabled = sticker != nil
    opacity.isEnabled = sticker != nil
    adjustOpacity.isEnabled = sticker != nil
    let percent = Int(((sticker?.drawnOpacity ?? 1) * 100).rounded())
    if opacity.stringState != String(percent) { opacity.setStringState(String(percent)) }
    menuSection.show(Self.menu, when: sticker != nil)
  }

  /// The context menu's section for them: empty unless a sticker is selected, so a text box's menu
  /// stays as short as it was (a menu too tall for the window no longer opens at its box).
  let menuSection = Menu()

  /// Flip Sticker, and Opacity…, which opens the slider.
  static var menu: Menu {
    Menu([
      (localized("Flip Sticker"), "\(LayerAction.scope).\(flipName)"),
      (localized("Opacity…"), "\(LayerAction.scope).\(adjustOpacityName)"),
    ])
  }
}
