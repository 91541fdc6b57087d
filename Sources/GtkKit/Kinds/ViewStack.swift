// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// libadwaita's AdwViewStack: named, titled pages, one shown at a time, that an AdwViewSwitcherTitle
/// and an AdwViewSwitcherBar choose between (see `ViewSwitcher`).
public struct ViewStack {
  public let widget: Widget

  public init() {
    widget = adw_view_stack_new()
  }

  /// A stack made elsewhere (found in a window's tree).
  public init?(wrapping widget: Widget) {
    guard gtkkit_is_a(widget, adw_view_stack_get_type()) != 0 else { return nil }
    self.widget = widget
  }

  var stack: OpaquePointer { gtkkit_adw_view_stack(widget) }

  /// Adds `child` as the page `name`, shown in the switchers as `iconName` and `title` (a
  /// switcher draws GTK's missing-image picture for a page without an icon).
  public func add(_ child: Widget, named name: String, title: String, iconName: String) {
    adw_view_stack_add_titled_with_icon(stack, child, name, title, iconName)
  }

  public func child(named name: String) -> Widget? { adw_view_stack_get_child_by_name(stack, name) }

  /// The name of the page shown.
  public var visibleChildName: String? {
    get { adw_view_stack_get_visible_child_name(stack).map { String(cString: $0) } }
    nonmutating set { adw_view_stack_set_visible_child_name(stack, newValue) }
  }
}
