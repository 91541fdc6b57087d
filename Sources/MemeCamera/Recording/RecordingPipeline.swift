// SPDX-License-Identifier: GPL-3.0-or-later
internal import CGStreamer
import Foundation
import MemeCore

/// The GStreamer pipeline a clip is encoded by: frames from the camera's pipeline through an app
/// source, sound from its own source, both into one muxer and a file. A pipeline of its own rather
/// than a branch of the camera's: ending it (EOS, so the muxer writes the file's index) or a failure
/// in it never touches the preview.
///
/// Not main-actor bound, like the pipeline it owns.
nonisolated final class RecordingPipeline {
  private let pipeline: OwnedPipeline
  /// The app source the frames go into, and the sound source (nil for a silent clip); borrowed from
  /// the pipeline, which holds them.
  let frames: UnsafeMutablePointer<GstElement>
  let sound: UnsafeMutablePointer<GstElement>?

  /// Builds the pipeline in the NULL state, writing to `url`.
  init(settings: RecordingSettings, url: URL, withSound: Bool) throws(CameraError) {
    var message = [CChar](repeating: 0, count: 512)
    let description = settings.pipelineDescription(withSound: withSound)
    guard let parsed = memecamera_parse_pipeline(description, &message, message.count) else {
      let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      throw CameraError(
        .missingPlugin, String(format: localized("The recording could not start: %@"), reason),
        detail: description)
    }
    // gst_parse_launch returns a floating reference, which the owner sinks.
    pipeline = OwnedPipeline(sinking: parsed)
    let bin = memecamera_bin(pipeline.element)
    // gst_bin_get_by_name returns a new reference; the pipeline keeps its own, so ours goes at once.
    func child(_ name: String) -> UnsafeMutablePointer<GstElement>? {
      guard let child = gst_bin_get_by_name(bin, name) else { return nil }
      gst_object_unref(child)
      return child
    }
    guard let frames = child("frames"), let file = child("file") else {
      throw CameraError(.failed, localized("The recording could not start."), detail: description)
    }
    self.frames = frames
    sound = withSound ? child("sound") : nil
    memecamera_set_string(file, "location", url.path)
  }

  var bus: UnsafeMutablePointer<GstBus> { pipeline.bus }

  /// Starts the encoder and the sound. A source that cannot open (no sound server) fails here, at
  /// once, rather than once playing.
  func play() throws(CameraError) {
    try pipeline.play(
      word: RecordingFailure.error(fromErrorMessage:),
      otherwise: CameraError(.failed, localized("The recording could not start.")))
  }

  /// Stops the pipeline and closes its file. After the end of the streams reached the file, the
  /// file is complete.
  func stop() {
    pipeline.stop()
  }
}
