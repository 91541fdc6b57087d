// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import GtkTestSupport
import Testing

/// Presses, drags and releases through the X server, at points of a widget: what GTK's gestures see
/// from a real mouse, capture phase, claiming and the drag threshold included.
extension RealPointer {
  /// Clicks the first button at (x, y) of `widget`.
  static func click(
    atX x: Double, y: Double, of widget: UnsafeMutablePointer<GtkWidget>,
    in window: UnsafeMutablePointer<GtkWidget>
  ) throws {
    try drag(fromX: x, y: y, by: 0, 0, of: widget, in: window, steps: 0)
  }

  /// Presses the first button at (x, y) of `widget`, moves by (dx, dy) in `steps` steps, and
  /// releases. `whilePressed` runs with the pointer at the end, before the release.
  static func drag(
    fromX x: Double, y: Double, by dx: Double, _ dy: Double, of widget: UnsafeMutablePointer<GtkWidget>,
    in window: UnsafeMutablePointer<GtkWidget>, steps: Int = 8, whilePressed: () throws -> Void = {}
  ) throws {
    let id = try windowID(of: window)
    let arrived = MotionWatch(on: window)
    defer { arrived.remove() }
    try moveTo(x, y, of: widget, in: window, id: id, watch: arrived)
    _ = try xdotool(["mousedown", "1"])
    try settle(until: { arrived.presses == 1 }, "GTK saw the press")
    for step in stride(from: 1, through: steps, by: 1) {
      let fraction = Double(step) / Double(steps)
      try moveTo(x + dx * fraction, y + dy * fraction, of: widget, in: window, id: id, watch: arrived)
    }
    try whilePressed()
    _ = try xdotool(["mouseup", "1"])
    try settle(until: { arrived.releases == 1 }, "GTK saw the release")
  }

  /// Moves the pointer, no button pressed, to (x, y) of `widget`.
  static func hover(
    atX x: Double, y: Double, of widget: UnsafeMutablePointer<GtkWidget>,
    in window: UnsafeMutablePointer<GtkWidget>
  ) throws {
    let arrived = MotionWatch(on: window)
    defer { arrived.remove() }
    try moveTo(x, y, of: widget, in: window, id: try windowID(of: window), watch: arrived)
  }

  /// Waits, bounded, until GTK has read what the X server sent (under load that can take longer
  /// than a few iterations: with the build and other suites beside it, a press once took more than
  /// the ten seconds of 1,000 wake-ups), then lets the handlers it started run.
  private static func settle(until seen: () -> Bool, _ what: Comment) throws {
    let arrived = MainContext.iterate(maxIterations: 3000, until: seen)
    try #require(arrived, what)
    MainContext.drain()
  }

  private static func moveTo(
    _ x: Double, _ y: Double, of widget: UnsafeMutablePointer<GtkWidget>,
    in window: UnsafeMutablePointer<GtkWidget>,
    id: String, watch: MotionWatch
  ) throws {
    var windowX = 0.0
    var windowY = 0.0
    try #require(gtk_widget_translate_coordinates(widget, window, x, y, &windowX, &windowY) != 0)
    // Window coordinates to X window coordinates: GTK's client-side decorations add a margin.
    var surfaceX = 0.0
    var surfaceY = 0.0
    gtk_native_get_surface_transform(OpaquePointer(window), &surfaceX, &surfaceY)
    let target = (x: Int((surfaceX + windowX).rounded()), y: Int((surfaceY + windowY).rounded()))
    _ = try xdotool(["mousemove", "--window", id, "\(target.x)", "\(target.y)"])
    // GTK saw the pointer get there (window coordinates, within rounding); up to five seconds, which
    // a loaded machine can take.
    MainContext.iterate(maxIterations: 500) {
      watch.last.map {
        abs($0.x + surfaceX - Double(target.x)) < 1.5 && abs($0.y + surfaceY - Double(target.y)) < 1.5
      }
        ?? false
    }
    MainContext.drain()
  }

  /// The window's own X window: several windows of a run may share a title.
  private static func windowID(of window: UnsafeMutablePointer<GtkWidget>) throws -> String {
    if DisplayHarness.isWayland {
      try Test.cancel(Comment(rawValue: "Real pointer events go through the X server (xdotool's XTest)."))
    }
    return try xWindow(of: window)
  }
}

/// What GTK reported over a window: the last pointer position, in its coordinates, and how many
/// button presses and releases it has read (seen before any widget's gesture can claim them).
private final class MotionWatch {
  var last: (x: Double, y: Double)?
  var presses = 0
  var releases = 0
  private let window: UnsafeMutablePointer<GtkWidget>
  private let motion: OpaquePointer
  private let buttons: OpaquePointer

  init(on window: UnsafeMutablePointer<GtkWidget>) {
    self.window = window
    motion = gtk_event_controller_motion_new()!
    buttons = gtk_event_controller_legacy_new()!
    gtk_event_controller_set_propagation_phase(motion, GTK_PHASE_CAPTURE)
    Signal.connectPoint(motion.raw, "motion") { [weak self] x, y in self?.last = (x, y) }
    gtk_widget_add_controller(window, motion)
    gtk_event_controller_set_propagation_phase(buttons, GTK_PHASE_CAPTURE)
    // `event` passes the GdkEvent and returns whether it was handled: never, so it goes on as before.
    let counter: @convention(c) (OpaquePointer?, OpaquePointer?, gpointer?) -> gboolean = { _, event, data in
      guard let event, let data else { return 0 }
      let watch = Unmanaged<MotionWatch>.fromOpaque(data).takeUnretainedValue()
      switch gdk_event_get_event_type(event) {
      case GDK_BUTTON_PRESS: watch.presses += 1
      case GDK_BUTTON_RELEASE: watch.releases += 1
      default: break
      }
      return 0
    }
    // Unretained: the controller is removed (and the handler with it) before the watch goes.
    g_signal_connect_data(
      buttons.raw, "event", unsafeBitCast(counter, to: GCallback.self),
      Unmanaged.passUnretained(self).toOpaque(), nil, GConnectFlags(rawValue: 0))
    gtk_widget_add_controller(window, buttons)
  }

  func remove() {
    gtk_widget_remove_controller(window, motion)
    gtk_widget_remove_controller(window, buttons)
  }
}
