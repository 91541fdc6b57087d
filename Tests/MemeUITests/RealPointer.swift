// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import GtkTestSupport
import Testing

/// Real pointer events through the X server (xdotool's XTest), for behaviour GTK only shows to a
/// pointer: hovering and clicking rows. X11 only; tests that use it run under Xvfb.
enum RealPointer {
  /// Moves the pointer over the middle of `widget`, in the toplevel `window` titled `title`, and
  /// waits until GTK has seen it arrive (a motion over `widget`).
  static func move(over widget: UnsafeMutablePointer<GtkWidget>, in window: UnsafeMutablePointer<GtkWidget>)
    throws
  {
    if DisplayHarness.isWayland {
      // Skipped, not failed: the X11 run covers it.
      try Test.cancel(
        Comment(
          rawValue: "Real pointer events go through the X server (xdotool's XTest). On Wayland no client may"
            + " synthesise input, and the headless compositor has no input devices to move."))
    }
    let bounds = try #require(WidgetTree.bounds(of: widget, in: window), "the widget is on screen")
    // Window coordinates to X window coordinates: GTK's client-side decorations add a margin.
    var surfaceX = 0.0
    var surfaceY = 0.0
    gtk_native_get_surface_transform(OpaquePointer(window), &surfaceX, &surfaceY)
    let x = Int(surfaceX + bounds.x + bounds.width / 2)
    let y = Int(surfaceY + bounds.y + bounds.height / 2)
    let title = String(cString: gtk_window_get_title(gtkkit_window(window)))
    let ids = try xdotool(["search", "--onlyvisible", "--name", "^\(title)$"]).split(separator: "\n")
    let id = try #require(ids.last.map(String.init), "X window titled \(title)")

    var arrived = false
    let motion = gtk_event_controller_motion_new()!
    Signal.connectPoint(motion.raw, "motion") { _, _ in arrived = true }
    gtk_widget_add_controller(widget, motion)
    defer { gtk_widget_remove_controller(widget, motion) }
    _ = try xdotool(["mousemove", "--window", id, "\(x)", "\(y)"])
    #expect(MainContext.iterate { arrived }, "GTK saw the pointer over the widget")
    MainContext.drain()
  }

  /// Presses and releases the first button where the pointer is.
  static func click() throws {
    _ = try xdotool(["click", "1"])
  }

  /// Runs xdotool (build-aux/test-packages.txt) and returns its output.
  static func xdotool(_ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["xdotool"] + arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0, "xdotool \(arguments) failed")
    return String(decoding: output, as: UTF8.self)
  }
}
