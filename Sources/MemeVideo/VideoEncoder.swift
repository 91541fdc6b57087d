// SPDX-License-Identifier: GPL-3.0-or-later
internal import CMemeGStreamer
import Foundation
import MemeCore

/// Encodes captioned frames (and a source's sound, when it is encoded again) into a Matroska file,
/// which `VideoMuxer` then makes the file people get.
final class VideoEncoder {
  let sink: OpaquePointer
  let name: String
  /// The frames' size in the file: the meme's, each side made even by one pixel of padding, as
  /// H.264's 4:2:0 needs.
  let width: Int
  let height: Int

  /// The frames keep `colorimetry` (the source's); `bitrate` in bits a second, nil for constant quality; `audioTempo` nil without sound;
  /// `yuvFrames` when the frames come as decoded, with an overlay (`add(_:overlay:time:duration:)`).
  init(
    writingTo url: URL, format: VideoFormat, width: Int, height: Int, frameRate: (Int, Int),
    colorimetry: String,
    bitrate: Int?, audioTempo: Double?, yuvFrames: Bool = false, name: String
  ) throws(ImageError) {
    self.name = name
    let evenWidth = width + width % 2
    let evenHeight = height + height % 2
    self.width = evenWidth
    self.height = evenHeight
    var error: UnsafeMutablePointer<CChar>?
    let opened = url.path.withCString { path in
      colorimetry.withCString { colorimetry in
        var settings = MemeVideoSinkSettings(
          path: path, width: Int32(evenWidth), height: Int32(evenHeight), rate_numerator: Int32(frameRate.0),
          rate_denominator: Int32(frameRate.1), codecs: format.codecs, bitrate: Int32(bitrate ?? 0),
          with_audio: audioTempo != nil, audio_tempo: audioTempo ?? 1, colorimetry: colorimetry,
          yuv_frames: yuvFrames)
        return meme_video_sink_open(&settings, &error)
      }
    }
    guard let opened else {
      throw ImageError(
        path: name, kind: .writeFailed,
        reason: takeErrorText(error, fallback: localized("the encoder could not start")))
    }
    sink = opened
  }

  deinit { meme_video_sink_close(sink) }

  /// Encodes `image` shown at `time` for `duration` seconds into the video.
  func add(_ image: RasterImage, time: Double, duration: Double?) throws(ImageError) {
    image.flush()
    var error: UnsafeMutablePointer<CChar>?
    guard
      meme_video_sink_push(
        sink, image.pixels, Int32(image.stride), Int32(image.width), Int32(image.height),
        VideoSource.nanoseconds(time), duration.map(VideoSource.nanoseconds) ?? -1, &error)
    else {
      throw ImageError(
        path: name, kind: .writeFailed,
        reason: takeErrorText(error, fallback: localized("the encoder stopped")))
    }
  }

  /// Encodes the I420 `frame` of a source opened with `yuvFrames`, `overlay` laid over it, shown at
  /// `time` for `duration` seconds.
  func add(_ frame: DecodedFrame, overlay: FrameOverlay?, time: Double, duration: Double?) throws(ImageError)
  {
    var error: UnsafeMutablePointer<CChar>?
    guard
      meme_video_sink_push_frame(
        sink, &frame.frame, overlay?.overlay, VideoSource.nanoseconds(time),
        duration.map(VideoSource.nanoseconds) ?? -1, &error)
    else {
      throw ImageError(
        path: name, kind: .writeFailed,
        reason: takeErrorText(error, fallback: localized("the encoder stopped")))
    }
  }

  /// Ends the video; `timeout` seconds at most for the encoders to finish.
  func finish(timeout: Double) throws(ImageError) {
    var error: UnsafeMutablePointer<CChar>?
    guard meme_video_sink_finish(sink, VideoSource.nanoseconds(timeout), &error) else {
      throw ImageError(
        path: name, kind: .writeFailed,
        reason: takeErrorText(error, fallback: localized("the encoder stopped")))
    }
  }
}

/// The last step of a video export: the encoded streams and, when it is kept as it is, the source's
/// sound, into the MP4 or WebM, with no metadata but the description.
enum VideoMuxer {
  static func mux(
    encoded: URL, keepingAudioOf source: URL?, to output: URL, as format: VideoFormat, description: String?,
    name: String
  ) throws(ImageError) {
    var error: UnsafeMutablePointer<CChar>?
    guard
      meme_video_mux(encoded.path, source?.path, output.path, format.rawValue, description, &error)
    else {
      throw ImageError(
        path: name, kind: .writeFailed,
        reason: takeErrorText(error, fallback: localized("the video cannot be written")))
    }
  }

  /// The codec of the first sound stream of the file at `url` ("aac", "opus"), nil without one.
  static func audioCodec(of url: URL) -> String? {
    var error: UnsafeMutablePointer<CChar>?
    guard let name = meme_video_audio_codec(url.path, &error) else {
      _ = takeErrorText(error, fallback: "")
      return nil
    }
    let codec = takeErrorText(name, fallback: "")
    return codec.isEmpty ? nil : codec
  }
}
