// SPDX-License-Identifier: GPL-3.0-or-later
internal import CMemeGStreamer
import Foundation
import MemeCore

/// A video file's frames, decoded one after the other as they are asked for (a few ahead at most),
/// after its streams and first frame were found within the limits' time.
final class VideoSource {
  let info: VideoInfo
  let path: String
  private let source: OpaquePointer
  private let limits: VideoLimits

  /// Opens the video at `url`; with `decodingAudio`, its sound is decoded too, for an encoder; with
  /// `yuvFrames`, its frames stay I420 as decoded, for an overlay (see `VideoEncoder.add(_:overlay:)`).
  init(contentsOf url: URL, decodingAudio: Bool, yuvFrames: Bool = false, limits: VideoLimits)
    throws(ImageError)
  {
    path = url.path
    self.limits = limits
    guard FileManager.default.fileExists(atPath: path) else {
      throw ImageError(path: path, kind: .notFound, reason: localized("no such file"))
    }
    var info = MemeVideoInfo()
    var error: UnsafeMutablePointer<CChar>?
    guard
      let source = meme_video_source_open(
        path, decodingAudio, yuvFrames, Self.nanoseconds(limits.discoveryTime), &info, &error)
    else {
      throw ImageError(
        path: path, kind: .unsupported,
        reason: takeErrorText(error, fallback: localized("it is not a video that can be decoded")))
    }
    self.source = source
    self.info = VideoInfo(
      width: Int(info.width), height: Int(info.height), rateNumerator: Int(info.rate_numerator),
      rateDenominator: Int(info.rate_denominator),
      duration: info.duration >= 0 ? Double(info.duration) / 1e9 : nil, hasAudio: info.has_audio,
      colorimetry: withUnsafeBytes(of: info.colorimetry) {
        String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
      })
    // Refused, the source is closed by deinit, which runs for an object whose properties are set.
    try limits.check(self.info, path: path)
  }

  deinit { meme_video_source_close(source) }

  /// Plays from `start` to `end` seconds into the video (`end` nil for its end).
  func play(from start: Double, to end: Double?) throws(ImageError) {
    var error: UnsafeMutablePointer<CChar>?
    guard
      meme_video_source_play(
        source, Self.nanoseconds(start), end.map(Self.nanoseconds) ?? -1,
        Self.nanoseconds(limits.discoveryTime),
        &error)
    else {
      throw ImageError(
        path: path, kind: .corrupt, reason: takeErrorText(error, fallback: localized("file is truncated")))
    }
  }

  /// Plays from `start` to `end` nanoseconds into the video (`end` nil for its end), seeking even to
  /// 0 and from wherever it was: a stretch of `BackwardFrames`.
  func seek(from start: Int64, to end: Int64?) throws(ImageError) {
    var error: UnsafeMutablePointer<CChar>?
    guard meme_video_source_seek(source, start, end ?? -1, Self.nanoseconds(limits.discoveryTime), &error)
    else {
      throw ImageError(
        path: path, kind: .corrupt, reason: takeErrorText(error, fallback: localized("file is truncated")))
    }
  }

  /// Hands the decoded sound from `start` seconds on to `encoder` (before `play`).
  func forwardAudio(to encoder: VideoEncoder, from start: Double) {
    _ = meme_video_source_forward_audio(source, encoder.sink, Self.nanoseconds(start))
  }

  /// The next frame, nil at the end.
  func nextFrame() throws(ImageError) -> DecodedFrame? {
    var frame = MemeVideoFrame()
    var error: UnsafeMutablePointer<CChar>?
    switch meme_video_source_next_frame(source, Self.nanoseconds(limits.frameTime), &frame, &error) {
    case 0: return nil
    case 1: return DecodedFrame(frame, path: path)
    default:
      throw ImageError(
        path: path, kind: .corrupt, reason: takeErrorText(error, fallback: localized("file is truncated")))
    }
  }

  static func nanoseconds(_ seconds: Double) -> Int64 { Int64((seconds * 1e9).rounded()) }
}
