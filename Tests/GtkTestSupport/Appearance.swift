// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkKit

/// The accessibility settings a person turns on in GNOME's Accessibility panel, applied to this
/// test process's GtkSettings: the high-contrast theme and larger text.
public enum Appearance {
  /// GTK's own name for its high-contrast theme ("HighContrast" loads Adwaita's hc variant, as
  /// GNOME's High Contrast switch does).
  public static let highContrastTheme = "HighContrast"

  /// Runs `body` with the high-contrast theme (when asked) and text scaled by `textScale` (GNOME's
  /// Large Text is 1.25; 2 doubles it), then restores the settings the process had.
  public static func with<Result>(
    highContrast: Bool, textScale: Double, _ body: () throws -> Result
  ) rethrows -> Result {
    let settings = gtk_settings_get_default().raw
    let theme = gtkkit_object_get_string(settings, "gtk-theme-name").map { pointer in
      defer { g_free(pointer) }
      return String(cString: pointer)
    }
    let dpi = gtkkit_object_get_int(settings, "gtk-xft-dpi")
    defer {
      gtkkit_object_set_string(settings, "gtk-theme-name", theme)
      gtkkit_object_set_int(settings, "gtk-xft-dpi", dpi)
    }
    if highContrast { gtkkit_object_set_string(settings, "gtk-theme-name", highContrastTheme) }
    // gtk-xft-dpi is in 1024ths of a dot per inch; -1 (unset) means GTK's 96.
    let baseDPI = dpi > 0 ? Double(dpi) : 96 * 1024
    gtkkit_object_set_int(settings, "gtk-xft-dpi", Int32(baseDPI * textScale))
    return try body()
  }
}
