// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore

#if canImport(Glibc)
  import Glibc
#endif

/// The processor time the calling thread has used: what a reading's budget is counted in. A wall
/// clock would run out while the thread waits for a core (it reads at the lowest priority, beside
/// whatever the machine is doing), and then read a picture only in part; processor time bounds the
/// work itself, however busy the machine.
enum ReadingClock {
  static var now: Duration {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
  }
}

/// When a recognition stops: at `deadline` on the `ReadingClock`, or once `cancellation` is
/// cancelled. Tesseract asks it between words, through its monitor's cancel function.
final class RecognitionStop {
  let deadline: Duration
  let cancellation: Cancellation?

  init(deadline: Duration, cancellation: Cancellation?) {
    self.deadline = deadline
    self.cancellation = cancellation
  }

  var isDue: Bool { cancellation?.isCancelled == true || ReadingClock.now >= deadline }
}
