// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Dispatch
import GLibSupport
import Synchronization

/// Hops between background threads and the GLib main loop.
///
/// Under `g_application_run` on Linux the GLib loop owns the main thread, so neither
/// `DispatchQueue.main` nor `Task { @MainActor in }` ever runs. Results come back through
/// `g_idle_add_full` instead, which is thread-safe and wakes the main context.
public enum MainLoop {
  /// How soon posted work runs against GTK's drawing.
  nonisolated public enum Urgency: Sendable {
    /// Before a frame that is due: the default, for completions something waits for. A continuous
    /// redraw (a spinner) must not starve them.
    case beforeFrames
    /// After a frame that is due (GTK draws at GDK_PRIORITY_REDRAW): for results that only change
    /// what is drawn, such as thumbnails arriving one by one, which would otherwise hold back the
    /// frame showing what the user just did.
    case afterFrames
  }

  /// Runs `work` on the main thread at the next main-loop iteration. Callable from any thread.
  nonisolated public static func post(
    _ urgency: Urgency = .beforeFrames, _ work: @escaping @Sendable @MainActor () -> Void
  ) {
    let box = ClosureBox(work)
    // The destroy notify releases the box once the source is gone.
    g_idle_add_full(
      urgency == .beforeFrames ? G_PRIORITY_DEFAULT : G_PRIORITY_DEFAULT_IDLE,
      { data in
        let work = ClosureBox<@Sendable @MainActor () -> Void>.unretained(data).payload
        MainActor.assumeIsolated { work() }
        return 0  // G_SOURCE_REMOVE: run once.
      }, box.retainedPointer(), releaseDestroyNotify)
  }

  /// Runs `work` on the main loop once, `milliseconds` from now (for transient UI such as a late spinner;
  /// never for waiting on work, which reports back through `post`). Returns the GLib source id.
  @discardableResult
  public static func after(milliseconds: UInt32, _ work: @escaping () -> Void) -> UInt32 {
    let box = ClosureBox(work)
    return g_timeout_add_full(
      G_PRIORITY_DEFAULT, milliseconds,
      { data in
        let address = UInt(bitPattern: data)
        MainActor.assumeIsolated {
          ClosureBox<() -> Void>.unretained(UnsafeMutableRawPointer(bitPattern: address)).payload()
        }
        return 0  // G_SOURCE_REMOVE: run once.
      }, box.retainedPointer(), releaseDestroyNotify)
  }

  /// Cancels work scheduled with `after` that has not run yet.
  public static func cancel(_ source: UInt32) {
    g_source_remove(source)
  }

  /// Runs `work` on a background thread, then `completion` with its result on the main thread.
  nonisolated public static func runInBackground<Result: Sendable>(
    _ work: @escaping @Sendable () -> Result,
    then completion: @escaping @Sendable @MainActor (Result) -> Void
  ) {
    inFlight.add(1, ordering: .relaxed)
    DispatchQueue.global(qos: .userInitiated).async {
      let result = work()
      post {
        completion(result)
        inFlight.subtract(1, ordering: .relaxed)
      }
    }
  }

  /// Work started with `runInBackground` whose completion has not run yet: a window waits for none
  /// before it goes, and a test before it tears its window down.
  nonisolated public static var backgroundWorkInFlight: Int { inFlight.load(ordering: .relaxed) }
  nonisolated private static let inFlight = Atomic<Int>(0)
}

/// Bounded iteration of the default main context, for modal waits and tests.
public enum MainContext {
  /// Iterates until `condition` holds or `maxIterations` iterations have run; returns `condition()`.
  ///
  /// Each iteration may block, so a periodic wake-up source keeps a wait for a background thread from
  /// hanging forever: the bound is a number of iterations (at most ~10 ms each when idle), not a sleep.
  @discardableResult
  public static func iterate(maxIterations: Int = 1000, until condition: () -> Bool) -> Bool {
    // Returns G_SOURCE_CONTINUE (1): the wake-up repeats until removed.
    let wakeUp = g_timeout_add(10, { _ in 1 }, nil)
    defer { g_source_remove(wakeUp) }
    var iterations = 0
    while !condition() && iterations < maxIterations {
      g_main_context_iteration(nil, 1)
      iterations += 1
    }
    return condition()
  }

  /// Runs every pending event without blocking (layout, redraw, idle callbacks).
  public static func drain(maxIterations: Int = 1000) {
    var iterations = 0
    while g_main_context_pending(nil) != 0 && iterations < maxIterations {
      g_main_context_iteration(nil, 0)
      iterations += 1
    }
  }
}
