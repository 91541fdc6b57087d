// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSupport
import GtkKit

/// The menus of the Sent Memes window, as GMenu models bound to actions.
enum SentMemesMenus {
  /// Open, Move Up, Move Down, Use as Template, then Delete: what can be done to one meme.
  static func contextMenu() -> Menu {
    let menu = Menu()
    menu.appendSection(Menu([(localized("Open"), SentMemesAction.openMeme.detailedName)]))
    menu.appendSection(
      Menu([
        (localized("Move Up"), SentMemesAction.moveUp.detailedName),
        (localized("Move Down"), SentMemesAction.moveDown.detailedName),
      ]))
    menu.appendSection(Menu([TemplateAction.useAsTemplate.menuItem]))
    // Enabled, and so shown, for a received meme only (see `SentMemesWindow.updateState`).
    let reading = Menu()
    reading.appendHiddenWhenDisabled(
      localized("Read Text Again"), action: SentMemesAction.readTextAgain.detailedName)
    menu.appendSection(reading)
    menu.appendSection(Menu([(localized("Delete"), SentMemesAction.delete.detailedName)]))
    return menu
  }

  /// The arrow beside Add: a new meme, or one from a template; then memes others made, collected.
  static func addMenuButton() -> UnsafeMutablePointer<GtkWidget> {
    let menu = Menu([
      (localized("New Meme"), SentMemesAction.add.detailedName), TemplateAction.newFromTemplate.menuItem,
      TemplateAction.importTemplates.menuItem,
    ])
    menu.appendSubmenu(PanelLayoutChoice.submenu.menu, label: PanelLayoutChoice.submenu.label)
    menu.appendSection(Menu([(localized("Collect…"), SentMemesAction.collect.detailedName)]))
    return EditorBottomBar.moreWaysButton(
      menu, name: "add-menu-button", label: localized("More Ways to Start a Meme"))
  }

  /// The header bar's primary menu: Collect, the views and which memes they show, then the
  /// application's items.
  static func mainMenuButton() -> UnsafeMutablePointer<GtkWidget> {
    let views = Menu([
      (localized("List"), SentMemesAction.showList.detailedName),
      (localized("Grid"), SentMemesAction.showGrid.detailedName),
    ])
    // The choice under a heading: "Received Only" alone would not say what it narrows.
    let shown = Menu()
    shown.appendSection(ReceivedFilterChoice.menuSection, label: localized("View"))
    return PrimaryMenu.button(
      windowSection: Menu([(localized("Collect…"), SentMemesAction.collect.detailedName)]),
      moreSections: [views, shown])
  }
}
