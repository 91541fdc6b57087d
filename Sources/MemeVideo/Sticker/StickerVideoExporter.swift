// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore

/// An animated sticker: a video or an animated GIF or WebP made a WebM of VP9 with its alpha
/// channel (see `StickerExport`): 512 pixels on its long side (the short side made even, as
/// 4:2:0's colour wants), the first three seconds of the meme as `timing` plays it (trimmed, faster
/// or slower; a video reversed too), at most thirty frames a second, no sound, at most 256 kB.
///
/// The frames are gathered once, already at the sticker's size, then encoded at the bitrate the
/// limit leaves over their length and again at a bitrate corrected by what that pass measured
/// (`SizeTarget`), until the file lands between 90 % and 100 % of the limit. A meme that not even
/// the lowest bitrate brings under the limit fails with `.overSizeLimit`, writing nothing.
public enum StickerVideoExporter {
  /// The moving pictures a sticker is made of.
  public enum Source: Sendable {
    case video
    /// An animated GIF or WebP, read within the loader's limits.
    case animation(ImageLoader)
  }

  @discardableResult
  public static func export(
    _ captions: MemeCaptions, from source: Source, at input: URL, to output: URL,
    transform: PictureTransform = .identity, timing: PlaybackTiming = PlaybackTiming(),
    limits: VideoLimits = VideoLimits(), sizeLimit: Int = StickerExport.animationByteLimit,
    cancellation: Cancellation = Cancellation(), progress: (Double) -> Void = { _ in }
  ) throws(ImageError) -> VideoExportSummary {
    let (frames, layout) =
      switch source {
      case .video:
        try AnimatedStickerFrames.ofVideo(
          captions, at: input, transform: transform, timing: timing, limits: limits,
          cancellation: cancellation)
      case .animation(let loader):
        try AnimatedStickerFrames.ofAnimation(
          captions, at: input, transform: transform, timing: timing, loader: loader,
          cancellation: cancellation)
      }
    guard let first = frames.frames.first?.picture else {
      throw ImageError(path: input.path, kind: .corrupt, reason: localized("the video has no frames to keep"))
    }
    let shown = frames.shown
    let rate = frames.frameRate
    let duration = Double(shown.count) / Double(rate)
    var passes = 0.0
    let result = try SizeTarget(
      limit: sizeLimit, soundBitrate: 0, expectedLength: duration, name: output.path
    )
    .encode { bitrate throws(ImageError) in
      passes += 1
      let file = VideoExporter.temporaryFile(besides: output, extension: "webm")
      do throws(ImageError) {
        let encoder = try StickerVideoEncoder(
          writingTo: file, width: first.width, height: first.height, frameRate: rate, bitrate: bitrate,
          name: output.path)
        for (index, frame) in shown.enumerated() {
          try cancellation.check(name: output.path)
          try encoder.add(frame)
          progress(min(0.99, (passes - 1 + Double(index) / Double(shown.count)) / Double(SizeTarget.tries)))
        }
        try encoder.finish()
      } catch {
        try? FileManager.default.removeItem(at: file)
        throw error
      }
      let bytes = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0
      return VideoEncodingPass.Result(
        file: file, bytes: bytes, frameCount: shown.count, width: first.width, height: first.height,
        duration: duration)
    }
    try VideoExporter.place(result, at: output)
    progress(1)
    return VideoExportSummary(
      width: result.width, height: result.height, frameCount: result.frameCount, duration: result.duration,
      bytes: result.bytes, sound: .none, layout: layout)
  }
}
