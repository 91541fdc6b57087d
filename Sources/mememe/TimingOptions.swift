// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import MemeCore

/// `--trim START,END`, `--speed X`, `--reverse`, `--loop N|forever` and `--mute`: how a video or
/// an animation plays in the meme (see `PlaybackTiming`).
struct TimingOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "Keep the part of the video or animation from START to END seconds (END empty for its end), "
        + "e.g. --trim 1.5,4.",
      valueName: "START,END"))
  var trim: String?

  @Option(
    help: ArgumentHelp(
      "Play the video or animation X times as fast, \(PlaybackTiming.speeds.lowerBound) to "
        + "\(PlaybackTiming.speeds.upperBound) (a video's sound keeps its pitch).", valueName: "X"))
  var speed: Double?

  @Flag(
    help:
      "Play the video or animation backwards (after --trim and --speed); a reversed MP4 or WebM has no sound."
  )
  var reverse = false

  @Option(
    help: ArgumentHelp(
      "Make the GIF or WebP play N times (1 to \(PlaybackTiming.playCounts.upperBound)), or for ever; "
        + "default: as the source does.", valueName: "N|forever"))
  var loop: String?

  @Flag(help: "Leave the video's sound out.")
  var mute = false

  /// Whether any of them was given (they apply to moving pictures only).
  var isGiven: Bool { trim != nil || speed != nil || mute || reverse || loop != nil }

  /// Fails with one line when an option of a video only (--mute) is given for an animation.
  func checkForAnimation() throws {
    if mute { throw CommandFailure("--mute applies to videos: an animation has no sound") }
  }

  /// Fails with one line when an option of animations only (--loop) is given for an MP4 or WebM.
  func checkForVideo() throws {
    if loop != nil {
      throw CommandFailure("--loop applies to GIF and WebP: an MP4 or WebM plays once, as players loop it")
    }
  }

  /// The timing asked for, each value checked.
  func timing() throws -> PlaybackTiming {
    var start = 0.0
    var end: Double?
    if let trim {
      let parts = trim.split(separator: ",", omittingEmptySubsequences: false).map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      guard parts.count == 2, let first = Double(parts[0]), first >= 0, first.isFinite,
        parts[1].isEmpty || Double(parts[1]).map({ $0.isFinite && $0 > first }) == true
      else {
        throw CommandFailure(
          "--trim must be START,END in seconds, END after START (END empty for the end), not \(alwaysQuoted(trim))"
        )
      }
      start = first
      end = parts[1].isEmpty ? nil : Double(parts[1])
    }
    if let speed, !PlaybackTiming.speeds.contains(speed) {
      throw CommandFailure(
        "--speed must be between \(PlaybackTiming.speeds.lowerBound) and \(PlaybackTiming.speeds.upperBound), not \(speed)"
      )
    }
    return PlaybackTiming(
      start: start, end: end, speed: speed ?? 1, isMuted: mute, isReversed: reverse,
      playCount: try playCount())
  }

  /// --loop's play count: nil without it, 0 for ever.
  private func playCount() throws -> Int? {
    guard let loop else { return nil }
    if loop.trimmingCharacters(in: .whitespaces).lowercased() == "forever" { return 0 }
    let plays = PlaybackTiming.playCounts.upperBound
    guard let count = Int(loop.trimmingCharacters(in: .whitespaces)), (1...plays).contains(count) else {
      throw CommandFailure(
        "--loop must be a number of plays from 1 to \(plays), or forever, not \(alwaysQuoted(loop))")
    }
    return count
  }
}
