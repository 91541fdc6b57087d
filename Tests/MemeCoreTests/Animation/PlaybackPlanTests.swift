// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import MemeCore

/// The preview's plan of an animation's frames (`PlaybackPlan`) and where its frames lie
/// (`AnimationTimeline`): the plan keeps what the exporter's `FrameRetimer` keeps, in the order a
/// reversed animation plays, and the timeline measures frames in played time (a 0 ms frame lasts
/// 100 ms), as the trim's seconds are.
@Suite struct PlaybackPlanTests {
  /// Milliseconds, as the reader gives them: 70, 0 (played for 100), 120, 300.
  static let delays = [70, 0, 120, 300]

  @Test func withoutATimingEveryFrameIsShownForItsPlayedTime() {
    let plan = PlaybackPlan(delays: Self.delays, timing: PlaybackTiming(), format: .gif)
    #expect(plan.steps.map(\.frame) == Array(Self.delays.indices))
    #expect(plan.steps.map(\.delay) == Self.delays.map(AnimationLimits.playedDelay))
  }

  @Test func aTrimKeepsTheFramesItOverlapsAndASpeedDividesTheirTime() {
    let timing = PlaybackTiming(start: 0.07, end: 0.29, speed: 2)
    let plan = PlaybackPlan(delays: Self.delays, timing: timing, format: .gif)
    // Frames 1 and 2 (70 to 170 ms, 170 to 290 ms), each for half its played time.
    #expect(plan.steps.map(\.frame) == [1, 2])
    #expect(plan.steps.map(\.delay) == [50, 60])
    let reversed = PlaybackPlan(
      delays: Self.delays, timing: PlaybackTiming(start: 0.07, isReversed: true), format: .gif)
    #expect(reversed.steps.map(\.frame) == [3, 2, 1])
    #expect(reversed.duration == 100 + 120 + 300)
  }

  @Test func aTrimThatKeepsNothingShowsTheFirstFrame() {
    let plan = PlaybackPlan(
      delays: Self.delays, timing: PlaybackTiming(start: 5), format: .webp(lossless: true, quality: 100))
    #expect(plan.steps == [PlaybackPlan.Step(frame: 0, delay: 70)])
  }

  @Test func theTimelineMeasuresFramesInPlayedTime() {
    let timeline = AnimationTimeline(delays: Self.delays)
    #expect(timeline.frameCount == 4 && timeline.duration == 0.59)
    #expect(timeline.start(ofFrame: 2) == 0.17 && timeline.end(ofFrame: 2) == 0.29)
    #expect((0...4).map(timeline.boundary) == [0, 0.07, 0.17, 0.29, 0.59])
    #expect(timeline.frame(at: 0.1) == 1 && timeline.frame(at: 0.17) == 2 && timeline.frame(at: 9) == 3)
    #expect(timeline.nearestBoundary(to: 0.2) == 2 && timeline.nearestBoundary(to: 0.5) == 4)
  }

  /// A video's frames each start at their own time to the millisecond: ten seconds at 30 a second
  /// last ten seconds (not 180 × 33 ms), and frames shorter than a GIF may have are played as they
  /// are (60 a second would otherwise be slowed to ten).
  @Test(arguments: [(30.0, 300), (60.0, 600), (29.97, 300), (240.0, 2400), (24.0, 1)])
  func aVideosTimelineKeepsItsFrameRate(frameRate: Double, frameCount: Int) {
    let timeline = AnimationTimeline(frameRate: frameRate, frameCount: frameCount)
    #expect(timeline.frameCount == frameCount)
    #expect(abs(timeline.duration - Double(frameCount) / frameRate) <= 0.0005)
    for frame in [0, frameCount / 3, frameCount - 1] {
      let start = Double(frame) / frameRate
      #expect(abs(timeline.start(ofFrame: frame) - start) <= 0.0005)
      #expect(timeline.frame(at: start + 0.4 / frameRate) == frame)
    }
    let shortest = Int((1000 / frameRate).rounded(.down))
    #expect(Set(timeline.delays).isSubset(of: [shortest, shortest + 1]))
  }
}
