// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkKit

/// The accessibility settings a person turns on in GNOME's Accessibility panel, applied to this
/// test process: high contrast (libadwaita's, through the desktop setting it follows,
/// `SystemStyle`) and larger text (GtkSettings' text resolution).
public enum Appearance {
  /// Runs `body` with high contrast (when asked) and text scaled by `textScale` (GNOME's Large
  /// Text is 1.25; 2 doubles it), then restores the settings the process had.
  public static func with<Result>(
    highContrast: Bool, textScale: Double, _ body: () throws -> Result
  ) rethrows -> Result {
    let settings = gtk_settings_get_default().raw
    let dpi = gtkkit_object_get_int(settings, "gtk-xft-dpi")
    defer {
      SystemStyle.setHighContrast(false)
      gtkkit_object_set_int(settings, "gtk-xft-dpi", dpi)
    }
    if highContrast {
      let isSet = SystemStyle.setHighContrast(true)
      precondition(
        isSet, "GNOME's accessibility settings schema (gsettings-desktop-schemas) is not installed")
    }
    // gtk-xft-dpi is in 1024ths of a dot per inch; -1 (unset) means GTK's 96.
    let baseDPI = dpi > 0 ? Double(dpi) : 96 * 1024
    gtkkit_object_set_int(settings, "gtk-xft-dpi", Int32(baseDPI * textScale))
    return try body()
  }
}
