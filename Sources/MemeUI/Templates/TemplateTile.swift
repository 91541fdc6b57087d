// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSupport
import GtkKit
import MemeStore

/// One template in the gallery: a button with its thumbnail and name (pressing it starts a meme),
/// and beside the name a Rename and a Delete button.
package struct TemplateTile {
  static let thumbnailSize: Int32 = 160

  package let widget: Widget
  package let button: Widget
  package let renameButton: Widget
  package let deleteButton: Widget

  init(_ template: MemeTemplate) {
    let tile = Box(GTK_ORIENTATION_VERTICAL, spacing: 4)
    widget = tile.widget
    widget.name = "template-tile"

    let picture = Picture(path: template.thumbnailURL.path)
    picture.contentFit = GTK_CONTENT_FIT_CONTAIN
    picture.canShrink = true
    picture.widget.setSizeRequest(width: Self.thumbnailSize, height: Self.thumbnailSize)
    Accessible.setHidden(picture.widget, true)
    button = Button(child: picture.widget).widget
    button.name = "template-button"
    button.addCSSClass("flat")
    Accessible.setLabel(button, template.name)
    button.tooltip = String(format: localized("Make a meme from “%@”"), template.name)
    tile.append(button)

    let row = Box(GTK_ORIENTATION_HORIZONTAL, spacing: 2)
    let name = Label(template.name)
    name.widget.name = "template-name"
    name.ellipsize(PANGO_ELLIPSIZE_END)
    name.widget.expandsHorizontally = true
    name.textAlignment = 0
    row.append(name.widget)
    renameButton = Self.smallButton(
      icon: IconName.rename, name: "rename-template-button",
      label: String(format: localized("Rename “%@”"), template.name))
    row.append(renameButton)
    deleteButton = Self.smallButton(
      icon: IconName.delete, name: "delete-template-button",
      label: String(format: localized("Delete “%@”"), template.name))
    row.append(deleteButton)
    tile.append(row.widget)
  }

  private static func smallButton(icon: String, name: String, label: String) -> Widget {
    let button = Button(iconName: icon).widget
    button.name = name
    button.addCSSClass("flat")
    button.addCSSClass("circular")
    Accessible.setLabel(button, label)
    button.tooltip = label
    return button
  }
}
