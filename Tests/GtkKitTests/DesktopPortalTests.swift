// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import GtkTestSupport
import Testing

/// The portal glue against the real xdg-desktop-portal, which the test's private session bus starts
/// on demand (build-aux/with-display.sh). The whole share flows through the portals are walked by
/// Tests/ScreenReaderWalk.
@Suite(.serialized) struct DesktopPortalTests {
  @Test func portalsAreUsedWhenGDKDebugAsksForThem() {
    let saved = ProcessInfo.processInfo.environment["GDK_DEBUG"]
    defer {
      if let saved { setenv("GDK_DEBUG", saved, 1) } else { unsetenv("GDK_DEBUG") }
    }
    let sandboxed = FileManager.default.fileExists(atPath: "/.flatpak-info")
    for (flags, expected) in [
      ("portals", true), ("misc,portals", true), ("misc:portals", true), ("all", true), ("misc", false),
      ("portal", false), ("", false),
    ] {
      setenv("GDK_DEBUG", flags, 1)
      #expect(DesktopPortal.isInUse == (expected || sandboxed), "GDK_DEBUG=\(flags)")
    }
  }

  @Test func theEmailPortalIsFoundAndAMissingInterfaceIsNot() throws {
    // Inside the window tests' private session bus, where the bus can start xdg-desktop-portal.
    try DisplayHarness.requireDisplay()
    #expect(DesktopPortal.offers("org.freedesktop.portal.Email"))
    #expect(DesktopPortal.offers("org.freedesktop.portal.OpenURI"))
    #expect(!DesktopPortal.offers("org.freedesktop.portal.NoSuchPortal"))
  }

  @Test func aWindowHandleNamesTheWindowForThePortal() throws {
    try DisplayHarness.requireDisplay()
    let window = gtk_window_new()!
    defer { gtk_window_destroy(gtkkit_window(window)) }
    gtk_window_present(gtkkit_window(window))
    MainContext.iterate { gtk_widget_get_mapped(window) != 0 }
    var handle: String?
    WindowHandle.export(window) { handle = $0 }
    MainContext.iterate { handle != nil }
    let surface = try #require(gtk_native_get_surface(OpaquePointer(window)))
    if DisplayHarness.isWayland {
      // Exported through xdg-foreign, or "" where the compositor does not offer it (the portal then
      // shows its dialog on its own).
      #expect(handle == "" || handle?.hasPrefix("wayland:") == true, "\(handle ?? "none")")
    } else {
      #expect(handle == "x11:" + String(gdk_x11_surface_get_xid(surface), radix: 16))
    }
  }
}
