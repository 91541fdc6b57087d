// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSupport

/// Tab and Shift+Tab through a window whose region (a canvas of fields lying over a picture) has
/// an order of its own that GTK's cannot give: GTK sorts a container's children by where they lie,
/// so fields that can be dragged anywhere would be visited in whatever order they happen to lie
/// in, and code that jumped between them by hand left the rest of the window's order behind it.
///
/// Here the whole move is one: the window's Tab binding (`move-focus`, which Shift+Tab emits
/// backwards) is answered in the region's order inside it (its `orderedStops`, then any other
/// control in it), and GTK's order outside it, entering the region at its first stop going forwards
/// and at its last going backwards. Forwards and backwards therefore visit the same controls, in
/// opposite order.
@MainActor public final class TabOrder {
  private let window: Widget
  private let region: Widget
  private let orderedStops: () -> [Widget]
  private let focusStop: (Widget) -> Bool

  /// `orderedStops`: the region's controls to visit first, in order (hidden ones are skipped);
  /// `focusStop` puts the focus in one of them the app's way, returning false to leave it to GTK.
  public init(
    window: Widget, region: Widget, orderedStops: @escaping () -> [Widget],
    focusStop: @escaping (Widget) -> Bool
  ) {
    self.window = window
    self.region = region
    self.orderedStops = orderedStops
    self.focusStop = focusStop
    Self.connectMoveFocus(window) { [weak self] direction in
      guard let self else { return false }
      switch direction {
      case GTK_DIR_TAB_FORWARD: return move(forwards: true)
      case GTK_DIR_TAB_BACKWARD: return move(forwards: false)
      default: return false
      }
    }
  }

  /// The region's stops in Tab's order: the ordered ones, then its other controls in tree order.
  public var stops: [Widget] {
    let ordered = orderedStops().filter(Self.canTakeFocus)
    var others: [Widget] = []
    collectControls(in: region, skipping: ordered, into: &others)
    return ordered + others
  }

  /// Moves the focus one stop; false leaves the move to GTK (the focus is in a popover, or the
  /// region has nothing to visit).
  private func move(forwards: Bool) -> Bool {
    let focus = gtk_window_get_focus(gtkkit_window(window))
    // A popover's own Tab (its focus is the window's) goes round the popover, as GTK has it.
    if let focus, gtk_widget_get_native(focus) != gtk_widget_get_native(window) { return false }
    let stops = stops
    guard let first = stops.first, let last = stops.last else { return false }
    if let focus, let here = stops.firstIndex(where: { Self.holds($0, focus) }) {
      let there = here + (forwards ? 1 : -1)
      if stops.indices.contains(there) {
        enter(stops[there], forwards: forwards)
      } else {
        // Past the region's end: on through the window, the region skipped.
        withoutFocus([region]) { moveAsGTK(forwards: forwards) }
      }
      return true
    }
    // Outside the region, GTK's order, entering the region only at its end nearest the focus.
    let entrance = forwards ? first : last
    withoutFocus(stops.filter { $0 != entrance }) { moveAsGTK(forwards: forwards) }
    if let landed = gtk_window_get_focus(gtkkit_window(window)), Self.holds(entrance, landed) {
      enter(entrance, forwards: forwards)
    }
    return true
  }

  private func enter(_ stop: Widget, forwards: Bool) {
    if focusStop(stop) { return }
    if gtk_widget_child_focus(stop, forwards ? GTK_DIR_TAB_FORWARD : GTK_DIR_TAB_BACKWARD) == 0 {
      _ = gtk_widget_grab_focus(stop)
    }
  }

  /// What the window's own binding does: the next control in GTK's order, starting over past the
  /// last one.
  private func moveAsGTK(forwards: Bool) {
    let direction = forwards ? GTK_DIR_TAB_FORWARD : GTK_DIR_TAB_BACKWARD
    if gtk_widget_child_focus(window, direction) == 0 {
      gtk_window_set_focus(gtkkit_window(window), nil)
      _ = gtk_widget_child_focus(window, direction)
    }
  }

  /// Runs `body` with `widgets` (and what they hold) out of GTK's reach for the focus.
  private func withoutFocus(_ widgets: [Widget], _ body: () -> Void) {
    let kept = widgets.filter { gtk_widget_get_can_focus($0) != 0 }
    for widget in kept { gtk_widget_set_can_focus(widget, 0) }
    body()
    for widget in kept { gtk_widget_set_can_focus(widget, 1) }
  }

  /// The controls in `widget`'s subtree that take the focus themselves, depth first, leaving out
  /// `skipping`'s subtrees and popovers (windows of their own).
  private func collectControls(in widget: Widget, skipping: [Widget], into controls: inout [Widget]) {
    var child = gtk_widget_get_first_child(widget)
    while let current = child {
      child = gtk_widget_get_next_sibling(current)
      guard !skipping.contains(current), gtkkit_is_a(current, gtk_native_get_type()) == 0,
        Self.canTakeFocus(current)
      else { continue }
      if gtk_widget_get_focusable(current) != 0 {
        controls.append(current)
      } else {
        collectControls(in: current, skipping: skipping, into: &controls)
      }
    }
  }

  private static func canTakeFocus(_ widget: Widget) -> Bool {
    gtk_widget_is_drawable(widget) != 0 && gtk_widget_is_sensitive(widget) != 0
      && gtk_widget_get_can_focus(widget) != 0
  }

  private static func holds(_ stop: Widget, _ focus: Widget) -> Bool {
    focus == stop || gtk_widget_is_ancestor(focus, stop) != 0
  }
}

extension UnsafeMutablePointer where Pointee == GtkWidget {
  /// Moves the focus as the window's Tab binding does (Shift+Tab: backwards), through the
  /// `move-focus` signal a key press emits: for tests where no key can be pressed (Wayland).
  public func moveFocus(forwards: Bool) {
    gtkkit_emit_move_focus(self, forwards ? GTK_DIR_TAB_FORWARD : GTK_DIR_TAB_BACKWARD)
  }
}

extension TabOrder {
  /// GtkWidget `move-focus`, which the window's Tab and arrow bindings emit: `handler` returns true
  /// when it moved the focus itself, which stops the emission before GTK's own move.
  @discardableResult
  fileprivate static func connectMoveFocus(
    _ widget: Widget, _ handler: @escaping (_ direction: GtkDirectionType) -> Bool
  ) -> SignalConnection {
    let box = ClosureBox(handler)
    // The signal's C signature is a dialog response's: (instance, an int, data) → void.
    let id = gtkkit_connect_response(
      widget, "move-focus",
      { instance, direction, data in
        let handled = MainActor.assumeIsolated {
          ClosureBox<(GtkDirectionType) -> Bool>.unretained(data).payload(
            GtkDirectionType(rawValue: UInt32(bitPattern: direction)))
        }
        if handled { g_signal_stop_emission_by_name(instance, "move-focus") }
      }, box.retainedPointer(), releaseClosureBox)
    return SignalConnection(instance: widget, id: id)
  }
}
