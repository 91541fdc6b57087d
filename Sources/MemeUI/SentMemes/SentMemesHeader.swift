// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSupport
import GtkKit

/// The Sent Memes window's header bar: Add with its menu at its start, search and the main menu at
/// its end.
struct SentMemesHeader {
  let bar = HeaderBar()
  let addButton = Button(iconName: IconName.newMeme).widget

  /// `searchButton` toggles the window's search bar.
  init(searchButton: Widget) {
    addButton.actionName = SentMemesAction.add.detailedName
    addButton.name = "add-button"
    Accessible.setLabel(addButton, localized("Add"))
    addButton.tooltip = localized("Make a new meme (Ctrl+N)")
    let add = Box(GTK_ORIENTATION_HORIZONTAL)
    add.widget.addCSSClass("linked")
    add.append(addButton)
    add.append(SentMemesMenus.addMenuButton())
    bar.packStart(add.widget)
    bar.packEnd(SentMemesMenus.mainMenuButton())
    bar.packEnd(searchButton)
  }
}
