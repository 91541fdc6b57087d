// SPDX-License-Identifier: GPL-3.0-or-later

/// A sticker's picture decoded, ready to draw: one frame for a still picture or an emoji, every
/// frame with its delay for an animated GIF or WebP.
///
/// Unchecked Sendable: the frames are made once, never drawn on, and only read as the source of a
/// drawing, on whichever thread draws the meme.
public final class StickerFrames: @unchecked Sendable {
  let frames: [RasterImage]
  /// How long each frame is shown, in milliseconds (as played, see `AnimationLimits.playedDelay`).
  public let delays: [Int]

  init(frames: [RasterImage], delays: [Int]) {
    precondition(!frames.isEmpty && frames.count == delays.count)
    self.frames = frames
    self.delays = delays
  }

  public var isAnimated: Bool { frames.count > 1 }
  public var frameCount: Int { frames.count }
  /// One play of the animation, in milliseconds.
  public var duration: Int { delays.reduce(0, +) }

  /// The size the picture is drawn from (a large picture is kept smaller, see `StickerPictures`).
  public var width: Int { frames[0].width }
  public var height: Int { frames[0].height }

  /// The bytes the frames take.
  var byteCount: Int { frames.reduce(0) { $0 + $1.stride * $1.height } }

  /// The frame shown `time` milliseconds into the meme's animation, looping; the first for nil.
  func frame(atMilliseconds time: Int?) -> RasterImage {
    guard let time, isAnimated, duration > 0 else { return frames[0] }
    var left = time % duration
    for (frame, delay) in zip(frames, delays) {
      if left < delay { return frame }
      left -= delay
    }
    return frames[frames.count - 1]
  }
}
