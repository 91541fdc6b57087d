// SPDX-License-Identifier: GPL-3.0-or-later
internal import CGStreamer

/// Hands Swift objects to GLib and GStreamer as `gpointer` user data.
///
/// C keeps only a raw pointer, so an object is passed retained and released by the destroy notify
/// that C calls when it drops the user data (watch removed, callbacks replaced, element finalised,
/// idle source done). That ties the object's lifetime to the C side's use of it.
nonisolated enum Retained {
  /// A +1 pointer to `object`, balanced by `release`.
  static func pointer(to object: AnyObject) -> gpointer {
    Unmanaged.passRetained(object).toOpaque()
  }

  /// The object behind `data`, borrowed: valid while C still holds the +1 from `pointer(to:)`.
  static func object<Object: AnyObject>(_ data: gpointer?, as type: Object.Type) -> Object {
    Unmanaged<Object>.fromOpaque(data!).takeUnretainedValue()
  }

  /// GDestroyNotify dropping the +1. Captures nothing (a capturing C closure crashes Swift 6.3.1).
  static let release: GDestroyNotify = { data in
    guard let data else { return }
    Unmanaged<AnyObject>.fromOpaque(data).release()
  }
}
