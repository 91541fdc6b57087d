// SPDX-License-Identifier: GPL-3.0-or-later
import Dispatch
import MemeStore
import Synchronization

/// The app's store opened, and its order of memes read, on a background thread from launch on.
///
/// Until the first window, the main thread is busy starting GTK (connecting to the display, loading
/// its renderer and theme), and the other core is mostly idle: the store's opening, a few
/// milliseconds for an empty store and tens with thousands of memes, overlaps with it instead of
/// following it. The first window then waits for `result()`.
package final class StoreOpening: Sendable {
  package typealias Opened = (store: SentMemeStore, ids: [Int64])
  private let outcome = Mutex<Result<Opened, any Error>?>(nil)
  private let finished = DispatchSemaphore(value: 0)

  /// Starts running `open` on a background thread.
  package init(_ open: @escaping @Sendable () throws -> Opened) {
    DispatchQueue.global(qos: .userInitiated).async { [self] in
      let result = Result { try open() }
      outcome.withLock { $0 = result }
      finished.signal()
    }
  }

  /// The store and its memes' ids, or what opening threw; waits until the opening is done.
  package func result() -> Result<Opened, any Error> {
    finished.wait()
    // Lets any later call through as well.
    finished.signal()
    return outcome.withLock { $0! }
  }
}
