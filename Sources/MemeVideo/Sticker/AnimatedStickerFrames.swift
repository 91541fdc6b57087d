// SPDX-License-Identifier: GPL-3.0-or-later
import MemeCore

/// The frames of an animated sticker, gathered from a moving picture as it plays: its first three
/// seconds (as timed), at most thirty frames a second (a frame sooner than a thirtieth of a second
/// after the last one kept is left out), each already the sticker's picture.
struct AnimatedStickerFrames {
  private(set) var frames: [(picture: RasterImage, time: Double)] = []
  /// When the last frame kept stops showing, in seconds, at most three.
  private(set) var end = 0.0
  private var shortestGap = Double.infinity

  static let longest = StickerExport.longestAnimation
  static let slot = 1 / Double(StickerExport.highestFrameRate)

  /// Whether the moving picture has played past what a sticker keeps at `time` seconds.
  func isDone(at time: Double) -> Bool { time >= Self.longest }

  /// Whether a frame starting at `time` is kept.
  func wants(_ time: Double) -> Bool {
    guard !isDone(at: time) else { return false }
    guard let last = frames.last else { return true }
    return time >= last.time + Self.slot * 0.99
  }

  mutating func add(_ picture: RasterImage, time: Double, duration: Double?) {
    if let last = frames.last { shortestGap = min(shortestGap, time - last.time) }
    frames.append((picture, time))
    end = min(Self.longest, max(end, time + (duration ?? Self.slot)))
  }

  /// The constant rate the frames are encoded at: as often as they change, at most thirty a second.
  var frameRate: Int {
    guard shortestGap.isFinite, shortestGap > 0 else { return StickerExport.highestFrameRate }
    return min(StickerExport.highestFrameRate, max(1, Int((1 / shortestGap).rounded())))
  }

  /// The frame shown at each of the rate's moments, from 0 to `end`.
  var shown: [RasterImage] {
    let rate = Double(frameRate)
    let count = max(1, Int((end * rate - 0.001).rounded(.up)))
    var index = 0
    return (0..<count).map { moment in
      let time = Double(moment) / rate + 0.001
      while index + 1 < frames.count, frames[index + 1].time <= time { index += 1 }
      return frames[index].picture
    }
  }
}
