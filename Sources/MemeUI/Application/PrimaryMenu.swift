// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSupport
import GtkKit

/// The header bar's primary menu ("hamburger"), the same in every main window: the window's own
/// items first, then Keyboard Shortcuts, About MemeMe and Quit. F10 opens it.
enum PrimaryMenu {
  /// A menu button over `windowSection` (a `GMenu *`, consumed) and the application's items.
  static func button(windowSection: OpaquePointer?) -> UnsafeMutablePointer<GtkWidget> {
    let menu = g_menu_new()!
    let appSection = g_menu_new()!
    for action in ApplicationAction.allCases {
      g_menu_append(appSection, action.title, action.detailedName)
    }
    for section in [windowSection, appSection].compactMap({ $0 }) {
      g_menu_append_section(menu, nil, gtkkit_menu_model(section.raw))
      g_object_unref(section.raw)
    }
    let button = gtk_menu_button_new()!
    gtk_menu_button_set_icon_name(gtkkit_menu_button(button), "open-menu-symbolic")
    gtk_menu_button_set_menu_model(gtkkit_menu_button(button), gtkkit_menu_model(menu.raw))
    g_object_unref(menu.raw)
    // Primary: F10 opens it, and screen readers announce it as the window's main menu.
    gtk_menu_button_set_primary(gtkkit_menu_button(button), 1)
    gtk_widget_set_name(button, "main-menu-button")
    Accessible.setLabel(button, localized("Main Menu"))
    gtk_widget_set_tooltip_text(button, localized("Main Menu"))
    return button
  }
}
