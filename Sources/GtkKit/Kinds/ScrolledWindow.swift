// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// A GtkScrolledWindow around one child.
public struct ScrolledWindow {
  public let widget: Widget

  /// Scrolls `child` vertically only (the direction lists and panels grow in).
  public init(vertical child: Widget) {
    widget = gtk_scrolled_window_new()
    gtk_scrolled_window_set_child(scrolled, child)
    gtk_scrolled_window_set_policy(scrolled, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
  }

  private var scrolled: OpaquePointer { gtkkit_scrolled_window(widget) }

  /// The smallest size shown whatever the child's (-1: none).
  public func setMinimumContentSize(width: Int32, height: Int32) {
    gtk_scrolled_window_set_min_content_width(scrolled, width)
    gtk_scrolled_window_set_min_content_height(scrolled, height)
  }

  /// The tallest it grows to before it scrolls (with `followsChildSize`).
  public func setMaximumContentHeight(_ height: Int32) {
    gtk_scrolled_window_set_max_content_height(scrolled, height)
  }

  /// As large as the child asks, up to the maximum content size, rather than as small as allowed.
  public func followsChildSize() {
    gtk_scrolled_window_set_propagate_natural_width(scrolled, 1)
    gtk_scrolled_window_set_propagate_natural_height(scrolled, 1)
  }
}
