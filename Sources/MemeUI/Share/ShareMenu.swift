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

  /// A menu button with the share icon and the menu, named `name` for tests.
  static func button(name: String) -> UnsafeMutablePointer<GtkWidget> {
    let button = Widget.menuButton()
    button.setMenuIconName(IconName.share)
    button.setMenu(Menu(items))
    button.name = name
    Accessible.setLabel(button, localized("Share"))
    button.tooltip = localized("Share")
    return button
  }
}
