// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore

/// What a video export produced, for the caller to report.
public struct VideoExportSummary {
  public let width: Int
  public let height: Int
  public let frameCount: Int
  /// Seconds the meme plays.
  public let duration: Double
  /// The file's size in bytes.
  public let bytes: Int
  public enum Sound: Sendable { case none, kept, encoded }
  public let sound: Sound
  public let layout: MemeLayout
}

/// Captions a video frame by frame: each frame is decoded, captioned by the one drawing path
/// (`FrameCaptioner`) and encoded before the next is decoded past the few GStreamer keeps ahead, so
/// memory holds a few frames whatever the video's length. The sound is kept as it is when the whole
/// video plays at its speed, and encoded again otherwise (trimmed, faster or slower with its pitch
/// kept); muted, there is none.
public enum VideoExporter {
  /// Writes `captions` on every frame of the video at `input`, `timing` applied, to `output` in
  /// `format`, atomically. `description` goes into the file's description and comment; nothing
  /// else of the source's metadata (a phone's location, its make) is written. `progress` hears the
  /// share done, from 0 to 1 (each pass of a size limit's anew).
  ///
  /// With `sizeLimit` (bytes), the video is encoded at the bitrate the limit leaves over the meme's
  /// length, then again at a bitrate corrected by what the first pass measured, until the file
  /// lands between 90 % and 100 % of the limit (`SizeTarget`); a limit not even a tiny bitrate
  /// meets fails with `.overSizeLimit`, writing nothing.
  @discardableResult
  public static func export(
    _ captions: MemeCaptions, videoAt input: URL, to output: URL, as format: VideoFormat,
    transform: PictureTransform = .identity, timing: PlaybackTiming = PlaybackTiming(),
    limits: VideoLimits = VideoLimits(), description: String? = nil, sizeLimit: Int? = nil,
    cancellation: Cancellation = Cancellation(),
    progress: (Double) -> Void = { _ in }
  ) throws(ImageError) -> VideoExportSummary {
    if let reason = format.unavailableReason {
      throw ImageError(path: output.path, kind: .unsupported, reason: reason)
    }
    let pass = try VideoEncodingPass(
      captions, videoAt: input, to: output, as: format, transform: transform, timing: timing, limits: limits,
      cancellation: cancellation)
    pass.description = description
    let result: VideoEncodingPass.Result
    if let sizeLimit {
      result = try SizeTarget(
        limit: sizeLimit, soundBitrate: soundBitrate(of: pass), expectedLength: pass.length, name: output.path
      )
      .encode { bitrate throws(ImageError) in try pass.run(bitrate: bitrate, progress: progress) }
    } else {
      result = try pass.run(bitrate: nil, progress: progress)
    }
    try place(result, at: output)
    progress(1)
    return VideoExportSummary(
      width: result.width, height: result.height, frameCount: result.frameCount, duration: result.duration,
      bytes: result.bytes, sound: !pass.hasSound ? .none : pass.keepsSound ? .kept : .encoded,
      layout: pass.layout)
  }

  /// Renames the pass's file to `output`, replacing what is there; the file is removed either way.
  static func place(_ result: VideoEncodingPass.Result, at output: URL) throws(ImageError) {
    defer { try? FileManager.default.removeItem(at: result.file) }
    guard rename(result.file.path, output.path) == 0 else {
      throw ImageError(path: output.path, kind: .writeFailed, reason: String(cString: strerror(errno)))
    }
  }

  /// The sound's bits a second, as the encoders are set (kept sound taken as AAC's usual 128 kbit/s).
  static func soundBitrate(of pass: VideoEncodingPass) -> Int {
    guard pass.hasSound else { return 0 }
    if pass.keepsSound { return 128_000 }
    return pass.format == .mp4 ? 160_000 : 96_000
  }

  /// The nominal frame rate at `speed`, as a fraction; 30 a second when the file does not say.
  static func frameRate(of info: VideoInfo, speed: Double) -> (Int, Int) {
    guard info.rateNumerator > 0, info.rateDenominator > 0 else { return (30, 1) }
    return (Int((Double(info.rateNumerator) * speed * 1000).rounded()), info.rateDenominator * 1000)
  }

  /// A hidden file in `output`'s folder, so that the finished file is renamed into place.
  static func temporaryFile(besides output: URL, extension: String) -> URL {
    output.deletingLastPathComponent().appendingPathComponent(
      ".\(output.lastPathComponent).\(UUID().uuidString).\(`extension`)")
  }
}
