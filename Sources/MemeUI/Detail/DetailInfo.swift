// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GLibSupport
import GtkKit
import MemeStore

/// Meme Detail's words under the picture: the description (its alt text) as a paragraph that can be
/// selected, with Copy and Edit beside it, and, once the meme has been saved to a file, where
/// ("Saved as cat-meme.png in ~/Pictures") with Show in Folder. In a clamp, so the lines stay
/// readable in a wide window, and scrolled past a few lines, so the picture keeps the room.
final class DetailInfo {
  /// The tallest the section grows before it scrolls: the picture keeps the rest of the window.
  static let maximumHeight: Int32 = 150

  let widget: Widget
  let descriptionLabel = Label()
  let savedLabel = Label()
  private let savedRow = Box(GTK_ORIENTATION_HORIZONTAL, spacing: 6)

  init(descriptionActions: (copy: String, edit: String), showInFolderAction: String) {
    let content = Box(GTK_ORIENTATION_VERTICAL, spacing: 6)
    content.widget.setMargins(top: 6, bottom: 12, start: 12, end: 12)

    let heading = Label(localized("Description"))
    heading.widget.addCSSClass("heading")
    heading.textAlignment = 0
    heading.widget.expandsHorizontally = true
    let headingRow = Box(GTK_ORIENTATION_HORIZONTAL, spacing: 6)
    headingRow.append(heading.widget)
    headingRow.append(
      Self.button(
        IconName.copy, action: descriptionActions.copy, name: "copy-description-button",
        label: localized("Copy Description")))
    headingRow.append(
      Self.button(
        IconName.rename, action: descriptionActions.edit, name: "edit-description-button",
        label: localized("Edit Description")))
    content.append(headingRow.widget)

    descriptionLabel.widget.name = "detail-description"
    descriptionLabel.wrapsText = true
    descriptionLabel.isSelectable = true
    descriptionLabel.textAlignment = 0
    descriptionLabel.widget.horizontalAlignment = GTK_ALIGN_FILL
    content.append(descriptionLabel.widget)

    savedLabel.widget.name = "detail-saved-file"
    savedLabel.widget.addCSSClass("dim-label")
    savedLabel.textAlignment = 0
    savedLabel.ellipsize(PANGO_ELLIPSIZE_MIDDLE)
    savedLabel.widget.expandsHorizontally = true
    savedRow.widget.name = "detail-saved-row"
    savedRow.append(savedLabel.widget)
    let show = Button(label: localized("Show in Folder")).widget
    show.name = "show-in-folder-button"
    show.actionName = showInFolderAction
    show.addCSSClass("flat")
    savedRow.append(show)
    content.append(savedRow.widget)

    let clamp = Clamp(maximumWidth: 720, child: content.widget)
    let scrolled = ScrolledWindow(vertical: clamp.widget)
    scrolled.followsChildSize()
    scrolled.setMaximumContentHeight(Self.maximumHeight)
    widget = scrolled.widget
    widget.name = "detail-info"
  }

  /// Shows `meme`'s description and where it was saved.
  func show(_ meme: SentMeme) {
    descriptionLabel.text = meme.resolvedDescription
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

  private static func button(_ icon: String, action: String, name: String, label: String) -> Widget {
    let button = Button(iconName: icon).widget
    button.name = name
    button.actionName = action
    button.addCSSClass("flat")
    Accessible.setLabel(button, label)
    button.tooltip = label
    return button
  }
}
