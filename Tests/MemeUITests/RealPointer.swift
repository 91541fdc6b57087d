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
    let id = try xWindow(of: window)
    try RealKeyboard.releaseModifiers()

    var arrived = false
    let motion = gtk_event_controller_motion_new()!
    Signal.connectPoint(motion.raw, "motion") { _, _ in arrived = true }
    gtk_widget_add_controller(widget, motion)
    defer { gtk_widget_remove_controller(widget, motion) }
    _ = try xdotool(["mousemove", "--window", id, "\(x)", "\(y)"])
    #expect(MainContext.iterate { arrived }, "GTK saw the pointer over the widget")
    MainContext.drain()
  }

  /// The X window of the toplevel `window`, as xdotool names it: the window's own, not the last
  /// one found by its title (several windows of a test run may share "MemeMe").
  static func xWindow(of window: UnsafeMutablePointer<GtkWidget>) throws -> String {
    let surface = try #require(gtk_native_get_surface(OpaquePointer(window)), "the window is realised")
    return String(gdk_x11_surface_get_xid(surface))
  }

  /// Presses and releases the first button where the pointer is.
  static func click() throws {
    _ = try xdotool(["click", "1"])
  }

  /// Runs xdotool (build-aux/test-packages.txt) and returns its output.
  static func xdotool(_ arguments: [String]) throws -> String {
    // Wherever this leaves the pointer, the next test parks it off its windows again.
    ParkedPointer.pointerMoved()
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
