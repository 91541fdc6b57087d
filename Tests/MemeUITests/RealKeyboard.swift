// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import GtkTestSupport
import Testing

/// Real key presses through the X server (xdotool's XTest), for keys GTK only shows to a keyboard:
/// GTK 4 has no API to synthesise them. X11 only; tests that use it run under Xvfb.
enum RealKeyboard {
  /// Gives the X input focus to the toplevel `window` (there is no window manager under Xvfb).
  /// Then presses and releases Shift, a key that does nothing by itself, and fails unless the window
  /// saw it: a window an earlier test left holding the keyboard (an open menu) would otherwise show
  /// only as every later test's keys going nowhere.
  static func focus(_ window: UnsafeMutablePointer<GtkWidget>) throws {
    try requireX11()
    try releaseModifiers()
    _ = try run(["windowfocus", "--sync", try RealPointer.xWindow(of: window)])
    #expect(MainContext.iterate { gtk_window_is_active(gtkkit_window(window)) != 0 }, "the window is active")
    var arrived = false
    let keys = gtk_event_controller_key_new()!
    gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
    Signal.connectKeyPressed(keys.raw) { _, _, _ in
      arrived = true
      return false
    }
    gtk_widget_add_controller(window, keys)
    defer { gtk_widget_remove_controller(window, keys) }
    _ = try run(["key", "Shift_L"])
    #expect(
      MainContext.iterate { arrived },
      "a key pressed reaches the window (if not, something an earlier test left open holds the keyboard)")
  }

  /// Cancels the calling test on Wayland, where no client may send input.
  static func requireX11() throws {
    if DisplayHarness.isWayland {
      try Test.cancel(
        Comment(
          rawValue: "Real key presses go through the X server (xdotool's XTest); the X11 run covers them."))
    }
  }

  /// Presses and releases `key` (xdotool's names: "Escape", "shift+Left", "ctrl+t"), then lets GTK
  /// handle it.
  static func press(_ key: String) throws {
    _ = try run(["key", "--clearmodifiers", key])
    settle()
  }

  /// Holds `key` down (xdotool's names: "ctrl") until `release(_:)`: what a person does while
  /// pressing other keys with it (see `pressHolding`).
  /// Lets go of every modifier key: one a test held and did not release (it failed half-way)
  /// would otherwise turn the next test's clicks and keys into Ctrl- or Shift-clicks and keys.
  static func releaseModifiers() throws {
    _ = try run(["keyup", "Shift_L", "Shift_R", "Control_L", "Control_R", "Alt_L", "Alt_R", "Super_L"])
  }

  static func hold(_ key: String) throws {
    _ = try run(["keydown", key])
    settle()
  }

  static func release(_ key: String) throws {
    _ = try run(["keyup", key])
    settle()
  }

  /// Presses and releases `key` with the held keys still down.
  static func pressHolding(_ key: String) throws {
    _ = try run(["key", key])
    settle()
  }

  /// Lets GTK handle every event the keys made. xdotool has ended, and closing its connection waited
  /// for the X server to carry out its requests, so the events are already on their way to GTK; a
  /// round trip on GTK's own connection (`gdk_display_sync`) returns only once they have all been
  /// read, and draining the main context handles them. (This replaced a fixed 100 ms wait after
  /// every key, which the Tab walks pay some sixty times a window.)
  private static func settle() {
    gdk_display_sync(gdk_display_get_default())
    MainContext.drain()
  }

  /// Types `text` as key presses.
  static func type(_ text: String) throws {
    _ = try run(["type", "--delay", "5", text])
    settle()
  }

  private static func run(_ arguments: [String]) throws -> String { try RealPointer.xdotool(arguments) }
}
