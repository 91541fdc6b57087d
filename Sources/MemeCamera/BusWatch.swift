// SPDX-License-Identifier: GPL-3.0-or-later
internal import CGStreamer
import GLibSupport

/// Delivers a GstBus's messages to a Swift handler on the main loop.
///
/// The watch is a GSource on the default main context, so the handler runs on the thread that
/// iterates it: the GLib main loop of the application, or a test's bounded iteration. Removing the
/// watch (explicitly or when this object dies) makes GLib release the handler.
nonisolated final class BusWatch {
  typealias Handler = @MainActor (UnsafeMutablePointer<GstMessage>) -> Void

  private var sourceID: guint

  /// Adds the bus's only watch; nil when the bus already has one.
  init?(bus: UnsafeMutablePointer<GstBus>, handler: @escaping Handler) {
    let box = ClosureBox<Handler>(handler)
    sourceID = gst_bus_add_watch_full(
      bus, G_PRIORITY_DEFAULT,
      { _, message, data in
        // The default main context is only iterated on the main thread; assumeIsolated traps if a
        // second loop ever iterates it elsewhere instead of racing with the UI. The pointers are
        // not Sendable but never leave this thread, hence nonisolated(unsafe).
        nonisolated(unsafe) let message = message!
        nonisolated(unsafe) let box = ClosureBox<Handler>.unretained(data)
        MainActor.assumeIsolated { box.payload(message) }
        return 1  // G_SOURCE_CONTINUE: keep watching until removed.
      }, box.retainedPointer(), releaseClosureBoxPointer)
    if sourceID == 0 {
      // GStreamer did not take the box, so it never calls the destroy notify: balance it here.
      Unmanaged.passUnretained(box).release()
      return nil
    }
  }

  /// Stops delivering messages and releases the handler. Safe to call more than once.
  func remove() {
    guard sourceID != 0 else { return }
    g_source_remove(sourceID)
    sourceID = 0
  }

  deinit {
    remove()
  }
}
