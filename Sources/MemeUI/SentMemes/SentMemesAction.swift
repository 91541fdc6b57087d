// SPDX-License-Identifier: GPL-3.0-or-later
import GLibSupport

/// Every Sent Memes behaviour as a named `win.` action with its shortcuts. Names shared with other
/// windows (`delete`, `undo`, `close`) have the same shortcuts there: accelerators belong to names.
enum SentMemesAction: String, NamedAction {
  case add = "add"
  /// Collect: pictures someone else made, kept as received memes.
  case collect = "collect"
  /// Ctrl+V: picture files or a picture on the clipboard, collected.
  case paste = "paste"
  /// A received meme's words read again (the editor's and Detail's Paste and Read Text Again have
  /// the same names).
  case readTextAgain = "read-text-again"
  case openMeme = "open-meme"
  case delete = "delete"
  case undo = "undo"
  case dismissUndo = "dismiss-undo"
  case moveUp = "move-up"
  case moveDown = "move-down"
  case showList = "show-list"
  case showGrid = "show-grid"
  case contextMenu = "context-menu"
  case search = "search"
  case clearSearch = "clear-search"
  case close = "close"

  var accelerators: [String] {
    switch self {
    case .add: ["<Control>n"]
    // Ctrl+O is the editor's Album; Collect opens files too, of others.
    case .collect: ["<Control><Shift>o"]
    case .paste: ["<Control>v"]
    case .delete: ["Delete", "KP_Delete"]
    case .undo: ["<Control>z"]
    case .moveUp: ["<Alt>Up"]
    case .moveDown: ["<Alt>Down"]
    case .showList: ["<Alt>1"]
    case .showGrid: ["<Alt>2"]
    case .contextMenu: ["Menu", "<Shift>F10"]
    case .search: ["<Control>f"]
    case .clearSearch: ["Escape"]
    case .close: ["<Control>w"]
    case .openMeme, .dismissUndo, .readTextAgain: []
    }
  }

  var title: String {
    switch self {
    case .add: localized("Make a new meme")
    case .collect: localized("Collect memes others sent you")
    case .paste: localized("Collect the pictures on the clipboard")
    case .readTextAgain: localized("Read Text Again")
    case .openMeme: localized("Open the selected meme")
    case .delete: localized("Delete the selected meme")
    case .undo: localized("Undo delete")
    case .dismissUndo: localized("Dismiss")
    case .moveUp: localized("Move the selected meme up")
    case .moveDown: localized("Move the selected meme down")
    case .showList: localized("Show the list")
    case .showGrid: localized("Show the grid")
    case .contextMenu: localized("Open the meme’s menu")
    case .search: localized("Search sent memes")
    case .clearSearch: localized("Clear the search")
    case .close: localized("Close the window")
    }
  }

  /// Actions that work on the selected meme: disabled while nothing is selected.
  var needsSelection: Bool {
    switch self {
    case .openMeme, .delete, .moveUp, .moveDown, .contextMenu, .readTextAgain: true
    default: false
    }
  }
}
