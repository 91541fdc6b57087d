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

extension Trait where Self == TimeLimitTrait {
  /// `hangGuard` for a test that runs on the main actor beside the window suites: the clock starts
  /// when the run queues it, and it waits for the main actor behind every window test queued before
  /// it (in the Wayland run, its whole first half: on a loaded machine 586 s was measured for a test
  /// that needs 20). So it is longer than a whole window run, and shorter than CI's limit.
  public static var mainActorHangGuard: Self { .timeLimit(.minutes(40)) }
}
