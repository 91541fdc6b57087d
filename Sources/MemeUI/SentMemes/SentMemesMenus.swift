// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkKit

/// The menus of the Sent Memes window, as GMenu models bound to actions.
enum SentMemesMenus {
  /// Open, Move Up, Move Down, then Delete: what can be done to one meme.
  static func contextMenuModel() -> OpaquePointer {
    let menu = g_menu_new()!
    let open = g_menu_new()!
    g_menu_append(open, "Open", SentMemesAction.openMeme.detailedName)
    let order = g_menu_new()!
    g_menu_append(order, "Move Up", SentMemesAction.moveUp.detailedName)
    g_menu_append(order, "Move Down", SentMemesAction.moveDown.detailedName)
    let delete = g_menu_new()!
    g_menu_append(delete, "Delete", SentMemesAction.delete.detailedName)
    for section in [open, order, delete] {
      g_menu_append_section(menu, nil, gtkkit_menu_model(section.raw))
      g_object_unref(section.raw)
    }
    return menu
  }

  /// The header bar's main menu: views, then the application.
  static func mainMenuButton() -> UnsafeMutablePointer<GtkWidget> {
    let menu = g_menu_new()!
    let views = g_menu_new()!
    g_menu_append(views, "List", SentMemesAction.showList.detailedName)
    g_menu_append(views, "Grid", SentMemesAction.showGrid.detailedName)
    let app = g_menu_new()!
    g_menu_append(app, "About MemeMe", ApplicationAction.about.detailedName)
    g_menu_append(app, "Quit", ApplicationAction.quit.detailedName)
    for section in [views, app] {
      g_menu_append_section(menu, nil, gtkkit_menu_model(section.raw))
      g_object_unref(section.raw)
    }
    let button = gtk_menu_button_new()!
    gtk_menu_button_set_icon_name(gtkkit_menu_button(button), "open-menu-symbolic")
    gtk_menu_button_set_menu_model(gtkkit_menu_button(button), gtkkit_menu_model(menu.raw))
    g_object_unref(menu.raw)
    gtk_menu_button_set_primary(gtkkit_menu_button(button), 1)
    gtk_widget_set_name(button, "main-menu-button")
    Accessible.setLabel(button, "Main Menu")
    gtk_widget_set_tooltip_text(button, "Main Menu")
    return button
  }
}
