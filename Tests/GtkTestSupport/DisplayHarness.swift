// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import Testing

/// Display set-up for GTK tests.
///
/// Threading: GTK is not thread-safe and Swift Testing runs tests in parallel. Every GTK test is a
/// *synchronous* `@MainActor` function (the test targets are default-isolated to the main actor) in
/// a `.serialized` suite. The main actor runs one job at a time and a synchronous test never
/// suspends, so no two GTK calls ever run concurrently, even across suites. (In the test process the
/// main thread parks in `dispatch_main` and the main queue is drained by a libdispatch thread, so
/// "main actor" here is a serial executor rather than thread 1; GLib and GDK hold no thread
/// affinity between calls, and the app itself runs GTK on thread 1 under `g_application_run`.)
/// Waits are bounded main-context iterations (`MainContext.iterate`), never sleeps.
public enum DisplayHarness {
  /// Set `MEMEME_REQUIRE_DISPLAY=1` (CI) to make a missing display a failure instead of a skip.
  public static var isDisplayRequired: Bool {
    ProcessInfo.processInfo.environment["MEMEME_REQUIRE_DISPLAY"] == "1"
  }

  /// Initialises GTK once per process; skips the calling test when no display can be opened, or
  /// fails it when a display is required.
  public static func requireDisplay(sourceLocation: SourceLocation = #_sourceLocation) throws {
    MainActor.assertIsolated("GTK tests must run on the main actor")
    MainActorTurns.begin()
    TestEnvironment.prepareOnce()
    if Gtk.initialize() {
      configureOnce()
      ParkedPointer.park()
      return
    }
    let reason =
      "no display (run under build-aux/with-display.sh x11 or wayland, which give a private display and session bus)"
    if isDisplayRequired { throw DisplayUnavailable(reason: reason) }
    try Test.cancel(Comment(rawValue: reason), sourceLocation: sourceLocation)
  }

  private static var isConfigured = false

  /// Window buttons as GNOME shows them (close only), whatever the X server's defaults, so that
  /// layouts and screenshots match the desktop the app is made for.
  private static func configureOnce() {
    guard !isConfigured else { return }
    isConfigured = true
    FatalCriticals.installOnce()
    gtkkit_object_set_string(gtk_settings_get_default().raw, "gtk-decoration-layout", "appmenu:close")
  }

  /// Whether GTK runs on Wayland (the headless weston run) rather than X11 (Xvfb).
  public static var isWayland: Bool {
    guard let display = gdk_display_get_default() else { return false }
    return String(cString: g_type_name(gtkkit_type_of(display.raw))) == "GdkWaylandDisplay"
  }

  /// The window's size as the window manager or compositor sees it, the size a person gives it.
  /// On X11 without a compositor (Xvfb) GTK draws no shadow, and the surface is the window (the
  /// window widget is inset by the resize border GTK draws inside it). On Wayland the surface also
  /// holds the shadow, outside the window geometry GTK gives the compositor: the window widget's
  /// box is that geometry.
  public static func windowSize(_ window: gpointer) -> (width: Int32, height: Int32) {
    if !isWayland, let surface = gtk_native_get_surface(OpaquePointer(window)) {
      return (gdk_surface_get_width(surface), gdk_surface_get_height(surface))
    }
    return (gtk_widget_get_width(gtkkit_widget(window)), gtk_widget_get_height(gtkkit_widget(window)))
  }

  /// Opens `menuButton`'s popover as a click or F10 would. On Wayland a popover that closes when
  /// clicked outside (autohide) is a grabbing xdg_popup, and the compositor grants a grab only for
  /// the serial of a real pointer or key press, which a headless compositor without input devices
  /// never sends (weston dismisses the popup at once). There the popover is opened without the
  /// grab: the same widget and contents, mapped as a plain popup.
  public static func popUp(_ menuButton: gpointer) {
    if isWayland, let popover = gtkkit_widget(menuButton)?.menuPopover {
      gtk_popover_set_autohide(popover, 0)
    }
    gtk_menu_button_popup(gtkkit_menu_button(menuButton))
  }

  /// Iterates the main context until `widget`'s frame clock has produced `count` more frames, so
  /// that pending layout and drawing have happened. Bounded by `MainContext.iterate`'s limit.
  @discardableResult
  public static func waitForFrames(_ widget: gpointer, count: Int = 2) -> Bool {
    let counter = FrameCounter()
    let box = Unmanaged.passRetained(counter).toOpaque()
    let id = gtk_widget_add_tick_callback(
      gtkkit_widget(widget),
      { _, _, data in
        Unmanaged<FrameCounter>.fromOpaque(data!).takeUnretainedValue().frames += 1
        return 1  // G_SOURCE_CONTINUE
      }, box, { data in Unmanaged<FrameCounter>.fromOpaque(data!).release() })
    defer { gtk_widget_remove_tick_callback(gtkkit_widget(widget), id) }
    gtk_widget_queue_draw(gtkkit_widget(widget))
    return MainContext.iterate { counter.frames >= count }
  }

  /// Where screenshots and other artefacts go (git-ignored): `test-output/` at the package root, or
  /// `$MEMEME_TEST_OUTPUT`.
  public static var outputDirectory: URL {
    let environment = ProcessInfo.processInfo.environment
    let url =
      environment["MEMEME_TEST_OUTPUT"].map { URL(fileURLWithPath: $0) }
      ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("test-output")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }
}

/// Frames seen by a tick callback (touched only on the GTK thread).
private nonisolated final class FrameCounter: @unchecked Sendable {
  var frames = 0
}

/// Thrown (a test failure) when a display is required but none can be opened.
struct DisplayUnavailable: Error, CustomStringConvertible {
  let reason: String
  var description: String { reason }
}
