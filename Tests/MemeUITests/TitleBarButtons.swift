// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkKit
import GtkTestSupport
import Testing

/// The window buttons a title bar shows, set through GTK's gtk-decoration-layout: GNOME's close
/// button alone (what the window tests use by default, see `DisplayHarness`), or GTK's own default
/// of minimize, maximize and close, which other desktops keep and which takes two buttons' more
/// room from a narrow header bar.
enum TitleBarButtons: String, CaseIterable, CustomTestStringConvertible {
  case closeOnly = "appmenu:close"
  case gtkDefault = "menu:minimize,maximize,close"

  var testDescription: String { self == .closeOnly ? "close only" : "minimize, maximize, close" }

  /// Runs `body` with these buttons in every title bar, then puts GNOME's back.
  func during(_ body: () throws -> Void) rethrows {
    Self.set(rawValue)
    defer { Self.set(Self.closeOnly.rawValue) }
    try body()
  }

  private static func set(_ layout: String) {
    gtkkit_object_set_string(gtk_settings_get_default().raw, "gtk-decoration-layout", layout)
  }
}
