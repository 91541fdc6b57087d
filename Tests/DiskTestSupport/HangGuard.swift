// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

extension Trait where Self == TimeLimitTrait {
  /// Fails a test that hangs (a store that waits for ever on a busy database, a render that never
  /// ends) instead of holding up the run until CI gives up on it. It guards against a hang only, so
  /// it is far longer than any of these tests runs: Swift Testing starts the clock when it queues the
  /// test, and the whole suite is queued at once. On two cores under ThreadSanitizer a test that
  /// needs five seconds waited more than six minutes for a thread (the run takes about seven), and a
  /// one-minute limit failed it.
  public static var hangGuard: Self { .timeLimit(.minutes(10)) }
}
