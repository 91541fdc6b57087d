// SPDX-License-Identifier: GPL-3.0-or-later

/// Every Sent Memes behaviour as a named `win.` action with its shortcuts. Names shared with other
/// windows (`delete`, `undo`, `close`) have the same shortcuts there: accelerators belong to names.
enum SentMemesAction: String, NamedAction {
  case add = "add"
  case openMeme = "open-meme"
  case delete = "delete"
  case undo = "undo"
  case dismissUndo = "dismiss-undo"
  case moveUp = "move-up"
  case moveDown = "move-down"
  case showList = "show-list"
  case showGrid = "show-grid"
  case contextMenu = "context-menu"
  case close = "close"

  var accelerators: [String] {
    switch self {
    case .add: ["<Control>n"]
    case .delete: ["Delete", "KP_Delete"]
    case .undo: ["<Control>z"]
    case .moveUp: ["<Alt>Up"]
    case .moveDown: ["<Alt>Down"]
    case .showList: ["<Alt>1"]
    case .showGrid: ["<Alt>2"]
    case .contextMenu: ["Menu", "<Shift>F10"]
    case .close: ["<Control>w"]
    case .openMeme, .dismissUndo: []
    }
  }

  var title: String {
    switch self {
    case .add: tr("Make a new meme")
    case .openMeme: tr("Open the selected meme")
    case .delete: tr("Delete the selected meme")
    case .undo: tr("Undo delete")
    case .dismissUndo: tr("Dismiss")
    case .moveUp: tr("Move the selected meme up")
    case .moveDown: tr("Move the selected meme down")
    case .showList: tr("Show the list")
    case .showGrid: tr("Show the grid")
    case .contextMenu: tr("Open the meme’s menu")
    case .close: tr("Close the window")
    }
  }

  /// Actions that work on the selected meme: disabled while nothing is selected.
  var needsSelection: Bool {
    switch self {
    case .openMeme, .delete, .moveUp, .moveDown, .contextMenu: true
    default: false
    }
  }
}
