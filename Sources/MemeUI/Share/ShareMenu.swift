// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSupport
import GtkKit

/// The Share menu of the editor and of Meme Detail: both windows have `win.` actions of these names,
/// so one menu offers the same targets in both.
enum ShareMenu {
  /// Save As…, Copy Image, Open With…, Send by E-mail, as action names of both windows.
  static var items: [(label: String, action: String)] {
    [
      (localized("Save As…"), EditorAction.saveAs.detailedName),
      (localized("Copy Image"), EditorAction.copyImage.detailedName),
      (localized("Open With…"), EditorAction.openWith.detailedName),
      (localized("Send by E-mail"), EditorAction.sendByEmail.detailedName),
    ]
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
