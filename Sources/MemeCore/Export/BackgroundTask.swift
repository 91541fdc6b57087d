// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Synchronization

/// Runs one piece of work on its own thread while the caller does something else, then hands
/// the result over. The semaphore orders the worker's writes before the caller's reads.
package final class BackgroundTask<Value: Sendable>: @unchecked Sendable {
  private let done = DispatchSemaphore(value: 0)
  private var value: Value?
  private let finished = Atomic(false)

  package init(_ work: @escaping @Sendable () -> Value) {
    let thread = Thread { [self] in
      value = work()
      finished.store(true, ordering: .releasing)
      done.signal()
    }
    thread.start()
  }

  /// Whether the work has finished (`wait()` would not block).
  package var isFinished: Bool { finished.load(ordering: .acquiring) }

  /// Blocks until the work has finished and returns its result (again, at once, on later calls).
  package func wait() -> Value {
    done.wait()
    done.signal()
    return value!
  }
}
