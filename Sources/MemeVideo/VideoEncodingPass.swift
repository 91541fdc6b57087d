// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore

/// One encoding of a video meme into a muxed file beside the output: the frames decoded, the meme
/// laid over or drawn on each, encoded at constant quality or at a bitrate, the sound kept or
/// encoded again. A size limit runs it again at a corrected bitrate (`VideoExporter`).
final class VideoEncodingPass {
  let input: URL
  let output: URL
  let format: VideoFormat
  let timing: PlaybackTiming
  let limits: VideoLimits
  let info: VideoInfo
  /// Whether the source's sound packets are copied (else decoded, and encoded again unless muted).
  let keepsSound: Bool
  let cancellation: Cancellation
  private var captioner: FrameCaptioner
  /// The meme drawn once to lay over I420 frames as decoded; nil when each frame is drawn on.
  private let overlay: RasterImage?
  /// The source opened to find the video's size, used by the first pass.
  private var opened: VideoSource?

  init(
    _ captions: MemeCaptions, videoAt input: URL, to output: URL, as format: VideoFormat,
    transform: PictureTransform, timing: PlaybackTiming, limits: VideoLimits, cancellation: Cancellation
  ) throws(ImageError) {
    self.input = input
    self.output = output
    self.format = format
    self.timing = timing
    self.limits = limits
    self.cancellation = cancellation
    keepsSound =
      timing.keepsSoundAsItIs && VideoMuxer.audioCodec(of: input).map(format.keptAudioCodecs.contains) == true
    // A meme that only draws over the picture is drawn once and laid over the frames as decoded;
    // any other is drawn on each frame (see `FrameCaptioner.overlay()`), and so is a reversed one,
    // whose frames are held captioned until handed on backwards (`BackwardFrames`).
    let mayOverlay =
      !timing.isReversed && captions.layout == .classic && transform.isIdentity
      && !captions.effects.changesPicture
      && !captions.hasAnimatedLayers
    let source = try VideoSource(
      contentsOf: input, decodingAudio: timing.playsVideoSound && !keepsSound, yuvFrames: mayOverlay,
      limits: limits)
    info = source.info
    if let duration = info.duration, timing.start >= duration {
      throw ImageError(
        path: input.path, kind: .unsupported, reason: localized("the trim starts after the video's end"))
    }
    try MemeExporter.check(transform, fits: (info.width, info.height), name: input.path)
    captioner = FrameCaptioner(
      captions, sourceWidth: info.width, sourceHeight: info.height, transform: transform)
    overlay = mayOverlay && info.width % 2 == 0 && info.height % 2 == 0 ? captioner.overlay() : nil
    opened = mayOverlay == (overlay != nil) ? source : nil
  }

  var layout: MemeLayout { captioner.layout }
  var hasSound: Bool { info.hasAudio && timing.playsVideoSound }
  var encodesSound: Bool { hasSound && !keepsSound }
  /// Seconds the meme plays, when the video says how long it is.
  var length: Double? { info.duration.map { timing.memeDuration(ofVideoLasting: $0) } }

  struct Result {
    /// The muxed file, hidden beside the output, for the caller to rename or remove.
    let file: URL
    let bytes: Int
    let frameCount: Int
    let width: Int
    let height: Int
    /// Seconds the meme plays (the last frame's end).
    let duration: Double
  }

  /// Encodes the meme at `bitrate` (bits a second of video; nil for constant quality).
  func run(bitrate: Int?, progress: (Double) -> Void) throws(ImageError) -> Result {
    let source: VideoSource
    if let opened {
      source = opened
      self.opened = nil
    } else {
      source = try VideoSource(
        contentsOf: input, decodingAudio: encodesSound, yuvFrames: overlay != nil, limits: limits)
    }
    let encoded = VideoExporter.temporaryFile(besides: output, extension: "mkv")
    defer { try? FileManager.default.removeItem(at: encoded) }
    let encoder = try VideoEncoder(
      writingTo: encoded, format: format, width: captioner.outputWidth, height: captioner.outputHeight,
      frameRate: VideoExporter.frameRate(of: info, speed: timing.speed), colorimetry: info.colorimetry,
      bitrate: bitrate, audioTempo: encodesSound ? timing.speed : nil, yuvFrames: overlay != nil,
      name: output.path)
    let frameOverlay = overlay.flatMap(FrameOverlay.init)
    if encodesSound { source.forwardAudio(to: encoder, from: timing.start) }
    var frameCount = 0
    var end = 0.0
    try frames(of: source) { (frame, meme, time, duration) throws(ImageError) in
      try cancellation.check(name: output.path)
      if let meme {
        try encoder.add(meme, time: time, duration: duration)
      } else if let frame {
        try encoder.add(frame, overlay: frameOverlay, time: time, duration: duration)
      }
      frameCount += 1
      end = time + (duration ?? 0)
      if let length, length > 0 { progress(min(1, time / length)) }
    }
    guard frameCount > 0 else {
      throw ImageError(path: input.path, kind: .corrupt, reason: localized("the video has no frames to keep"))
    }
    try encoder.finish(timeout: limits.frameTime * 4)
    try cancellation.check(name: output.path)
    let muxed = VideoExporter.temporaryFile(besides: output, extension: format.rawValue)
    do {
      try VideoMuxer.mux(
        encoded: encoded, keepingAudioOf: keepsSound && info.hasAudio ? input : nil, to: muxed, as: format,
        description: description, name: output.path)
    } catch {
      try? FileManager.default.removeItem(at: muxed)
      throw error
    }
    let bytes = (try? FileManager.default.attributesOfItem(atPath: muxed.path)[.size] as? Int) ?? 0
    return Result(
      file: muxed, bytes: bytes, frameCount: frameCount, width: encoder.width, height: encoder.height,
      duration: length ?? end)
  }

  /// Every kept frame of `source` with its time and duration in the meme (seconds), in the order
  /// played, for `body`: as decoded (`frame`, for the overlay) or captioned (`meme`); backwards for
  /// a reversed meme (`BackwardFrames`).
  private func frames(
    of source: VideoSource,
    into body: (DecodedFrame?, RasterImage?, Double, Double?) throws(ImageError) -> Void
  ) throws(ImageError) {
    if timing.isReversed {
      return try BackwardFrames(
        source: source, timing: timing, allowance: limits.reversingMemory, cancellation: cancellation,
        name: output.path
      ).play(captioning: &captioner) { (meme, time, duration) throws(ImageError) in
        try body(nil, meme, time, duration)
      }
    }
    try source.play(from: timing.start, to: timing.end)
    while let frame = try source.nextFrame() {
      let time = timing.memeTime(of: frame.time)
      let duration = frame.duration.map { $0 / timing.speed }
      if overlay != nil {
        try body(frame, nil, time, duration)
      } else {
        guard let meme = captioner.caption(try frame.image(), at: Int(time * 1000), drawingOnSource: true)
        else {
          throw ImageError(
            path: input.path, kind: .outOfMemory, reason: localized("not enough memory for the video"))
        }
        try body(nil, meme, time, duration)
      }
    }
  }

  /// The description the muxer writes (set by the exporter).
  var description: String?
}
