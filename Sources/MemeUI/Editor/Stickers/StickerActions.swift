// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GtkKit
import MemeCore
import MemeEditing

/// The `layer.` actions only a sticker takes: `layer.flip` mirrors it left to right (or back), and
/// `layer.opacity` (a choice: the menu's radio items) sets how opaque it is drawn. Each is one undo
/// step; both are off unless a sticker is selected (and crop mode, which hides the layers, is off).
final class StickerActions {
  static let flipName = "flip"
  static let opacityName = "opacity"
  /// The opacities the menu offers, in per cent.
  static let opacities = [100, 75, 50, 25]

  private let flip: SimpleAction
  private let opacity: SimpleAction
  private let document: EditorDocument

  init(actions: ActionMap, document: EditorDocument) {
    self.document = document
    flip = actions.add(Self.flipName) { [weak document] in
      guard let document, let index = document.selectedLayerIndex else { return }
      document.flipSticker(at: index)
    }
    opacity = actions.addChoice(Self.opacityName, value: "100") { [weak document] value in
      guard let document, let index = document.selectedLayerIndex, let percent = Double(value) else { return }
      document.setOpacity(percent / 100, ofStickerAt: index)
    }
  }

  /// Turns both on while a sticker is selected; Opacity's state follows the selected sticker's.
  func update(isCropping: Bool) {
    let sticker = isCropping ? nil : document.selectedLayer?.sticker
    flip.isEnabled = sticker != nil
    opacity.isEnabled = sticker != nil
    let percent = Int(((sticker?.drawnOpacity ?? 1) * 100).rounded())
    if opacity.stringState != String(percent) { opacity.setStringState(String(percent)) }
    if (sticker != nil) != (menuSection.count > 0) {
      menuSection.removeAll()
      if sticker != nil { menuSection.appendSection(Self.menu) }
    }
  }

  /// The context menu's section for them: empty unless a sticker is selected, so a text box's menu
  /// stays as short as it was (a menu too tall for the window no longer opens at its box).
  let menuSection = Menu()

  /// Flip Sticker, and Opacity with its choices.
  static var menu: Menu {
    let menu = Menu([(localized("Flip Sticker"), "\(LayerAction.scope).\(flipName)")])
    let choices = Menu(
      opacities.map {
        (String(format: localized("%ld %%"), $0), "\(LayerAction.scope).\(opacityName)::\($0)")
      })
    menu.appendSubmenu(choices, label: localized("Opacity"))
    return menu
  }
}
