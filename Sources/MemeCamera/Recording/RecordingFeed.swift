// SPDX-License-Identifier: GPL-3.0-or-later
internal import CGStreamer
import MemeCore

/// Hands the camera's frames to a recording, on GStreamer's streaming thread, until the recording
/// is stopped or as long as its limit, and then ends its streams so that the muxer can finish the
/// file.
///
/// The frames keep their camera timing, counted from the first one recorded. The pixels are not
/// copied: each frame's buffer is shared with the preview.
nonisolated final class RecordingFeed: Sendable {
  private struct State {
    /// The camera's time of the first frame recorded: the clip's zero.
    var origin: GstClockTime?
    var elapsed: Duration = .zero
    var hasCaps = false
    var isEnded = false
    var reachedLimit = false
  }

  private let state = Locked(State())
  /// The recording's app source and sound source (one reference each, owned here). GStreamer's
  /// calls on them lock inside, so the streaming thread and the main thread may both use them.
  nonisolated(unsafe) private let frames: UnsafeMutablePointer<GstElement>
  nonisolated(unsafe) private let sound: UnsafeMutablePointer<GstElement>?
  private let limit: GstClockTime

  init(frames: UnsafeMutablePointer<GstElement>, sound: UnsafeMutablePointer<GstElement>?, limit: Duration) {
    self.frames = frames
    self.sound = sound
    gst_object_ref(frames)
    if let sound { gst_object_ref(sound) }
    let (seconds, attoseconds) = limit.components
    self.limit =
      GstClockTime(max(0, seconds)) * 1_000_000_000 + GstClockTime(max(0, attoseconds) / 1_000_000_000)
  }

  deinit {
    gst_object_unref(frames)
    if let sound { gst_object_unref(sound) }
  }

  /// How much has been recorded: the last frame's time into the clip.
  var elapsed: Duration { state.withLock { $0.elapsed } }

  /// Whether a frame was recorded.
  var hasFrames: Bool { state.withLock { $0.origin != nil } }

  /// Whether the clip reached its limit (and ended by itself).
  var reachedLimit: Bool { state.withLock { $0.reachedLimit } }

  /// Records the camera's `sample` (a GstSample); called on the streaming thread for every frame.
  func push(_ sample: OpaquePointer) {
    let time = memecamera_sample_time(sample)
    // A frame without a time cannot be placed in the clip.
    guard time != GstClockTime.max else { return }
    enum Step {
      case skip
      case push(GstClockTime, setCaps: Bool)
      case end
    }
    let step = state.withLock { state -> Step in
      guard !state.isEnded else { return .skip }
      let origin = state.origin ?? time
      state.origin = origin
      let offset = time >= origin ? time - origin : 0
      if offset >= limit {
        state.isEnded = true
        state.reachedLimit = true
        return .end
      }
      state.elapsed = .nanoseconds(Int64(offset))
      let setCaps = !state.hasCaps
      state.hasCaps = true
      return .push(offset, setCaps: setCaps)
    }
    switch step {
    case .skip: break
    case .end: endStreams()
    case .push(let offset, let setCaps):
      let source = memecamera_app_src(frames)
      // The camera's caps (size, format, rate) describe the frames as they are.
      if setCaps, let caps = gst_sample_get_caps(sample) { gst_app_src_set_caps(source, caps) }
      // The app source takes the buffer; it drops it rather than block when its queue is full.
      if let buffer = memecamera_restamped_buffer(sample, offset) { gst_app_src_push_buffer(source, buffer) }
    }
  }

  /// Ends the streams now (the user stopped); does nothing when they already ended.
  func end() {
    let mustEnd = state.withLock { state -> Bool in
      defer { state.isEnded = true }
      return !state.isEnded
    }
    if mustEnd { endStreams() }
  }

  /// Takes no more frames, without ending the streams (the recording is being thrown away).
  func close() {
    state.withLock { $0.isEnded = true }
  }

  private func endStreams() {
    // After the frames already queued, then the sound: the muxer writes the file's index once both
    // streams have ended.
    gst_app_src_end_of_stream(memecamera_app_src(frames))
    if let sound { memecamera_end_stream(sound) }
  }
}
