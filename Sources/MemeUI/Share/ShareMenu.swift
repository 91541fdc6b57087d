// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSupport
import GtkKit

/// The Share menu of the editor and of Meme Detail: both windows have a `win.` action for every
/// `ShareTarget`, so one menu offers the same targets in both.
enum ShareMenu {
  /// Every share target, as its title and its action's detailed name.
  static var items: [(label: String, action: String)] {
    ShareTarget.allCases.map { ($0.title, $0.detailedName) }
  }

  /// The targets, then what the files carry: the description (the editor's, which can change it)
  /// and the size limit they follow.
  static func menu(includesDescription: Bool) -> Menu {
    let menu = Menu(sections: [Menu(items)])
    let limit = Menu()
    if includesDescription {
      limit.append(EditorAction.editDescription.title, action: EditorAction.editDescription.detailedName)
    }
    limit.appendSubmenu(SizeLimitChoice.menu, label: localized("Size Limit"))
    menu.appendSection(limit)
    return menu
  }

  /// Meme Detail's tooltip for the button, which also says what a shared file never carries (the
  /// sent meme in Detail is the file that goes out).
  static var privateTooltip: String {
    localized("Share. Shared files carry no location or camera details.")
  }

  /// A menu button with the share icon and the menu (and `lastSection` below it), named `name` for
  /// tests.
  static func button(name: String, includesDescription: Bool = false, lastSection: Menu? = nil)
    -> UnsafeMutablePointer<GtkWidget>
  {
    let button = MenuButton()
    button.setIconName(IconName.share)
    let menu = menu(includesDescription: includesDescription)
    if let lastSection { menu.appendSection(lastSection) }
    button.setMenu(menu, named: localized("Share"))
    button.widget.name = name
    Accessible.setLabel(button.widget, localized("Share"))
    button.widget.tooltip = localized("Share")
    return button.widget
  }
}
