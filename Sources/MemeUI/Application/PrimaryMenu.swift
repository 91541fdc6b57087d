// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSupport
import GtkKit

/// The header bar's primary menu ("hamburger"), the same in every main window: the window's own
/// items first, then the style (Follow System, Light, Dark), the desktop search's switch, then
/// Keyboard Shortcuts, About MemeMe and Quit. F10 opens it.
enum PrimaryMenu {
  /// A menu button over `windowSection`, then `moreSections` (each set apart by a separator), and
  /// the application's items.
  static func button(windowSection: Menu?, moreSections: [Menu] = []) -> UnsafeMutablePointer<GtkWidget> {
    let menu = Menu()
    for section in [windowSection].compactMap({ $0 }) + moreSections { menu.appendSection(section) }
    menu.appendSection(StyleChoice.menuSection)
    menu.appendSection(SearchProviderChoice.menuSection)
    menu.appendSection(Menu(ApplicationAction.allCases.map { ($0.title, $0.detailedName) }))
    let button = MenuButton()
    button.setIconName(IconName.mainMenu)
    button.setMenu(menu, named: localized("Main Menu"))
    // Primary: F10 opens it, and screen readers announce it as the window's main menu.
    button.isPrimary = true
    button.widget.name = "main-menu-button"
    Accessible.setLabel(button.widget, localized("Main Menu"))
    button.widget.tooltip = localized("Main Menu")
    return button.widget
  }
}
