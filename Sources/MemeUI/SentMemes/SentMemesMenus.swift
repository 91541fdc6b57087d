// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSupport
import GtkKit

/// The menus of the Sent Memes window, as GMenu models bound to actions.
enum SentMemesMenus {
  /// Open, Move Up, Move Down, then Delete: what can be done to one meme.
  static func contextMenuModel() -> OpaquePointer {
    let menu = g_menu_new()!
    let open = g_menu_new()!
    g_menu_append(open, localized("Open"), SentMemesAction.openMeme.detailedName)
    let order = g_menu_new()!
    g_menu_append(order, localized("Move Up"), SentMemesAction.moveUp.detailedName)
    g_menu_append(order, localized("Move Down"), SentMemesAction.moveDown.detailedName)
    let delete = g_menu_new()!
    g_menu_append(delete, localized("Delete"), SentMemesAction.delete.detailedName)
    for section in [open, order, delete] {
      g_menu_append_section(menu, nil, gtkkit_menu_model(section.raw))
      g_object_unref(section.raw)
    }
    return menu
  }

  /// The header bar's primary menu: the views, then the application's items.
  static func mainMenuButton() -> UnsafeMutablePointer<GtkWidget> {
    let views = g_menu_new()!
    g_menu_append(views, localized("List"), SentMemesAction.showList.detailedName)
    g_menu_append(views, localized("Grid"), SentMemesAction.showGrid.detailedName)
    return PrimaryMenu.button(windowSection: views)
  }
}
