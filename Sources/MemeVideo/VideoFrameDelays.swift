// SPDX-License-Identifier: GPL-3.0-or-later
import MemeCore

/// Which frames of a video a GIF or WebP keeps, and how long each is shown. A video may have 60
/// frames a second or a variable rate; an animation keeps at most
/// `VideoAnimationExporter.maximumFrameRate` a second (the first
/// frame of each slot of that rate), each shown until the next kept one starts, so the animation
/// lasts what the clip does. A file counts time in ticks (a GIF in hundredths of a second), so
/// each frame ends at the tick nearest to where it should end: the rounding of one frame is made up
/// by the next (30 frames a second are 3, 3 and 4 hundredths), and none is written shorter than
/// `AnimationLimits.shortestPlayedDelay`, which players would slow down.
struct VideoFrameDelays {
  /// The file's unit of time, in milliseconds.
  let tick: Int
  private var lastSlot = Int.min
  private var writtenTime = 0

  init(for format: AnimationFormat) {
    tick =
      switch format {
      case .gif: 10
      case .webp: 1
      }
  }

  /// Whether the frame starting at `time` seconds into the meme is kept: the first of its slot.
  mutating func keeps(frameAt time: Double) -> Bool {
    // A hair of tolerance, so that a frame on a slot's start by the file's reckoning is in it.
    let slot = Int(saturating: (time * VideoAnimationExporter.maximumFrameRate + 1e-6).rounded(.down))
    guard slot > lastSlot else { return false }
    lastSlot = slot
    return true
  }

  /// The delay in milliseconds of the next kept frame, which is shown until `end` seconds into the meme.
  mutating func delay(endingAt end: Double) -> Int {
    let ticked = Int(saturating: (end * 1000 / Double(tick)).rounded()) * tick
    let written = max(AnimationLimits.shortestPlayedDelay, ticked - writtenTime)
    writtenTime += written
    return written
  }
}
