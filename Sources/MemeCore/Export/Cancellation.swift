// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A request to stop a piece of background work, set on one thread and read on another. The work
/// checks it between steps (and an encoder before each piece it writes) and ends with
/// `ImageError.Kind.cancelled`, leaving no file behind.
///
/// It also counts how often the work asks (its cancellation points), so that a test can say how
/// promptly work stops in steps of work rather than in wall-clock time, which stretches under load:
/// how many points a whole run passes, and how many are passed after the stop.
public final class Cancellation: Sendable {
  private struct State {
    var isCancelled = false
    /// How many times the work asked whether to stop.
    var points = 0
    /// `points` when the stop was asked for.
    var pointsAtStop: Int?
    /// The point at which the work stops by itself (tests).
    var stopAtPoint: Int?
  }

  private let state = Locked(State())

  public init() {}

  /// A cancellation that stops the work by itself when it reaches its `point`-th cancellation point:
  /// a stop placed in the work, whatever the machine's speed (tests).
  init(stoppingAtPoint point: Int) {
    state.withLock { $0.stopAtPoint = point }
  }

  public func cancel() {
    state.withLock { state in
      if !state.isCancelled { state.pointsAtStop = state.points }
      state.isCancelled = true
    }
  }

  /// Whether to stop; each read is a cancellation point of the work.
  public var isCancelled: Bool {
    state.withLock { state in
      state.points += 1
      if !state.isCancelled, let stop = state.stopAtPoint, state.points >= stop {
        state.isCancelled = true
        state.pointsAtStop = state.points
      }
      return state.isCancelled
    }
  }

  /// The cancellation points the work has reached so far.
  var pointsReached: Int { state.withLock { $0.points } }

  /// The cancellation points reached after the stop was asked for (nil before it): one per thread
  /// of the work when each stops at the next.
  var pointsReachedAfterStop: Int? {
    state.withLock { state in state.pointsAtStop.map { state.points - $0 } }
  }

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
