// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The delays an animation's frames are written with when a `PlaybackTiming` trims it or changes
/// its speed: which frames are kept, and for how long each is shown.
///
/// The source's time is its played time (`AnimationLimits.playedDelay`: a 0 or 10 ms frame lasts
/// 100 ms, as players show it), since that is what the trim's seconds are measured against. A frame
/// is kept when its span overlaps the kept part, for the overlap only, divided by the speed. A
/// file counts time in whole ticks (a GIF in hundredths of a second), so each frame ends at the
/// tick nearest to where it should end: the rounding of one frame is made up by the next, and the
/// whole lasts what it should, not the sum of each frame's own rounding. No frame is written
/// shorter than `AnimationLimits.shortestPlayedDelay`, which players would show for 100 ms; the
/// frames after one lengthened so are shortened to catch up, when they can be.
struct FrameRetimer {
  let timing: PlaybackTiming
  /// The file's unit of time, in milliseconds.
  let tick: Int
  /// Where in the source (played milliseconds) the next frame starts.
  private(set) var sourceTime = 0.0
  /// Where in the meme the frames kept so far should end, and where the delays written end.
  private var memeTime = 0.0
  private var writtenTime = 0
  private(set) var keptFrames = 0

  init(_ timing: PlaybackTiming, for format: AnimationFormat) {
    self.timing = timing
    switch format {
    case .gif: tick = 10
    case .webp: tick = 1
    }
  }

  /// The kept part, in whole milliseconds into the source, as the delays are: 0.21 s is 210 ms,
  /// not a hair more that would keep the next frame for a moment.
  private var keptStart: Double { (timing.start * 1000).rounded() }
  private var keptEnd: Double { timing.end.map { ($0 * 1000).rounded() } ?? .infinity }

  /// The delay (milliseconds) to write for the next frame, which the source shows for `delay`
  /// milliseconds as its file says; nil when the frame is left out. The file's own delay when
  /// the timing keeps every delay, so an export without one writes what it always wrote.
  mutating func delay(ofFrameShownFor delay: Int) -> Int? {
    guard !timing.keepsEveryDelay else {
      keptFrames += 1
      return delay
    }
    let frameStart = sourceTime
    sourceTime += Double(AnimationLimits.playedDelay(delay))
    let overlap = min(sourceTime, keptEnd) - max(frameStart, keptStart)
    guard overlap > 0 else { return nil }
    memeTime += overlap / timing.speed
    let tickedEnd = Int((memeTime / Double(tick)).rounded()) * tick
    let written = max(AnimationLimits.shortestPlayedDelay, tickedEnd - writtenTime)
    writtenTime += written
    keptFrames += 1
    return written
  }

  /// Whether every frame from here on is left out: the source has played past the kept part.
  var isPastKeptPart: Bool { sourceTime >= keptEnd }

  /// The error of a trim that kept no frame, once every frame has been seen: it says how long the
  /// animation lasts, for the user to pick a part of it.
  func noFrameKept(name: String) -> ImageError {
    let formatter = NumberFormatter()
    formatter.numberStyle = .decimal
    formatter.maximumFractionDigits = 3
    let seconds = { (value: Double) in formatter.string(from: NSNumber(value: value)) ?? String(value) }
    let lasting = seconds(sourceTime / 1000)
    let reason =
      if let end = timing.end {
        String(
          format: localized("the part from %@ to %@ seconds keeps no frame: the animation lasts %@ seconds"),
          seconds(timing.start), seconds(end), lasting)
      } else {
        String(
          format: localized("the part from %@ seconds on keeps no frame: the animation lasts %@ seconds"),
          seconds(timing.start), lasting)
      }
    return ImageError(path: name, kind: .unsupported, reason: reason)
  }
}
