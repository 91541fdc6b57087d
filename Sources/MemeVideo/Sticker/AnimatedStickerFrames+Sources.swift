// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore

extension AnimatedStickerFrames {
  /// The sticker frames of the video at `input`, from `timing`'s start (from its end backwards when
  /// reversed), captioned by the one drawing path; the meme's layout with them.
  static func ofVideo(
    _ captions: MemeCaptions, at input: URL, transform: PictureTransform, timing: PlaybackTiming,
    limits: VideoLimits, cancellation: Cancellation
  ) throws(ImageError) -> (AnimatedStickerFrames, MemeLayout) {
    let source = try VideoSource(contentsOf: input, decodingAudio: false, limits: limits)
    let info = source.info
    try MemeExporter.check(transform, fits: (info.width, info.height), name: input.path)
    var captioner = FrameCaptioner(
      captions, sourceWidth: info.width, sourceHeight: info.height, transform: transform)
    var frames = AnimatedStickerFrames()
    if timing.isReversed {
      // The reversed meme's first seconds: the kept part's last ones, read backwards.
      var backward = BackwardFrames(
        source: source, timing: timing, allowance: limits.reversingMemory, cancellation: cancellation,
        name: input.path)
      backward.stopsAt = AnimatedStickerFrames.longest
      let layout = captioner
      try backward.play(captioning: &captioner) { (meme, time, duration) throws(ImageError) in
        guard frames.wants(time) else { return }
        try frames.add(sticker(meme, layout, input), time: time, duration: duration)
      }
      return (frames, captioner.layout)
    }
    try source.play(from: timing.start, to: timing.end)
    while let frame = try source.nextFrame() {
      try cancellation.check(name: input.path)
      let time = timing.memeTime(of: frame.time)
      if frames.isDone(at: time) { break }
      guard frames.wants(time) else { continue }
      let picture = try frame.image()
      try frames.add(
        sticker(captioner.caption(picture, at: Int(time * 1000), drawingOnSource: true), captioner, input),
        time: time, duration: frame.duration.map { $0 / timing.speed })
    }
    return (frames, captioner.layout)
  }

  /// The sticker frames of the animated GIF or WebP at `input`, from `timing`'s start.
  static func ofAnimation(
    _ captions: MemeCaptions, at input: URL, transform: PictureTransform, timing: PlaybackTiming,
    loader: ImageLoader, cancellation: Cancellation
  ) throws(ImageError) -> (AnimatedStickerFrames, MemeLayout) {
    let reader = try AnimationReader(contentsOf: input, loader: loader, limits: loader.animationLimits)
    try MemeExporter.check(transform, fits: (reader.info.width, reader.info.height), name: input.path)
    var captioner = FrameCaptioner(
      captions, sourceWidth: reader.info.width, sourceHeight: reader.info.height, transform: transform)
    var frames = AnimatedStickerFrames()
    var sourceTime = 0.0
    while let delay = try reader.nextFrame() {
      try cancellation.check(name: input.path)
      let shown = Double(AnimationLimits.playedDelay(delay)) / 1000
      defer { sourceTime += shown }
      if let end = timing.end, sourceTime >= end { break }
      guard sourceTime + shown > timing.start else { continue }
      let time = timing.memeTime(of: sourceTime)
      if frames.isDone(at: time) { break }
      guard frames.wants(time) else { continue }
      try frames.add(
        sticker(captioner.caption(reader.canvas, at: Int(time * 1000)), captioner, input), time: time,
        duration: (sourceTime + shown - max(sourceTime, timing.start)) / timing.speed)
    }
    return (frames, captioner.layout)
  }

  /// The sticker picture of `meme`, a frame `captioner` captioned (nil when out of memory).
  private static func sticker(_ meme: RasterImage?, _ captioner: FrameCaptioner, _ input: URL)
    throws(ImageError) -> RasterImage
  {
    guard let meme,
      let sticker = StickerExport.picture(of: meme, frame: captioner.layout.frame, evenSides: true)
    else {
      throw ImageError(
        path: input.path, kind: .outOfMemory, reason: localized("not enough memory for the sticker"))
    }
    return sticker
  }
}
