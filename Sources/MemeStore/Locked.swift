// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A value only reached under a lock. Unlike `Synchronization.Mutex`, whose futex-based lock
/// ThreadSanitizer cannot see, an `NSLock` is one the sanitizer follows, so the store's races are
/// checked rather than reported falsely (the opening check and the writes that wait for it meet here).
final class Locked<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) {
    self.value = value
  }

  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
