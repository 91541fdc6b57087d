// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc

/// The processor time the calling thread has used, for bounding how much work a step costs. Unlike
/// the wall clock it does not stretch when other work (other tests, other builds) shares the
/// machine's cores: a thread waiting for a core is not charged for the wait. It counts only the
/// calling thread, so it bounds work done on that thread (a decode, a layout), not work handed to
/// others.
public enum ThreadProcessorTime {
  /// Seconds of processor time this thread has used so far.
  public static var now: Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }

  /// The processor seconds `body` takes on this thread.
  public static func measure(_ body: () throws -> Void) rethrows -> Double {
    let start = now
    try body()
    return now - start
  }
}
