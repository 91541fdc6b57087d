// SPDX-License-Identifier: GPL-3.0-or-later
import GLibSupport

/// Every Meme Detail behaviour as a named `win.` action with its shortcuts. `save-as`,
/// `copy-image`, `delete` and `close` have the editor's and Sent Memes' shortcuts; the share
/// actions have the editor's names, so one Share menu (`ShareMenu`) serves both windows.
enum DetailAction: String, NamedAction {
  case back = "back"
  case edit = "edit"
  case delete = "delete"
  case saveAs = "save-as"
  case copyImage = "copy-image"
  case openWith = "open-with"
  case sendByEmail = "send-by-email"
  case close = "close"

  var accelerators: [String] {
    switch self {
    case .back: ["<Alt>Left", "Escape"]
    case .edit: ["<Control>e"]
    case .delete: ["Delete", "KP_Delete"]
    case .saveAs: ["<Control><Shift>s"]
    case .copyImage: ["<Control><Shift>c"]
    case .close: ["<Control>w"]
    case .openWith, .sendByEmail: []
    }
  }

  var title: String {
    switch self {
    case .back: localized("Back to Sent Memes")
    case .edit: localized("Change and send again")
    case .delete: localized("Delete the meme")
    case .saveAs: localized("Save As…")
    case .copyImage: localized("Copy Image")
    case .openWith: localized("Open With…")
    case .sendByEmail: localized("Send by E-mail")
    case .close: localized("Close the window")
    }
  }
}
