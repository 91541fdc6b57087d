// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore

/// An animated picture played on the canvas: each frame is decoded when it is to be shown, onto the
/// reader's one canvas (memory holds one frame whatever the frame count), and after the last the
/// reader starts again from the first. No GTK: the canvas's timer calls `advance()`, and stops on
/// the last frame once the animation has played as many times as its file says (`isAtTheEnd`).
public final class AnimationPlayer: FramePlayer {
  public let frameCount: Int
  /// How many times the file says the animation plays; 0 for ever.
  public let playCount: Int
  /// How many times it has played to its last frame and started again.
  private var completedPlays = 0
  /// The index of the frame shown, from 0.
  public private(set) var frameIndex = 0
  /// The frame shown, at the animation's size (the editor picture's `full` size). The next
  /// `advance()` draws the next frame into it (or replaces it, when the animation starts again).
  public var frame: RasterImage? { canvas }
  /// The reader's canvas, holding the frame shown.
  private var canvas: RasterImage
  public private(set) var time = 0
  /// How long the frame shown stays, in milliseconds, as browsers play it: a delay under 20 ms
  /// plays at 100 ms (`AnimationLimits.playedDelay`).
  public private(set) var delay: Int
  private let reader: AnimationReader

  /// Opens the animation at `url` and shows its first frame.
  public init(contentsOf url: URL) throws(ImageError) {
    reader = try AnimationReader(contentsOf: url)
    frameCount = reader.info.frameCount
    playCount = reader.info.playCount
    guard let first = try reader.nextFrame() else {
      throw ImageError(
        path: url.path, kind: .corrupt, reason: localized("the animation is damaged or has no whole frame"))
    }
    canvas = reader.canvas
    delay = AnimationLimits.playedDelay(first)
  }

  /// Whether the frame shown is the last of the animation's last play: it stays, as browsers leave
  /// it. Never for an animation that plays for ever.
  public var isAtTheEnd: Bool {
    playCount > 0 && frameIndex == frameCount - 1 && completedPlays + 1 >= playCount
  }

  /// Shows the next frame, or the first after the last.
  public func advance() throws(ImageError) {
    if let next = try reader.nextFrame() {
      frameIndex += 1
      time += delay
      delay = AnimationLimits.playedDelay(next)
      canvas = reader.canvas
    } else {
      try showFirstFrame()
      completedPlays += 1
    }
  }

  /// Shows the first frame, to play the animation its number of times again.
  public func startOver() throws(ImageError) {
    try showFirstFrame()
    completedPlays = 0
  }

  /// Shows frame `index` (stepping by hand: the plays counted so far stay as they were). Frames
  /// build on the ones before them, so a step back decodes from the first frame again: one frame in
  /// memory still, at the cost of time for a long animation.
  public func seek(toFrame index: Int) throws(ImageError) {
    let target = min(max(index, 0), frameCount - 1)
    if target < frameIndex || target == 0 { try showFirstFrame() }
    while frameIndex < target {
      guard let next = try reader.nextFrame() else { break }
      frameIndex += 1
      time += delay
      delay = AnimationLimits.playedDelay(next)
    }
    canvas = reader.canvas
  }

  private func showFirstFrame() throws(ImageError) {
    try reader.rewind()
    frameIndex = 0
    time = 0
    delay = AnimationLimits.playedDelay(try reader.nextFrame() ?? 0)
    canvas = reader.canvas
  }
}
