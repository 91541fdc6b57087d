// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// A GResource bundle (what glib-compile-resources makes of a .gresource.xml manifest) that the app
/// carries in its binary, registered with GIO: GtkBuilder then loads its files by resource path
/// (`Builder(resource:...)`), as GNOME apps load theirs.
public enum ResourceBundle {
  /// Registers the compiled bundle `bytes` for the rest of the process (GLib copies them), or throws
  /// with GLib's reason when they are not one.
  public static func register(_ bytes: [UInt8]) throws(BuilderError) {
    let data = bytes.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
    defer { g_bytes_unref(data) }
    var error: UnsafeMutablePointer<GError>?
    guard let resource = g_resource_new_from_data(data, &error) else {
      let message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
      g_clear_error(&error)
      throw BuilderError("the app's interface bundle could not be read: \(message)")
    }
    // The registration holds its own reference.
    g_resources_register(resource)
    g_resource_unref(resource)
  }
}
