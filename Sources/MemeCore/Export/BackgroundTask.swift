// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Runs one piece of work on its own thread while the caller does something else, then hands
/// the result over. The semaphore orders the worker's writes before the caller's reads.
final class BackgroundTask<Value: Sendable>: @unchecked Sendable {
  private let done = DispatchSemaphore(value: 0)
  private var value: Value?

  init(_ work: @escaping @Sendable () -> Value) {
    let thread = Thread { [self] in
      value = work()
      done.signal()
    }
    thread.start()
  }

  /// Blocks until the work has finished and returns its result.
  func wait() -> Value {
    done.wait()
    return value!
  }
}
