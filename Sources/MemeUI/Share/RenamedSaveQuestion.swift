// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import MemeCore

/// Save As under a size limit, when the PNG the user named does not fit: the meme fits as a JPEG,
/// which cannot go under a name ending in `.png`. The user did not choose the `.jpg` beside it, so
/// nothing is written there before they say so: this asks ("Save as JPEG?"), naming the file, which
/// is never one that exists (`SizeFit.unusedFileURL(for:)`), and the file chosen is left as it is.
/// "Keep PNG" is the other answer: the name and format chosen, with fewer pixels
/// (`SizeLimitStrategy.keepFormat`). The editor and Meme Detail ask the same question.
enum RenamedSaveQuestion {
  /// The dialog's widget name (tests find it by that).
  static let dialogName = "save-as-jpeg-dialog"

  enum Response: String {
    case save
    case keepPNG = "keep-png"
    case cancel
  }

  /// Asks over `parent` whether the JPEG made to fit `fit.limit` may be saved as `proposed`
  /// instead of `chosen`; `save` runs only when the user agrees, `keepPNG` when they would rather
  /// have a smaller PNG under `chosen`.
  static func ask(
    over parent: UnsafeMutablePointer<GtkWindow>?, chosen: URL, proposed: URL, fit: SizeFit,
    keepPNG: @escaping () -> Void, save: @escaping () -> Void
  ) {
    let jpeg = String(
      format: localized(
        "As a PNG the meme is over the size limit of %@. It fits as a JPEG, which would be saved as “%@” in the same folder. “%@” is left as it is."
      ), ByteSize.limitDescribed(fit.limit), ShareConfirmation.displayName(of: proposed),
      ShareConfirmation.displayName(of: chosen))
    let png = String(
      format: localized("Keep PNG saves “%@” with fewer pixels instead, until it fits."),
      ShareConfirmation.displayName(of: chosen))
    MessageDialog.ask(
      parent: parent, named: dialogName, heading: localized("Save as JPEG?"), body: "\(jpeg) \(png)",
      choices: [
        MessageDialog.Choice(label: localized("_Cancel"), response: Response.cancel),
        MessageDialog.Choice(label: localized("_Keep PNG"), response: Response.keepPNG),
        MessageDialog.Choice(
          label: localized("Save as _JPEG"), response: Response.save, appearance: .suggested),
      ],
      defaultResponse: .save, closeResponse: .cancel
    ) { response in
      switch response {
      case .save: save()
      case .keepPNG: keepPNG()
      case .cancel: break
      }
    }
  }
}
