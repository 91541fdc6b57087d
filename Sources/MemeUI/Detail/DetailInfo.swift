// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GLibSupport
import GtkKit
import MemeStore

/// Meme Detail's words under the picture: the description (its alt text) as a paragraph that can be
/// selected, with Copy and Edit beside it, and, once the meme has been saved to a file, where
/// ("Saved as cat-meme.png in ~/Pictures") with Show in Folder; for a meme with hidden areas, that
/// what is shared hides them while the original picture is kept. In a clamp, so the lines stay
/// readable in a wide window, and scrolled past a few lines, so the picture keeps the room.
final class DetailInfo {
  let widget: Widget
  let descriptionLabel: Label
  let savedLabel: Label
  /// Shown for a meme with hidden areas: its shares hide them, the kept original does not.
  let hiddenNote: Label
  private let savedRow: Box

  /// The section of detail-window.ui's `tree`, its buttons given their actions.
  init(tree: DetailWindowTree, descriptionActions: (copy: String, edit: String), showInFolderAction: String) {
    tree.copyDescription.setIconName(IconName.copy)
    tree.copyDescription.widget.actionName = descriptionActions.copy
    tree.editDescription.setIconName(IconName.rename)
    tree.editDescription.widget.actionName = descriptionActions.edit
    tree.showInFolder.widget.actionName = showInFolderAction
    descriptionLabel = tree.description
    savedLabel = tree.savedFile
    savedRow = tree.savedRow
    hiddenNote = tree.hiddenNote
    widget = tree.info.widget
  }

  /// Shows `meme`'s description and where it was saved.
  func show(_ meme: SentMeme) {
    descriptionLabel.text = meme.resolvedDescription
    hiddenNote.widget.isVisible = meme.layers.contains { $0.hiddenArea != nil }
    guard let saved = meme.savedFileURL else {
      savedRow.widget.isVisible = false
      return
    }
    savedRow.widget.isVisible = true
    savedLabel.text = String(
      format: localized("Saved as %@ in %@"), ShareConfirmation.displayName(of: saved),
      Self.folderName(of: saved.deletingLastPathComponent()))
    savedLabel.widget.tooltip = ShareConfirmation.displayName(of: saved, full: true)
  }

  /// The folder as people read it: under the home folder as "~/Pictures".
  static func folderName(of folder: URL) -> String {
    let full = ShareConfirmation.displayName(of: folder, full: true)
    let home = ShareConfirmation.displayName(of: URL(fileURLWithPath: NSHomeDirectory()), full: true)
    guard full == home || full.hasPrefix(home + "/") else { return full }
    return "~" + full.dropFirst(home.count)
  }
}
