// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GtkKit

/// When to try the store again after another program kept its database busy for longer than the store
/// waits (`StoreError.databaseBusy`): soon at first, then less and less often, on the main loop.
/// `succeeded()` starts the next wait from the beginning.
final class BusyStoreRetry {
  /// The waits between tries, in milliseconds; the last one repeats. (Each try itself waits up to the
  /// store's busy timeout, five seconds, before it gives up.)
  static let delays: [UInt32] = [500, 1000, 2000, 4000, 8000, 15_000, 30_000]

  private var tries = 0
  private var busySince: Date?
  private var timeout: Timeout?

  /// How long the store has been busy, without a success, since it was first found busy.
  var busyFor: TimeInterval { busySince.map { Date().timeIntervalSince($0) } ?? 0 }

  /// Runs `retry` on the main loop after the next wait (replacing a try already scheduled).
  func schedule(_ retry: @escaping () -> Void) {
    if busySince == nil { busySince = Date() }
    let delay = Self.delays[min(tries, Self.delays.count - 1)]
    tries += 1
    timeout?.cancel()
    timeout = Timeout(milliseconds: delay, retry)
  }

  /// Drops the scheduled try, if any (the caller tries now instead); the waits go on from where they
  /// were if that try finds the store busy again.
  func cancel() {
    timeout?.cancel()
    timeout = nil
  }

  /// The store took a write: the next time it is busy starts a new wait.
  func succeeded() {
    cancel()
    tries = 0
    busySince = nil
  }
}
