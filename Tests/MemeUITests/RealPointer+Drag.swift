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
    settle()
    for step in stride(from: 1, through: steps, by: 1) {
      let fraction = Double(step) / Double(steps)
      try moveTo(x + dx * fraction, y + dy * fraction, of: widget, in: window, id: id, watch: arrived)
    }
    try whilePressed()
    _ = try xdotool(["mouseup", "1"])
    settle()
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

  /// A few bounded iterations, for GTK to read and handle what the X server sent.
  private static func settle() {
    MainContext.iterate(maxIterations: 8) { false }
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
    // GTK saw the pointer get there (window coordinates, within rounding).
    MainContext.iterate(maxIterations: 50) {
      watch.last.map {
        abs($0.x + surfaceX - Double(target.x)) < 1.5 && abs($0.y + surfaceY - Double(target.y)) < 1.5
      }
        ?? false
    }
    MainContext.drain()
  }

  private static func windowID(of window: UnsafeMutablePointer<GtkWidget>) throws -> String {
    if DisplayHarness.isWayland {
      try Test.cancel(Comment(rawValue: "Real pointer events go through the X server (xdotool's XTest)."))
    }
    let title = String(cString: gtk_window_get_title(gtkkit_window(window)))
    let ids = try xdotool(["search", "--onlyvisible", "--name", "^\(title)$"]).split(separator: "\n")
    return try #require(ids.last.map(String.init), "X window titled \(title)")
  }
}

/// The last pointer position GTK reported over a window, in its coordinates.
private final class MotionWatch {
  var last: (x: Double, y: Double)?
  private let window: UnsafeMutablePointer<GtkWidget>
  private let controller: OpaquePointer

  init(on window: UnsafeMutablePointer<GtkWidget>) {
    self.window = window
    controller = gtk_event_controller_motion_new()!
    gtk_event_controller_set_propagation_phase(controller, GTK_PHASE_CAPTURE)
    Signal.connectPoint(controller.raw, "motion") { [weak self] x, y in self?.last = (x, y) }
    gtk_widget_add_controller(window, controller)
  }

  func remove() { gtk_widget_remove_controller(window, controller) }
}
