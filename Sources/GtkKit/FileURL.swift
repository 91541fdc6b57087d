// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation

/// Conversions between GIO's GFile and Foundation's URL.
public enum FileURL {
  /// The file's local path as a file URL, or its URI when it has no local path (e.g. `sftp:`).
  nonisolated public static func url(of file: OpaquePointer) -> URL? {
    // Both getters return transfer-full strings that must be freed with g_free.
    if let path = g_file_get_path(file) {
      defer { g_free(path) }
      return URL(fileURLWithPath: String(cString: path))
    }
    guard let uri = g_file_get_uri(file) else { return nil }
    defer { g_free(uri) }
    return URL(string: String(cString: uri))
  }

  /// A new GFile (transfer full: unref it) for a URL.
  nonisolated public static func file(for url: URL) -> OpaquePointer {
    url.isFileURL ? g_file_new_for_path(url.path) : g_file_new_for_uri(url.absoluteString)
  }
}

extension OpaquePointer {
  /// The same address as `gpointer`, for GObject calls on types Swift imports as opaque (final GTK
  /// types, GIO interfaces). Not a cast of the object: GLib checks types itself where it matters.
  nonisolated public var raw: UnsafeMutableRawPointer { UnsafeMutableRawPointer(self) }
}
