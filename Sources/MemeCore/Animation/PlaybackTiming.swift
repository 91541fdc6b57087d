// SPDX-License-Identifier: GPL-3.0-or-later

/// How a moving picture (a video, a GIF or WebP animation) plays in the meme: the part kept, the
/// speed and whether a video's sound is kept.
public struct PlaybackTiming: Sendable, Hashable, Codable {
  /// Where the kept part starts and ends, in seconds into the source (`end` nil for its end).
  public var start: Double
  public var end: Double?
  /// How much faster than the source the meme plays: 0.25 to 4.
  public var speed: Double
  /// Whether a video's sound is left out.
  public var isMuted: Bool

  public static let speeds: ClosedRange<Double> = 0.25...4

  public init(start: Double = 0, end: Double? = nil, speed: Double = 1, isMuted: Bool = false) {
    self.start = max(0, start)
    self.end = end
    self.speed = min(Self.speeds.upperBound, max(Self.speeds.lowerBound, speed))
    self.isMuted = isMuted
  }

  /// Whether the sound can be kept as the file has it, packet for packet: the whole video, at its
  /// speed, with its sound.
  public var keepsSoundAsItIs: Bool { start == 0 && end == nil && speed == 1 && !isMuted }

  /// The meme's time of the source's moment `time` (seconds).
  public func memeTime(of time: Double) -> Double { max(0, time - start) / speed }

  /// How long the meme plays, for a source of `duration` seconds.
  public func memeDuration(ofVideoLasting duration: Double) -> Double {
    max(0, min(end ?? duration, duration) - start) / speed
  }
}
