// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// What the desktop says about motion on screen.
public enum DesktopMotion {
  /// Whether the desktop allows animations (GTK's `gtk-enable-animations`, off for reduced motion);
  /// true when there is no display to ask.
  public static var animationsEnabled: Bool {
    guard let settings = gtk_settings_get_default() else { return true }
    return gtkkit_object_get_bool(settings.raw, "gtk-enable-animations") != 0
  }
}
