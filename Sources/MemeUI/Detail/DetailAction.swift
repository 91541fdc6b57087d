// SPDX-License-Identifier: GPL-3.0-or-later

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
    case .back: tr("Back to Sent Memes")
    case .edit: tr("Change and send again")
    case .delete: tr("Delete the meme")
    case .saveAs: tr("Save As…")
    case .copyImage: tr("Copy Image")
    case .openWith: tr("Open With…")
    case .sendByEmail: tr("Send by E-mail")
    case .close: tr("Close the window")
    }
  }
}
