// SPDX-License-Identifier: GPL-3.0-or-later

/// Every Meme Detail behaviour as a named `win.` action with its shortcuts. `save-as`,
/// `copy-image`, `delete` and `close` have the editor's and Sent Memes' shortcuts.
enum DetailAction: String, CaseIterable {
  case back = "back"
  case edit = "edit"
  case delete = "delete"
  case saveAs = "save-as"
  case copyImage = "copy-image"
  case close = "close"

  var name: String { rawValue }
  var detailedName: String { "win.\(rawValue)" }

  var accelerators: [String] {
    switch self {
    case .back: ["<Alt>Left", "Escape"]
    case .edit: ["<Control>e"]
    case .delete: ["Delete", "KP_Delete"]
    case .saveAs: ["<Control><Shift>s"]
    case .copyImage: ["<Control><Shift>c"]
    case .close: ["<Control>w"]
    }
  }
}
