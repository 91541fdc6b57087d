// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSupport
import GtkKit
import MemeCore

/// The Share menu of the editor and of Meme Detail: both windows have a `win.` action for every
/// `ShareTarget`, so one menu offers the same targets in both.
enum ShareMenu {
  /// The widget name of the label beside the share icon that shows an active size limit.
  static let limitBadgeName = "size-limit-badge"

  /// Every share target, as its title and its action's detailed name.
  static var items: [(label: String, action: String)] {
    ShareTarget.allCases.map { ($0.title, $0.detailedName) }
  }

  /// Meme Detail's tooltip for the button, which also says what a shared file never carries (the
  /// sent meme in Detail is the file that goes out).
  static var privateTooltip: String {
    localized("Share. Shared files carry no location or camera details.")
  }

  /// The Size Limit submenu's label: with a limit, the limit itself ("Size Limit: Under 1 MB"), so
  /// the menu says what its files follow without opening the submenu.
  static func sizeLimitLabel(_ limit: Int?) -> String {
    guard let limit else { return localized("Size Limit") }
    return String(format: localized("Size Limit: %@"), SizeLimitChoice.title(of: limit))
  }

  /// What a shared file keeps to under a limit, for the button's tooltip and screen readers.
  static func limitSentence(_ limit: Int) -> String {
    String(format: localized("Shared files stay under %@."), ByteSize.limitDescribed(limit))
  }

  /// A menu button with the share icon and the menu (and `lastSection` below it), named `name` for
  /// tests. The targets come first, then what the files carry: the description (the editor's,
  /// which can change it) and the size limit they follow.
  ///
  /// A size limit changes every file shared, and the format of some: while one is set, it is shown
  /// on the button itself ("Under 1 MB" beside the icon), in its tooltip and accessible description,
  /// and in the Size Limit item's label, following `preferences` as the limit changes.
  static func button(
    name: String, preferences: Preferences, includesDescription: Bool = false, lastSection: Menu? = nil,
    tooltip: String = localized("Share")
  ) -> UnsafeMutablePointer<GtkWidget> {
    let button = MenuButton()
    let content = Box(GTK_ORIENTATION_HORIZONTAL, spacing: 6)
    content.append(Image(iconName: IconName.share).widget)
    let badge = Label()
    badge.widget.name = limitBadgeName
    badge.widget.addCSSClass("caption")
    badge.widget.addCSSClass("numeric")
    content.append(badge.widget)
    // Where a narrow window has no room for the words, the icon alone: the tooltip, the accessible
    // description and the menu's label still say the limit.
    button.setChild(Squeezer([content.widget, Image(iconName: IconName.share).widget]).widget)
    let limitSection = Menu()
    let menu = Menu(sections: [Menu(items), limitSection])
    if let lastSection { menu.appendSection(lastSection) }
    button.setMenu(menu, named: localized("Share"))
    button.widget.name = name
    Accessible.setLabel(button.widget, localized("Share"))
    let show = { (limit: Int?) in
      // A GMenu item's label cannot change: the section is filled again.
      limitSection.removeAll()
      if includesDescription {
        limitSection.append(
          EditorAction.editDescription.title, action: EditorAction.editDescription.detailedName)
      }
      limitSection.appendSubmenu(SizeLimitChoice.menu, label: sizeLimitLabel(limit))
      badge.text = limit.map(SizeLimitChoice.title(of:)) ?? ""
      badge.widget.isVisible = limit != nil
      button.widget.tooltip = limit.map { "\(tooltip)\n\(limitSentence($0))" } ?? tooltip
      Accessible.setDescription(button.widget, limit.map(limitSentence) ?? "")
    }
    show(preferences.shareSizeLimit)
    preferences.observeShareSizeLimit(while: button.widget, show)
    return button.widget
  }
}
