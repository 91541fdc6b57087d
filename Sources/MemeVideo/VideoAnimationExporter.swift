// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore

/// What a GIF or WebP of a video is, for the caller to report.
public struct VideoAnimationSummary {
  public let width: Int
  public let height: Int
  public let frameCount: Int
  /// Seconds the animation plays once.
  public let duration: Double
  /// What a size limit made of the file (nil without one).
  public let fit: AnimationFit?
  public let layout: MemeLayout
}

/// A short video clip as a GIF or animated WebP: its frames decoded, captioned by the one drawing
/// path (`FrameCaptioner`), at most `maximumFrameRate` a second, and written by the
/// animation exporter's own encoders and size limit (`AnimationExporter.export(frames:…)`), one
/// frame at a time: memory holds a frame or two whatever the clip's length (a reversed clip a
/// stretch of them, `BackwardFrames`). No sound, of course.
public enum VideoAnimationExporter {
  /// The longest clip (after the trim and the speed) a GIF or WebP is made of, in seconds: longer,
  /// the file is too large to share where these formats go.
  public static let longestClip = 15.0
  /// The longer side a GIF or WebP of a video has unless a width is asked for: a chat's size, and a
  /// GIF of a 1080p video would take minutes and tens of megabytes.
  public static let longestSide = 640
  /// The most frames a second it keeps (`VideoFrameDelays`): smooth, and a GIF's hundredths of a
  /// second can still say it.
  public static let maximumFrameRate = 30.0

  /// Whether a GIF or WebP may be made of a video lasting `duration` seconds played as `timing` says.
  public static func allows(videoLasting duration: Double?, timing: PlaybackTiming) -> Bool {
    guard let duration else { return false }
    return timing.memeDuration(ofVideoLasting: duration) <= longestClip + 0.0005
  }

  /// Writes `captions` on every kept frame of the video at `input` to `destination` as a `format`
  /// animation, `transform` and `timing` applied (trim, speed, reverse; played `timing.playCount`
  /// times, else for ever), `width` pixels wide (else within `longestSide`). A clip longer than
  /// `longestClip` fails with one line, writing nothing; so does a size limit not even the smallest
  /// frames meet (`.overSizeLimit`).
  @discardableResult
  public static func export(
    _ captions: MemeCaptions, videoAt input: URL, to destination: ImageDestination,
    as format: AnimationFormat,
    transform: PictureTransform = .identity, timing: PlaybackTiming = PlaybackTiming(), width: Int? = nil,
    limits: VideoLimits = VideoLimits(), description: String? = nil, sizeLimit: Int? = nil,
    cancellation: Cancellation = Cancellation()
  ) throws(ImageError) -> VideoAnimationSummary {
    let source = try VideoSource(contentsOf: input, decodingAudio: false, limits: limits)
    let info = source.info
    if let duration = info.duration, timing.start >= duration {
      throw ImageError(
        path: input.path, kind: .unsupported, reason: localized("the trim starts after the video's end"))
    }
    let length = info.duration.map { timing.memeDuration(ofVideoLasting: $0) }
    if let length, length > longestClip + 0.0005 { throw tooLong(length, name: input.path) }
    try MemeExporter.check(transform, fits: (info.width, info.height), name: input.path)
    let size = transform.outputSize(sourceWidth: info.width, sourceHeight: info.height)
    let scaled = width ?? min(size.width, max(1, size.width * longestSide / max(size.width, size.height)))
    var captioner = FrameCaptioner(
      captions, sourceWidth: info.width, sourceHeight: info.height, transform: transform, width: scaled)
    try ImageLimits.checkScaled(
      width: captioner.outputWidth, height: captioner.outputHeight, maxPixels: limits.maxPixels,
      name: input.path)
    var frameCount = 0
    var end = 0.0
    let frames = { (body: (RasterImage, Int) throws(ImageError) -> Void) throws(ImageError) in
      var delays = VideoFrameDelays(for: format)
      var pending: RasterImage?
      // Each frame the rate keeps is handed on once the next one's start says how long it lasts.
      func hand(_ meme: RasterImage?, _ time: Double, _ duration: Double) throws(ImageError) {
        try cancellation.check(name: destination.name)
        if time > longestClip + 0.0005 { throw tooLong(time, name: input.path) }
        if let meme {
          if let pending { try body(pending, delays.delay(endingAt: time)) }
          pending = meme
          frameCount += 1
        }
        end = time + duration
      }
      if timing.isReversed {
        try BackwardFrames(
          source: source, timing: timing, allowance: limits.reversingMemory, cancellation: cancellation,
          name: destination.name
        ).play(captioning: &captioner) { (meme, time, duration) throws(ImageError) in
          try hand(delays.keeps(frameAt: time) ? meme : nil, time, duration)
        }
      } else {
        try source.play(from: timing.start, to: timing.end)
        let nominal = 1 / (info.frameRate ?? 30) / timing.speed
        while let frame = try source.nextFrame() {
          let time = timing.memeTime(of: frame.time)
          let meme = delays.keeps(frameAt: time) ? try caption(frame, at: time, with: &captioner) : nil
          try hand(meme, time, frame.duration.map { $0 / timing.speed } ?? nominal)
        }
      }
      guard let pending else {
        throw ImageError(
          path: input.path, kind: .corrupt, reason: localized("the video has no frames to keep"))
      }
      try body(pending, delays.delay(endingAt: end))
    }
    let fit = try AnimationExporter.export(
      frames: frames, width: captioner.outputWidth, height: captioner.outputHeight,
      frameCount: Int(((length ?? longestClip) * maximumFrameRate).rounded(.up)) + 1,
      playCount: timing.playCount ?? 0, drawing: captions, to: destination, as: format,
      description: description, sizeLimit: sizeLimit, cancellation: cancellation)
    return VideoAnimationSummary(
      width: fit?.width ?? captioner.outputWidth, height: fit?.height ?? captioner.outputHeight,
      frameCount: frameCount, duration: end, fit: fit, layout: captioner.layout)
  }

  private static func caption(_ frame: DecodedFrame, at time: Double, with captioner: inout FrameCaptioner)
    throws(ImageError) -> RasterImage
  {
    guard let meme = captioner.caption(try frame.image(), at: Int(time * 1000), drawingOnSource: true) else {
      throw ImageError(
        path: frame.path, kind: .outOfMemory, reason: localized("not enough memory for the video"))
    }
    return meme
  }

  /// The one line refusing a clip that plays `length` seconds.
  static func tooLong(_ length: Double, name: String) -> ImageError {
    ImageError(
      path: name, kind: .tooLarge,
      reason: String(
        format: localized(
          "the clip plays %.1f s: a GIF or WebP of a video may last up to %d s; trim it or speed it up"),
        length, Int(longestClip)))
  }
}
