// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkKit
import GtkTestSupport
import Testing

/// Tab through a window as a keyboard user does: real Tab presses through the X server on X11
/// (xdotool), and on Wayland, where nothing can synthesise a key, the focus move GTK's own Tab
/// binding makes (`gtk_widget_child_focus` on the window, starting over at the end).
enum TabWalk {
  /// The widgets that had the keyboard focus, in order, as Tab was pressed once round `window`
  /// (until the focus came back to where it started, or after `maxPresses`).
  static func focusChain(
    of window: UnsafeMutablePointer<GtkWidget>, maxPresses: Int = 80
  ) throws -> [UnsafeMutablePointer<GtkWidget>] {
    if !DisplayHarness.isWayland { try RealKeyboard.focus(window) }
    var chain: [UnsafeMutablePointer<GtkWidget>] = []
    for _ in 0..<maxPresses {
      try pressTab(in: window)
      guard let focused = gtk_root_get_focus(OpaquePointer(window)) else { continue }
      if let first = chain.first, focused == first { break }
      chain.append(focused)
    }
    return chain
  }

  /// The controls shown and enabled in `window` that no widget in `chain` is or lies inside,
  /// described. The window's own buttons (close) are left out: GTK keeps them out of the Tab order
  /// on purpose, and Ctrl+W does what they do. A notebook's tabs count as reached when the
  /// notebook has the focus: the arrow keys then move between them.
  static func unreached(
    in window: UnsafeMutablePointer<GtkWidget>, chain: [UnsafeMutablePointer<GtkWidget>]
  ) -> [String] {
    let windowControls = gtk_window_controls_get_type()
    let notebook = gtk_notebook_get_type()
    return ShownControls.controls(in: window).compactMap { control in
      guard gtk_widget_is_sensitive(control) != 0,
        gtk_widget_get_ancestor(control, windowControls) == nil
      else { return nil }
      let reached = chain.contains { focused in
        focused == control || gtk_widget_is_ancestor(focused, control) != 0
          || (gtk_accessible_get_accessible_role(gtkkit_accessible(control)) == GTK_ACCESSIBLE_ROLE_TAB
            && gtk_widget_get_ancestor(control, notebook) == focused)
      }
      return reached ? nil : AccessibilityAudit.describe(control)
    }
  }

  private static func pressTab(in window: UnsafeMutablePointer<GtkWidget>) throws {
    if DisplayHarness.isWayland {
      if gtk_widget_child_focus(window, GTK_DIR_TAB_FORWARD) == 0 {
        // Past the last widget: GTK's binding starts again from the first.
        gtk_window_set_focus(gtkkit_window(window), nil)
        gtk_widget_child_focus(window, GTK_DIR_TAB_FORWARD)
      }
      MainContext.drain()
    } else {
      try RealKeyboard.press("Tab")
    }
  }
}
