// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkKit
import GtkTestSupport
import Testing

/// Tab through a window as a keyboard user does: real Tab (and Shift+Tab) presses through the X
/// server on X11 (xdotool), and on Wayland, where nothing can synthesise a key, the `move-focus`
/// signal the window's Tab binding emits for them.
enum TabWalk {
  /// The widgets that had the keyboard focus, in order, as Tab (`backwards`: Shift+Tab) was pressed
  /// round `window` (until the focus came back to a widget it had visited, or after `maxPresses`).
  static func focusChain(
    of window: UnsafeMutablePointer<GtkWidget>, backwards: Bool = false, maxPresses: Int = 80
  ) throws -> [UnsafeMutablePointer<GtkWidget>] {
    try walk(window, backwards: backwards, maxPresses: maxPresses).chain
  }

  private static func walk(
    _ window: UnsafeMutablePointer<GtkWidget>, backwards: Bool, maxPresses: Int
  ) throws -> (chain: [UnsafeMutablePointer<GtkWidget>], cycleStart: Int) {
    if !DisplayHarness.isWayland { try RealKeyboard.focus(window) }
    var chain: [UnsafeMutablePointer<GtkWidget>] = []
    for _ in 0..<maxPresses {
      try pressTab(in: window, backwards: backwards)
      guard let focused = gtk_root_get_focus(OpaquePointer(window)) else { continue }
      if let seen = chain.firstIndex(of: focused) { return (chain, seen) }
      chain.append(focused)
    }
    return (chain, 0)
  }

  /// Tab round `window`, then Shift+Tab round it: the cycles they went through once the focus came
  /// round (where it started may lie outside one), with the rows of a list or grid view as the
  /// view: GTK enters a view at the row focused last, so which rows a lap visits depends on where
  /// the one before left the view.
  static func cycles(
    of window: UnsafeMutablePointer<GtkWidget>
  ) throws -> (forwards: [UnsafeMutablePointer<GtkWidget>], backwards: [UnsafeMutablePointer<GtkWidget>]) {
    let forwards = try walk(window, backwards: false, maxPresses: 80)
    let backwards = try walk(window, backwards: true, maxPresses: 80)
    return (
      stops(Array(forwards.chain[forwards.cycleStart...])),
      stops(Array(backwards.chain[backwards.cycleStart...]))
    )
  }

  /// `cycle` with each row of a list or grid view replaced by the view, once for each visit.
  private static func stops(_ cycle: [UnsafeMutablePointer<GtkWidget>]) -> [UnsafeMutablePointer<GtkWidget>] {
    var stops: [UnsafeMutablePointer<GtkWidget>] = []
    for widget in cycle {
      let stop =
        gtk_widget_get_ancestor(widget, gtk_list_view_get_type())
        ?? gtk_widget_get_ancestor(widget, gtk_grid_view_get_type()) ?? widget
      if stops.last != stop { stops.append(stop) }
    }
    if stops.count > 1, stops.first == stops.last { stops.removeLast() }
    return stops
  }

  /// Where Shift+Tab's cycle is not Tab's backwards, both described from the same control (empty
  /// when they are the same controls in opposite order).
  static func mismatch(
    forwards: [UnsafeMutablePointer<GtkWidget>], backwards: [UnsafeMutablePointer<GtkWidget>]
  ) -> String? {
    let reversed = Array(forwards.reversed())
    guard let start = backwards.first, let offset = reversed.firstIndex(of: start),
      reversed.count == backwards.count,
      Array(reversed[offset...] + reversed[..<offset]) == backwards
    else {
      let describe = { (chain: [UnsafeMutablePointer<GtkWidget>]) in
        chain.map(AccessibilityAudit.describe).joined(separator: " → ")
      }
      return "Tab: \(describe(forwards))\nShift+Tab: \(describe(backwards))"
    }
    return nil
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

  private static func pressTab(in window: UnsafeMutablePointer<GtkWidget>, backwards: Bool) throws {
    if DisplayHarness.isWayland {
      window.moveFocus(forwards: !backwards)
      MainContext.drain()
    } else {
      try RealKeyboard.press(backwards ? "shift+Tab" : "Tab")
    }
  }
}
