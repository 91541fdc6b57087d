// SPDX-License-Identifier: GPL-3.0-or-later

/// The frames an animation shows when a `PlaybackTiming` plays it, in the order shown and each for
/// how long: what the editor's preview plays, worked out by the exporter's own `FrameRetimer` so
/// that the preview and the exported file keep the same frames for the same time.
public struct PlaybackPlan: Sendable, Equatable {
  /// One frame shown: the source's frame `frame` (from 0), for `delay` milliseconds.
  public struct Step: Sendable, Equatable {
    public let frame: Int
    public let delay: Int
  }

  /// Never empty: a timing that keeps no frame shows the source's first one, for its time.
  public let steps: [Step]

  /// The plan of an animation whose frames are shown for `delays` milliseconds each (as its file
  /// says), played as `timing` says and timed in `format`'s ticks. Delays are the ones players
  /// show (`AnimationLimits.playedDelay`).
  public init(delays: [Int], timing: PlaybackTiming, format: AnimationFormat) {
    var retimer = FrameRetimer(timing, for: format)
    var steps: [Step] = []
    for (frame, delay) in delays.enumerated() {
      if retimer.isPastKeptPart && retimer.keptFrames > 0 { break }
      guard let written = retimer.delay(ofFrameShownFor: delay) else { continue }
      steps.append(Step(frame: frame, delay: AnimationLimits.playedDelay(written)))
    }
    if steps.isEmpty {
      steps = [Step(frame: 0, delay: AnimationLimits.playedDelay(delays.first ?? 0))]
    }
    self.steps = timing.isReversed ? steps.reversed() : steps
  }

  /// How long the plan plays once, in milliseconds.
  public var duration: Int { steps.reduce(0) { $0 + $1.delay } }
}
