// SPDX-License-Identifier: GPL-3.0-or-later
import GLibSupport
import MemeCore

/// Where a meme can be shared, as `win.` actions of the same names in the editor and in Meme Detail.
/// The Share menu, the actions turned off during an export or without a picture, and the shortcuts
/// window all come from this list; a new target is a case here and a handler in each window.
package enum ShareTarget: String, NamedAction {
  case saveAs = "save-as"
  /// The meme as a messenger sticker (`StickerExport`): a PNG or WebP, or a WebM for an animation.
  case saveAsSticker = "save-as-sticker"
  case copyImage = "copy-image"
  /// Not the meme but its description, as text, for services that ask for alt text separately.
  case copyDescription = "copy-description"
  case openWith = "open-with"
  case sendByEmail = "send-by-email"

  var title: String {
    switch self {
    case .saveAs: localized("Save As…")
    case .saveAsSticker: localized("Save as Sticker…")
    case .copyImage: localized("Copy Image")
    case .copyDescription: localized("Copy Description")
    case .openWith: localized("Open With…")
    case .sendByEmail: localized("Send by E-mail")
    }
  }

  var accelerators: [String] {
    switch self {
    case .saveAs: ["<Control><Shift>s"]
    case .copyImage: ["<Control><Shift>c"]
    case .saveAsSticker, .copyDescription, .openWith, .sendByEmail: []
    }
  }

  /// How a target picks the format it writes.
  enum FormatRule {
    /// By the extension of the name the user chose (Save As).
    case byChosenName
    /// Always PNG: what every application pastes.
    case png
    /// The hand-over format: JPEG for a JPEG photo shown as it is, so its blocks are kept; PNG
    /// otherwise (see `ShareSnapshot.handOverFormat`).
    case handOver
    /// A messenger sticker: PNG (or WebP) for a still, WebM for an animation, by the name chosen.
    case sticker
    /// No file: the meme's description as plain text.
    case text
  }

  /// Whether the target writes a file (and so follows the size limit, and keeps the meme in Sent
  /// Memes once done).
  var sharesTheMeme: Bool { formatRule != .text }

  var formatRule: FormatRule {
    switch self {
    case .saveAs: .byChosenName
    case .saveAsSticker: .sticker
    case .copyImage: .png
    case .openWith, .sendByEmail: .handOver
    case .copyDescription: .text
    }
  }
}
