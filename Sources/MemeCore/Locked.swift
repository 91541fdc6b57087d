// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A value only reached under a lock. Unlike `Synchronization.Mutex`, whose futex-based lock
/// ThreadSanitizer cannot see when two threads contend for it, an `NSLock` is one the sanitizer
/// follows: races are checked rather than reported falsely (the store's opening check and the writes
/// that wait for it, the font caches every thread that lays captions out fills, and the camera's
/// frame handed from GStreamer's streaming thread to the main loop).
package final class Locked<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  package init(_ value: Value) {
    self.value = value
  }

  package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
