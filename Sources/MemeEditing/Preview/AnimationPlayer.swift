// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore

/// An animated picture played on the canvas: each frame is decoded when it is to be shown, onto the
/// reader's one canvas (memory holds one frame whatever the frame count), and after the last the
/// reader starts again from the first. No GTK: the canvas's timer calls `advance()`, and stops on
/// the last frame once the animation has played as many times as it should (`isAtTheEnd`).
///
/// It plays as `timing` says: the frames and delays of its `PlaybackPlan` (the exporter's own
/// retiming), so the kept part, the speed and the direction are the ones a share writes. Its frame
/// index counts the frames played; `sourceFrameIndex` is the file's frame shown.
public final class AnimationPlayer: FramePlayer {
  /// Where the file's frames lie in time, read once when it is opened.
  public let timeline: AnimationTimeline
  /// How many times the file says the animation plays; 0 for ever.
  public let filePlayCount: Int
  /// How the animation plays; a change keeps the frame shown when it is still played.
  public var timing = PlaybackTiming() {
    didSet {
      guard timing != oldValue else { return }
      let shown = sourceFrameIndex
      plan = PlaybackPlan(delays: timeline.delays, timing: timing, format: format)
      position = plan.steps.firstIndex { $0.frame == shown } ?? 0
      completedPlays = 0
      try? show(sourceFrame: plan.steps[position].frame)
    }
  }
  private let format: AnimationFormat
  private var plan: PlaybackPlan
  /// The step of the plan shown.
  private var position = 0
  /// How many times it has played to its last frame and started again.
  private var completedPlays = 0
  /// The file's frame on the reader's canvas, from 0.
  public private(set) var sourceFrameIndex = 0
  /// The reader's canvas, holding the frame shown.
  private var canvas: RasterImage
  private let reader: AnimationReader

  /// Opens the animation at `url` (of `format`'s kind, whose ticks the timing is counted in) and
  /// shows its first frame. Where its frames lie is `timeline` when it was read already (for as
  /// many frames as the file has), else read here.
  public init(contentsOf url: URL, format: AnimationFormat = .gif, timeline known: AnimationTimeline? = nil)
    throws(ImageError)
  {
    reader = try AnimationReader(contentsOf: url)
    self.format = format
    filePlayCount = reader.info.playCount
    if let known, known.frameCount == reader.info.frameCount {
      timeline = known
    } else {
      timeline = try AnimationTimeline(readingFramesOf: reader)
    }
    plan = PlaybackPlan(delays: timeline.delays, timing: timing, format: format)
    try reader.rewind()
    _ = try reader.nextFrame()
    canvas = reader.canvas
  }

  public var frameCount: Int { plan.steps.count }
  /// The frame shown, at the animation's size (the editor picture's `full` size).
  public var frame: RasterImage? { canvas }
  public var frameIndex: Int { position }
  /// How many times the animation plays: as the timing says, else as the file says; 0 for ever.
  public var playCount: Int { timing.playCount ?? filePlayCount }
  /// The moment of the source the frame shown starts at (milliseconds), at which the layers are
  /// drawn, as the export draws them.
  public var time: Int { Int((timeline.start(ofFrame: sourceFrameIndex) * 1000).rounded()) }
  /// How long the frame shown stays, in milliseconds.
  public var delay: Int { plan.steps[position].delay }

  /// Whether the frame shown is the last of the animation's last play: it stays, as browsers leave
  /// it. Never for an animation that plays for ever.
  public var isAtTheEnd: Bool {
    playCount > 0 && position == frameCount - 1 && completedPlays + 1 >= playCount
  }

  /// Shows the next frame, or the first after the last.
  public func advance() throws(ImageError) {
    if position + 1 < frameCount {
      position += 1
    } else {
      position = 0
      completedPlays += 1
    }
    try show(sourceFrame: plan.steps[position].frame)
  }

  /// Shows the first frame, to play the animation its number of times again.
  public func startOver() throws(ImageError) {
    position = 0
    completedPlays = 0
    try show(sourceFrame: plan.steps[0].frame)
  }

  /// Shows frame `index` of those played (stepping by hand: the plays counted so far stay as they
  /// were).
  public func seek(toFrame index: Int) throws(ImageError) {
    position = min(max(index, 0), frameCount - 1)
    try show(sourceFrame: plan.steps[position].frame)
  }

  /// Decodes the file's frame `target` onto the canvas. Frames build on the ones before them, so
  /// a step back (a reversed animation's every step) decodes from the first frame again: one frame
  /// in memory still, at the cost of time for a long animation.
  private func show(sourceFrame target: Int) throws(ImageError) {
    if target < sourceFrameIndex || target == 0 {
      try reader.rewind()
      _ = try reader.nextFrame()
      sourceFrameIndex = 0
    }
    while sourceFrameIndex < target {
      guard try reader.nextFrame() != nil else { break }
      sourceFrameIndex += 1
    }
    canvas = reader.canvas
  }
}
