// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GLibSupport
import GtkKit

/// A picture dropped or pasted while the editor already shows one: it can go on the meme as a
/// sticker or take the picture's place. This asks which ("Add as Sticker", the suggested answer,
/// or "Replace Picture"); Cancel, Escape or closing the dialog leave the meme as it was.
enum StickerOrPictureQuestion {
  /// The dialog's widget name (tests find it by that).
  static let dialogName = "sticker-or-picture-dialog"

  enum Response: String {
    case sticker
    case replace
    case cancel
  }

  static func ask(
    over parent: UnsafeMutablePointer<GtkWindow>?, naming name: String, addAsSticker: @escaping () -> Void,
    replace: @escaping () -> Void
  ) {
    MessageDialog.ask(
      parent: parent, named: dialogName, heading: localized("Add as Sticker?"),
      body: String(
        format: localized("“%@” can go on the meme as a sticker, or take the place of its picture."), name),
      choices: [
        MessageDialog.Choice(label: localized("_Cancel"), response: Response.cancel),
        MessageDialog.Choice(label: localized("_Replace Picture"), response: Response.replace),
        MessageDialog.Choice(
          label: localized("_Add as Sticker"), response: Response.sticker, appearance: .suggested),
      ],
      defaultResponse: .sticker, closeResponse: .cancel
    ) { response in
      switch response {
      case .sticker: addAsSticker()
      case .replace: replace()
      case .cancel: break
      }
    }
  }
}
