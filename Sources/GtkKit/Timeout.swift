// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSupport

/// A one-shot GLib timeout on the main loop that can be cancelled before it fires. Dropping the
/// handle does not cancel it: GLib owns the closure until the timeout fires or is cancelled.
public final class Timeout {
  private var sourceID: guint = 0

  /// Runs `work` once after `milliseconds` on the main loop.
  public init(milliseconds: UInt32, _ work: @escaping () -> Void) {
    // The box holds `work` and a weak link back, so firing can forget the (already removed) source.
    let box = ClosureBox<() -> Void>({ [weak self] in
      self?.sourceID = 0
      work()
    })
    sourceID = g_timeout_add_full(
      G_PRIORITY_DEFAULT, milliseconds,
      { data in
        MainActor.assumeIsolated { ClosureBox<() -> Void>.unretained(data).payload() }
        return 0  // G_SOURCE_REMOVE: one shot; GLib then calls the destroy notify.
      }, box.retainedPointer(), releaseDestroyNotify)
  }

  /// Whether the timeout is still waiting to fire.
  public var isPending: Bool { sourceID != 0 }

  /// Stops the timeout from firing (does nothing once it has fired).
  public func cancel() {
    guard sourceID != 0 else { return }
    g_source_remove(sourceID)
    sourceID = 0
  }
}
