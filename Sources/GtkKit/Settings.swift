// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation

/// A GSettings object, made only when its schema is installed.
///
/// Not bound to the main actor: GSettings is a GLib object usable from any one thread at a time.
///
/// `g_settings_new` aborts the process when the schema is missing (e.g. under `swift run`, before
/// `meson install`), so the schema is looked up first and callers fall back to their defaults.
nonisolated public final class Settings {
  /// `GSettings *`, owned.
  public let pointer: UnsafeMutablePointer<GSettings>

  /// The settings of `schemaID`, looked up among the installed schemas and then in
  /// `extraSchemaDirectory` (a folder holding `gschemas.compiled`); nil when it is in neither.
  /// Stored in `backend` when given (settings that share a backend see each other's values),
  /// otherwise where GSettings stores them for the session (dconf; memory under
  /// `GSETTINGS_BACKEND=memory`).
  public init?(schemaID: String, extraSchemaDirectory: URL? = nil, backend: SettingsBackend? = nil) {
    guard let schema = Self.lookUp(schemaID, extraSchemaDirectory: extraSchemaDirectory) else { return nil }
    defer { g_settings_schema_unref(schema) }
    pointer = g_settings_new_full(schema, backend?.pointer, nil)!
  }

  // Nonisolated class, plain deinit: GSettings needs no GTK thread, and an `isolated deinit` in a
  // default-isolated module is rejected by modules importing it in release builds.
  deinit {
    g_object_unref(pointer)
  }

  public func int(_ key: String) -> Int { Int(g_settings_get_int(pointer, key)) }
  public func setInt(_ value: Int, for key: String) {
    g_settings_set_int(pointer, key, Int32(clamping: value))
  }

  public func bool(_ key: String) -> Bool { g_settings_get_boolean(pointer, key) != 0 }
  public func setBool(_ value: Bool, for key: String) { g_settings_set_boolean(pointer, key, value ? 1 : 0) }

  public func string(_ key: String) -> String {
    let value = g_settings_get_string(pointer, key)!
    defer { g_free(value) }  // transfer full
    return String(cString: value)
  }
  public func setString(_ value: String, for key: String) { g_settings_set_string(pointer, key, value) }

  /// Puts `key` back to the schema's default.
  public func reset(_ key: String) { g_settings_reset(pointer, key) }

  /// Keeps `property` of `object` and `key` equal both ways: the object takes the stored value now,
  /// and every change of the property is stored (GTK windows: default-width, maximized...).
  public func bind(_ key: String, to object: gpointer, property: String) {
    g_settings_bind(pointer, key, object, property, G_SETTINGS_BIND_DEFAULT)
  }

  /// Whether `schemaID` can be found (installed, or in `extraSchemaDirectory`).
  public static func isAvailable(_ schemaID: String, extraSchemaDirectory: URL? = nil) -> Bool {
    guard let schema = lookUp(schemaID, extraSchemaDirectory: extraSchemaDirectory) else { return false }
    g_settings_schema_unref(schema)
    return true
  }

  private static func lookUp(_ schemaID: String, extraSchemaDirectory: URL?) -> OpaquePointer? {
    // The default source is NULL when no schema is installed anywhere.
    if let source = g_settings_schema_source_get_default(),
      let schema = g_settings_schema_source_lookup(source, schemaID, 1)
    {
      return schema
    }
    guard let directory = extraSchemaDirectory,
      FileManager.default.fileExists(atPath: directory.appendingPathComponent("gschemas.compiled").path),
      let source = g_settings_schema_source_new_from_directory(
        directory.path, g_settings_schema_source_get_default(), 0, nil)
    else { return nil }
    defer { g_settings_schema_source_unref(source) }
    return g_settings_schema_source_lookup(source, schemaID, 1)
  }
}

/// Where settings are kept. `inMemory()` is a store of its own that lives as long as the settings
/// using it: settings made with one start from the schema's defaults and share nothing with the
/// session's settings or with another one.
nonisolated public final class SettingsBackend {
  /// `GSettingsBackend *`, owned.
  let pointer: UnsafeMutablePointer<GSettingsBackend>

  private init(pointer: UnsafeMutablePointer<GSettingsBackend>) {
    self.pointer = pointer
  }

  deinit {
    g_object_unref(pointer)
  }

  public static func inMemory() -> SettingsBackend {
    SettingsBackend(pointer: g_memory_settings_backend_new()!)
  }
}
