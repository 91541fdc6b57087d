// SPDX-License-Identifier: GPL-3.0-or-later
internal import CGStreamer
import MemeCore

/// Where the camera's frames go from GStreamer's streaming thread: always to the preview's mailbox,
/// and to the clip being recorded while there is one.
nonisolated final class CaptureOutputs: Sendable {
  let mailbox: FrameMailbox
  private let recording = Locked<RecordingFeed?>(nil)

  init(mailbox: FrameMailbox) {
    self.mailbox = mailbox
  }

  /// Sends the frames to `feed` from the next one on; nil sends them to the preview only.
  func record(into feed: RecordingFeed?) {
    recording.withLock { $0 = feed }
  }

  /// Called on the streaming thread with every frame (a GstSample).
  func deliver(_ sample: OpaquePointer) {
    // The recording first: it shares the frame's buffer, while the preview converts a copy.
    recording.withLock { $0 }?.push(sample)
    if let image = FrameConversion.image(from: sample) { mailbox.post(image) }
  }
}
