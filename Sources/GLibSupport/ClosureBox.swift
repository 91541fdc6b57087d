// SPDX-License-Identifier: GPL-3.0-or-later

/// A Swift value handed to GLib (or GStreamer) as `gpointer` user data.
///
/// GLib stores only a raw pointer, so the box is passed retained (`retainedPointer()`) and released
/// by a destroy notify GLib calls when it drops the user data: handler disconnected, object
/// finalised, idle source removed. That ties the closure's lifetime to the C object's instead of to a
/// Swift reference that could die first (a dangling pointer) or never (a leak).
///
/// Not bound to an actor because GLib may release it from whatever thread drops the last reference;
/// the payload is only *called* on the main thread (trampolines check that with `assumeIsolated`).
public final class ClosureBox<Payload> {
  public let payload: Payload

  public init(_ payload: Payload) {
    self.payload = payload
  }

  /// A +1 pointer for GLib (a `gpointer`); balanced by the destroy notify that releases it.
  public func retainedPointer() -> UnsafeMutableRawPointer {
    Unmanaged.passRetained(self).toOpaque()
  }

  /// The box behind a user-data pointer, without changing its retain count.
  public static func unretained(_ data: UnsafeMutableRawPointer?) -> ClosureBox<Payload> {
    // Safe while GLib holds the +1 taken by `retainedPointer()`, i.e. until the destroy notify runs.
    Unmanaged<ClosureBox<Payload>>.fromOpaque(data!).takeUnretainedValue()
  }

  /// Consumes the +1 of a one-shot callback (async results) and returns the box.
  public static func consume(_ data: UnsafeMutableRawPointer?) -> ClosureBox<Payload> {
    Unmanaged<ClosureBox<Payload>>.fromOpaque(data!).takeRetainedValue()
  }
}

/// The GDestroyNotify that balances `ClosureBox.retainedPointer()`, for sources, draw functions and
/// GStreamer's callbacks: drops the +1 when GLib (or GStreamer) drops the user data. Captures nothing
/// (a capturing @convention(c) closure is rejected, or crashes Swift 6.3.1).
public nonisolated let releaseClosureBoxPointer: @convention(c) (UnsafeMutableRawPointer?) -> Void = { data in
  guard let data else { return }
  Unmanaged<AnyObject>.fromOpaque(data).release()
}
