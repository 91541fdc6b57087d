// SPDX-License-Identifier: GPL-3.0-or-later
internal import CGStreamer
import MemeCore

/// Carries frames from GStreamer's streaming thread to the main loop without ever queueing more
/// than one.
///
/// The streaming thread overwrites `latest` with every frame and schedules one idle callback if none
/// is pending; the callback hands the main loop whatever frame is newest when it finally runs. When
/// the UI falls behind, older frames are simply replaced: memory stays bounded at one frame in
/// flight, and the preview shows the newest picture rather than a growing backlog.
nonisolated final class FrameMailbox: Sendable {
  private struct State {
    var latest: RasterImage?
    var isDeliveryScheduled = false
    var isClosed = false
  }

  private let state = Locked(State())
  private let deliver: @MainActor @Sendable (RasterImage) -> Void

  /// `deliver` runs on the main loop with the newest frame.
  init(deliver: @escaping @MainActor @Sendable (RasterImage) -> Void) {
    self.deliver = deliver
  }

  /// The newest frame received, delivered or not.
  var latest: RasterImage? {
    state.withLock { $0.latest }
  }

  /// Called on the streaming thread for every frame.
  func post(_ frame: RasterImage) {
    let mustSchedule = state.withLock { state -> Bool in
      guard !state.isClosed else { return false }
      state.latest = frame
      guard !state.isDeliveryScheduled else { return false }
      state.isDeliveryScheduled = true
      return true
    }
    guard mustSchedule else { return }
    // g_idle_add_full is thread-safe and wakes the default main context. Idle priority lets GTK's
    // layout and paint (higher priority) run first, which is what keeps the preview from backing up.
    g_idle_add_full(
      G_PRIORITY_DEFAULT_IDLE,
      { data in
        let mailbox = ClosureBox<FrameMailbox>.unretained(data).payload
        MainActor.assumeIsolated { mailbox.flush() }
        return 0  // G_SOURCE_REMOVE: one delivery per scheduling.
      }, ClosureBox(self).retainedPointer(), releaseClosureBoxPointer)
  }

  /// Stops deliveries (a scheduled one finds the mailbox closed and does nothing). Keeps `latest`
  /// so a photo can still be taken from the last picture shown.
  func close() {
    state.withLock { $0.isClosed = true }
  }

  @MainActor private func flush() {
    let frame = state.withLock { state -> RasterImage? in
      state.isDeliveryScheduled = false
      return state.isClosed ? nil : state.latest
    }
    if let frame { deliver(frame) }
  }
}
