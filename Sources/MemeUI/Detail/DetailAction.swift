// SPDX-License-Identifier: GPL-3.0-or-later
import GLibSupport

/// Every Meme Detail behaviour as a named `win.` action with its shortcuts. `delete` and `close`
/// have Sent Memes' and the editor's shortcuts; the share actions are `ShareTarget`'s, as in the
/// editor, so one Share menu (`ShareMenu`) serves both windows.
enum DetailAction: String, NamedAction {
  case back = "back"
  case edit = "edit"
  case delete = "delete"
  case close = "close"
  /// Plays or pauses a meme sent as an animation.
  case playAnimation = "play-animation"
  /// Pause and show the frame before, or after, the one shown (comma and period, which the
  /// window takes: see `AnimationPlayback.attachKeys`).
  case previousFrame = "previous-frame"
  case nextFrame = "next-frame"
  /// Changes the description Sent Memes keeps for the meme.
  case editDescription = "edit-description"
  /// Shows the file Save As last wrote in the file manager.
  case showInFolder = "show-in-folder"
  /// Reads the words in a received meme's picture again (its description and what search finds).
  case readTextAgain = "read-text-again"

  var accelerators: [String] {
    switch self {
    case .back: ["<Alt>Left", "Escape"]
    case .edit: ["<Control>e"]
    case .delete: ["Delete", "KP_Delete"]
    case .close: ["<Control>w"]
    case .playAnimation, .previousFrame, .nextFrame, .editDescription, .showInFolder, .readTextAgain: []
    }
  }

  var title: String {
    switch self {
    case .back: localized("Back to Sent Memes")
    case .edit: localized("Change and send again")
    case .delete: localized("Delete the meme")
    case .close: localized("Close the window")
    case .playAnimation: localized("Play or Pause the Animation")
    case .previousFrame: localized("Previous Frame")
    case .nextFrame: localized("Next Frame")
    case .editDescription: localized("Edit Description")
    case .showInFolder: localized("Show in Folder")
    case .readTextAgain: localized("Read Text Again")
    }
  }
}
