// SPDX-License-Identifier: GPL-3.0-or-later

/// How a moving picture (a video, a GIF or WebP animation) plays in the meme: the part kept, the
/// speed, the direction, how many times it plays and whether a video's sound is kept.
public struct PlaybackTiming: Sendable, Hashable, Codable {
  /// Where the kept part starts and ends, in seconds into the source (`end` nil for its end).
  public var start: Double
  public var end: Double?
  /// How much faster than the source the meme plays: 0.25 to 4.
  public var speed: Double
  /// Whether a video's sound is left out.
  public var isMuted: Bool
  /// Whether the kept part plays from its end back to its start.
  public var isReversed: Bool
  /// How many times an animation plays: nil as the source says, 0 for ever, else that many times
  /// (at most `playCounts.upperBound`, what a WebP can say).
  public var playCount: Int?

  public static let speeds: ClosedRange<Double> = 0.25...4
  public static let playCounts: ClosedRange<Int> = 0...65535

  public init(
    start: Double = 0, end: Double? = nil, speed: Double = 1, isMuted: Bool = false, isReversed: Bool = false,
    playCount: Int? = nil
  ) {
    self.start = max(0, start)
    self.end = end
    self.speed = min(Self.speeds.upperBound, max(Self.speeds.lowerBound, speed))
    self.isMuted = isMuted
    self.isReversed = isReversed
    self.playCount = playCount.map { min(Self.playCounts.upperBound, max(Self.playCounts.lowerBound, $0)) }
  }

  private enum CodingKeys: String, CodingKey {
    case start, end, speed, isMuted, isReversed, playCount
  }

  /// Decodes what any version wrote: a timing from before reversing and play counts existed plays
  /// forwards, as often as its source says.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      start: try container.decodeIfPresent(Double.self, forKey: .start) ?? 0,
      end: try container.decodeIfPresent(Double.self, forKey: .end),
      speed: try container.decodeIfPresent(Double.self, forKey: .speed) ?? 1,
      isMuted: try container.decodeIfPresent(Bool.self, forKey: .isMuted) ?? false,
      isReversed: try container.decodeIfPresent(Bool.self, forKey: .isReversed) ?? false,
      playCount: try container.decodeIfPresent(Int.self, forKey: .playCount))
  }

  /// Whether the sound can be kept as the file has it, packet for packet: the whole video, at its
  /// speed, forwards, with its sound.
  public var keepsSoundAsItIs: Bool { start == 0 && end == nil && speed == 1 && playsVideoSound }

  /// Whether a video's sound is in the meme: not muted, and played forwards. A reversed video is
  /// written without its sound, as the Timing popover and `mememe render --help` say: sound played
  /// backwards is noise nobody shares, and reversing it would hold the whole track.
  public var playsVideoSound: Bool { !isMuted && !isReversed }

  /// Whether every frame is kept for as long as the source shows it (whatever the direction).
  public var keepsEveryDelay: Bool { start == 0 && end == nil && speed == 1 }

  /// Whether an animation plays exactly as its source: every frame, at its delay, forwards, as
  /// often as the source says (a video's sound has no part in it).
  public var playsAnimationAsItIs: Bool { keepsEveryDelay && !isReversed && playCount == nil }

  /// The meme's time of the source's moment `time` (seconds).
  public func memeTime(of time: Double) -> Double { max(0, time - start) / speed }

  /// How long the meme plays, for a source of `duration` seconds.
  public func memeDuration(ofVideoLasting duration: Double) -> Double {
    max(0, min(end ?? duration, duration) - start) / speed
  }
}
