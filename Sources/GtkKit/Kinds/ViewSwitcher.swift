// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// libadwaita's pair of switchers for a `ViewStack`, as GNOME apps place them: the pages' buttons in
/// the header bar's middle while there is room (AdwViewSwitcherTitle), and in a bar at the bottom
/// of the window when the window is too narrow for them, the header then showing the title.
public struct ViewSwitcher {
  /// The header bar's title widget.
  public let title: Widget
  /// The bar to place under the stack.
  public let bar: Widget

  public init(for stack: ViewStack, title text: String) {
    title = adw_view_switcher_title_new()
    bar = adw_view_switcher_bar_new()
    let switcherTitle = gtkkit_adw_view_switcher_title(title)
    adw_view_switcher_title_set_stack(switcherTitle, stack.stack)
    adw_view_switcher_title_set_title(switcherTitle, text)
    adw_view_switcher_bar_set_stack(gtkkit_adw_view_switcher_bar(bar), stack.stack)
    // The bar shows exactly when the title has given up its switcher for the title text.
    title.bind("title-visible", to: bar, "reveal")
    adw_view_switcher_bar_set_reveal(
      gtkkit_adw_view_switcher_bar(bar), adw_view_switcher_title_get_title_visible(switcherTitle))
  }

  /// Whether the pages' buttons are in the bottom bar (the window is narrow), not in the title.
  public var isInBottomBar: Bool {
    adw_view_switcher_bar_get_reveal(gtkkit_adw_view_switcher_bar(bar)) != 0
  }
}
