// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// The desktop's style settings as libadwaita reads them without the Settings portal (the tests'
/// set-up turns the portal off): GSettings `org.gnome.desktop.interface color-scheme` and
/// `org.gnome.desktop.a11y.interface high-contrast`, in memory in the tests. Changing them is what
/// GNOME Settings' Appearance and Accessibility panels do.
public enum SystemStyle {
  /// GNOME's colour scheme values.
  public enum Scheme: String {
    case `default` = "default"
    case preferDark = "prefer-dark"
    case preferLight = "prefer-light"
  }

  /// Sets the desktop's colour scheme; false when its schema is not installed.
  @discardableResult
  public static func setColorScheme(_ scheme: Scheme) -> Bool {
    withSettings("org.gnome.desktop.interface") { g_settings_set_string($0, "color-scheme", scheme.rawValue) }
  }

  /// Turns the desktop's high contrast on or off; false when its schema is not installed.
  @discardableResult
  public static func setHighContrast(_ isOn: Bool) -> Bool {
    withSettings("org.gnome.desktop.a11y.interface") {
      g_settings_set_boolean($0, "high-contrast", isOn ? 1 : 0)
    }
  }

  private static func withSettings(_ schemaID: String, _ body: (UnsafeMutablePointer<GSettings>) -> gboolean)
    -> Bool
  {
    // g_settings_new aborts on a schema that is not installed: look it up first.
    guard let source = g_settings_schema_source_get_default(),
      let schema = g_settings_schema_source_lookup(source, schemaID, 1)
    else { return false }
    g_settings_schema_unref(schema)
    let settings = g_settings_new(schemaID)!
    defer { g_object_unref(settings) }
    let written = body(settings) != 0
    g_settings_sync()
    return written
  }
}
