// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// A Swift value handed to GLib as `gpointer` user data.
///
/// GLib stores only a raw pointer, so the box is passed retained (`retainedPointer()`) and released
/// by a destroy notify GLib calls when it drops the user data: handler disconnected, object
/// finalised, idle source removed. That ties the closure's lifetime to the C object's instead of to a
/// Swift reference that could die first (a dangling pointer) or never (a leak).
///
/// `nonisolated` because GLib may release it from whatever thread drops the last reference; the
/// payload is only *called* on the main thread (trampolines check that with `assumeIsolated`).
nonisolated final class ClosureBox<Payload> {
  let payload: Payload

  init(_ payload: Payload) {
    self.payload = payload
  }

  /// A +1 pointer for GLib; balanced by `releaseClosureBox` / `releaseDestroyNotify`.
  func retainedPointer() -> gpointer {
    Unmanaged.passRetained(self).toOpaque()
  }

  /// The box behind a user-data pointer, without changing its retain count.
  static func unretained(_ data: gpointer?) -> ClosureBox<Payload> {
    // Safe while GLib holds the +1 taken by `retainedPointer()`, i.e. until the destroy notify runs.
    Unmanaged<ClosureBox<Payload>>.fromOpaque(data!).takeUnretainedValue()
  }

  /// Consumes the +1 of a one-shot callback (async results) and returns the box.
  static func consume(_ data: gpointer?) -> ClosureBox<Payload> {
    Unmanaged<ClosureBox<Payload>>.fromOpaque(data!).takeRetainedValue()
  }
}

/// GClosureNotify for signal handlers: drops the +1 held by GLib.
/// Captures nothing (a capturing @convention(c) closure is rejected, or crashes Swift 6.3.1).
nonisolated let releaseClosureBox: GClosureNotify = { data, _ in
  guard let data else { return }
  Unmanaged<AnyObject>.fromOpaque(data).release()
}

/// GDestroyNotify for sources and draw functions: drops the +1 held by GLib.
nonisolated let releaseDestroyNotify: GDestroyNotify = { data in
  guard let data else { return }
  Unmanaged<AnyObject>.fromOpaque(data).release()
}
