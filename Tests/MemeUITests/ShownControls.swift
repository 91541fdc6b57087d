// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkKit
import GtkTestSupport

/// What a person can see and operate in a window: the shown widgets, the controls among them
/// (buttons, fields, tabs, toggles, drop-downs), and those cut off by the window's edges.
enum ShownControls {
  private static let controlRoles: Set<UInt32> = [
    GTK_ACCESSIBLE_ROLE_BUTTON, GTK_ACCESSIBLE_ROLE_SWITCH, GTK_ACCESSIBLE_ROLE_TEXT_BOX,
    GTK_ACCESSIBLE_ROLE_TAB, GTK_ACCESSIBLE_ROLE_COMBO_BOX, GTK_ACCESSIBLE_ROLE_CHECKBOX,
    GTK_ACCESSIBLE_ROLE_SPIN_BUTTON,
  ].reduce(into: Set<UInt32>()) { $0.insert($1.rawValue) }

  /// Visits every mapped widget under `root` (what is on screen), pruning unmapped subtrees.
  static func visit(
    _ root: UnsafeMutablePointer<GtkWidget>, _ body: (UnsafeMutablePointer<GtkWidget>) -> Void
  ) {
    guard gtk_widget_get_mapped(root) != 0 else { return }
    body(root)
    var child = gtk_widget_get_first_child(root)
    while let current = child {
      visit(current, body)
      child = gtk_widget_get_next_sibling(current)
    }
  }

  /// Every shown control under `root`, outermost first.
  static func controls(in root: UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutablePointer<GtkWidget>] {
    var found: [UnsafeMutablePointer<GtkWidget>] = []
    visit(root) { widget in
      if controlRoles.contains(gtk_accessible_get_accessible_role(gtkkit_accessible(widget)).rawValue) {
        found.append(widget)
      }
    }
    return found
  }

  /// Whether `widget` lies in a scrolled window, which may have scrolled it out of view.
  static func isInScrolledWindow(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
    gtk_widget_get_ancestor(widget, gtk_scrolled_window_get_type()) != nil
  }

  /// The shown controls that have no size or reach past `window`'s edges (half a pixel of slack
  /// for fractional allocations), described.
  static func cutOff(in window: UnsafeMutablePointer<GtkWidget>) -> [String] {
    let width = Double(gtk_widget_get_width(window))
    let height = Double(gtk_widget_get_height(window))
    return controls(in: window).compactMap { widget in
      guard let bounds = WidgetTree.bounds(of: widget, in: window) else {
        return "\(AccessibilityAudit.describe(widget)): no bounds"
      }
      let inside =
        bounds.width >= 1 && bounds.height >= 1 && bounds.x >= -0.5 && bounds.y >= -0.5
        && bounds.x + bounds.width <= width + 0.5 && bounds.y + bounds.height <= height + 0.5
      return inside ? nil : "\(AccessibilityAudit.describe(widget)): \(bounds)"
    }
  }
}
