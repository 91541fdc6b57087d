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
  /// share done, from 0 to 1.
  @discardableResult
  public static func export(
    _ captions: MemeCaptions, videoAt input: URL, to output: URL, as format: VideoFormat,
    transform: PictureTransform = .identity, timing: PlaybackTiming = PlaybackTiming(),
    limits: VideoLimits = VideoLimits(), description: String? = nil,
    cancellation: Cancellation = Cancellation(),
    progress: (Double) -> Void = { _ in }
  ) throws(ImageError) -> VideoExportSummary {
    if let reason = format.unavailableReason {
      throw ImageError(path: output.path, kind: .unsupported, reason: reason)
    }
    let keepsSound =
      timing.keepsSoundAsItIs && VideoMuxer.audioCodec(of: input).map(format.keptAudioCodecs.contains) == true
    let decodesSound = !timing.isMuted && !keepsSound
    // A meme that only draws over the picture is drawn once and laid over the frames as decoded;
    // any other is drawn on each frame (see `FrameCaptioner.overlay()`).
    let mayOverlay =
      captions.layout == .classic && transform.isIdentity && !captions.effects.changesPicture
      && !captions.hasAnimatedLayers
    var source = try VideoSource(
      contentsOf: input, decodingAudio: decodesSound, yuvFrames: mayOverlay, limits: limits)
    let info = source.info
    if let duration = info.duration, timing.start >= duration {
      throw ImageError(
        path: input.path, kind: .unsupported, reason: localized("the trim starts after the video's end"))
    }
    try MemeExporter.check(transform, fits: (info.width, info.height), name: input.path)
    var captioner = FrameCaptioner(
      captions, sourceWidth: info.width, sourceHeight: info.height, transform: transform)
    let overlay = mayOverlay && info.width % 2 == 0 && info.height % 2 == 0 ? captioner.overlay() : nil
    if mayOverlay && overlay == nil {
      source = try VideoSource(contentsOf: input, decodingAudio: decodesSound, limits: limits)
    }
    let encodesSound = info.hasAudio && decodesSound
    let encoded = temporaryFile(besides: output, extension: "mkv")
    defer { try? FileManager.default.removeItem(at: encoded) }
    let encoder = try VideoEncoder(
      writingTo: encoded, format: format, width: captioner.outputWidth, height: captioner.outputHeight,
      frameRate: frameRate(of: info, speed: timing.speed), colorimetry: info.colorimetry, bitrate: nil,
      audioTempo: encodesSound ? timing.speed : nil, yuvFrames: overlay != nil, name: output.path)
    if encodesSound { source.forwardAudio(to: encoder, from: timing.start) }
    try source.play(from: timing.start, to: timing.end)
    let length = info.duration.map { timing.memeDuration(ofVideoLasting: $0) }
    let frameOverlay = overlay.flatMap(FrameOverlay.init)
    var frameCount = 0
    var lastTime = 0.0
    while let frame = try source.nextFrame() {
      try cancellation.check(name: output.path)
      let time = timing.memeTime(of: frame.time)
      let duration = frame.duration.map { $0 / timing.speed }
      if overlay != nil {
        try encoder.add(frame, overlay: frameOverlay, time: time, duration: duration)
      } else {
        guard let meme = captioner.caption(try frame.image(), at: Int(time * 1000), drawingOnSource: true)
        else {
          throw ImageError(
            path: input.path, kind: .outOfMemory, reason: localized("not enough memory for the video"))
        }
        try encoder.add(meme, time: time, duration: duration)
      }
      frameCount += 1
      lastTime = time + (duration ?? 0)
      if let length, length > 0 { progress(min(1, time / length)) }
    }
    guard frameCount > 0 else {
      throw ImageError(path: input.path, kind: .corrupt, reason: localized("the video has no frames to keep"))
    }
    try encoder.finish(timeout: limits.frameTime * 4)
    try cancellation.check(name: output.path)
    let muxed = temporaryFile(besides: output, extension: format.rawValue)
    defer { try? FileManager.default.removeItem(at: muxed) }
    try VideoMuxer.mux(
      encoded: encoded, keepingAudioOf: keepsSound && info.hasAudio ? input : nil, to: muxed, as: format,
      description: description, name: output.path)
    guard rename(muxed.path, output.path) == 0 else {
      throw ImageError(
        path: output.path, kind: .writeFailed, reason: String(cString: strerror(errno)))
    }
    progress(1)
    return VideoExportSummary(
      width: encoder.width, height: encoder.height, frameCount: frameCount, duration: length ?? lastTime,
      sound: keepsSound && info.hasAudio ? .kept : encodesSound ? .encoded : .none, layout: captioner.layout)
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
