// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A request to stop a piece of background work, set on one thread and read on another. The work
/// checks it between steps (and an encoder before each piece it writes) and ends with
/// `ImageError.Kind.cancelled`, leaving no file behind.
public final class Cancellation: Sendable {
  private let cancelled = Locked(false)

  public init() {}

  public func cancel() {
    cancelled.withLock { $0 = true }
  }

  public var isCancelled: Bool { cancelled.withLock { $0 } }

  /// Throws the cancellation error for `name` once cancelled.
  public func check(name: String) throws(ImageError) {
    if isCancelled { throw ImageError(path: name, kind: .cancelled, reason: localized("cancelled")) }
  }
}

/// Passes bytes on to `base` until the work is cancelled, then fails: a PNG being compressed strip
/// by strip stops at the next strip.
struct CancellableSink<Base: ByteSink>: ByteSink {
  var base: Base
  let cancellation: Cancellation
  let name: String

  mutating func write(_ bytes: UnsafeRawBufferPointer) throws(ImageError) {
    try cancellation.check(name: name)
    try base.write(bytes)
  }
}
