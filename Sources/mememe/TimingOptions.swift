// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import MemeCore

/// `--trim START,END`, `--speed X` and `--mute`: how a video plays in the meme (see `PlaybackTiming`).
struct TimingOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "Keep the part of the video from START to END seconds (END empty for its end), e.g. --trim 1.5,4.",
      valueName: "START,END"))
  var trim: String?

  @Option(
    help: ArgumentHelp(
      "Play the video X times as fast, \(PlaybackTiming.speeds.lowerBound) to \(PlaybackTiming.speeds.upperBound), "
        + "its sound's pitch kept.", valueName: "X"))
  var speed: Double?

  @Flag(help: "Leave the video's sound out.")
  var mute = false

  /// Whether any of them was given (they apply to videos only).
  var isGiven: Bool { trim != nil || speed != nil || mute }

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
    return PlaybackTiming(start: start, end: end, speed: speed ?? 1, isMuted: mute)
  }
}
