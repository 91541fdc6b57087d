// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkKit

/// The Keyboard Shortcuts window's widgets, as libadwaita's later AdwShortcutsDialog lays them out:
/// a page per section, chosen in the header bar (in a bar at the bottom when the window is
/// narrow), each a scrolled column of boxed lists, one per group, whose rows name a shortcut and
/// show its keys. GTK 4.8's GtkShortcutsWindow could not be used: its sections always lay two
/// columns side by side, which made the window 1,065 px wide.
extension ShortcutsWindow {
  /// How wide the column of shortcuts grows in a wide window, as GNOME's preferences clamp theirs.
  static let columnWidth: Int32 = 600

  /// Key caps narrower than Adwaita's (6 px each side of the key's name, 20 px at least): otherwise
  /// Redo's five keys (German "Umschalt" and "Strg" among them) and the four arrows leave a 360 px
  /// window no room for the row's title. (A narrower margin beside the column only when the
  /// clamp calls it small would not do: GTK keeps the window as wide as it was before the style
  /// changed.)
  private static let css = """
    .shortcuts-page shortcut > .keycap { padding-left: 2px; padding-right: 2px; min-width: 14px; }
    """

  /// Builds the window, transient for and modal over `parent`; it destroys itself when closed (by
  /// its close button or Escape). Over the editor it opens on the editor's page, elsewhere on Sent
  /// Memes'.
  static func make(parent: UnsafeMutablePointer<GtkWindow>?) -> UnsafeMutablePointer<GtkWindow> {
    let window = Window.adwaita()
    window.widget.name = "shortcuts-window"
    // Without a title GTK 4.8 announces the window by its type name.
    window.title = title
    Accessible.setLabel(window.widget, title)
    window.defaultSize = (columnWidth + 40, 720)
    window.makeModal(over: parent)
    window.closesOnEscape()

    StyleSheet.installOnce(css)
    let pages = ViewStack()
    for section in sections {
      let icon = section.name == editorSection ? IconName.edit : IconName.listView
      pages.add(page(of: section), named: section.name, title: section.title, iconName: icon)
    }
    let isOverEditor = parent.map { gtkkit_widget($0).name == "editor-window" } ?? false
    pages.visibleChildName = isOverEditor ? editorSection : sentMemesSection
    let switcher = ViewSwitcher(for: pages, title: title)
    let header = HeaderBar()
    header.titleWidget = switcher.title
    let content = Box(GTK_ORIENTATION_VERTICAL)
    content.append(header.widget)
    pages.widget.expandsVertically = true
    content.append(pages.widget)
    content.append(switcher.bar)
    window.setAdwaitaContent(content.widget)
    return window.widget.asWindow
  }

  /// A section's groups, one boxed list each under its title, in a column that scrolls.
  private static func page(of section: Section) -> Widget {
    let column = Box(GTK_ORIENTATION_VERTICAL, spacing: 24)
    column.widget.setMargins(top: 24, bottom: 24, start: 12, end: 12)
    for group in section.groups {
      let list = PreferencesGroup(title: group.title)
      for shortcut in group.shortcuts { list.add(row(for: shortcut)) }
      column.append(list.widget)
    }
    let page = ScrolledWindow(vertical: Clamp(column.widget, maximumSize: columnWidth).widget)
    page.widget.name = "shortcuts-page-\(section.name)"
    page.widget.addCSSClass("shortcuts-page")
    return page.widget
  }

  /// What the shortcut does (wrapping in a narrow window), and its keys at the end: each
  /// accelerator on a line of its own, so that two of them side by side do not squeeze the title
  /// to a few letters a line at 360 px.
  private static func row(for shortcut: Shortcut) -> Widget {
    let row = ActionRow(title: shortcut.title)
    let keys = Box(GTK_ORIENTATION_VERTICAL, spacing: 4)
    keys.widget.verticalAlignment = GTK_ALIGN_CENTER
    for accelerator in shortcut.accelerators {
      let label = ShortcutLabel(accelerator)
      label.widget.horizontalAlignment = GTK_ALIGN_END
      keys.append(label.widget)
    }
    row.addSuffix(keys.widget)
    return row.widget
  }
}
