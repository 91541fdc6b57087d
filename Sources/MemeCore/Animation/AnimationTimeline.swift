// SPDX-License-Identifier: GPL-3.0-or-later

/// Where an animation's frames lie in its played time (`AnimationLimits.playedDelay`, the time the
/// trim's seconds are measured against): what trimming at a frame needs.
public struct AnimationTimeline: Sendable, Equatable {
  /// Each frame's delay as its file says, in milliseconds.
  public let delays: [Int]
  /// Where each frame starts, in played milliseconds, and where the last ends.
  private let bounds: [Int]

  /// An animation's frames, each lasting its delay as a browser plays it (`playedDelay`: a GIF's
  /// "as fast as you can" is slowed down).
  public init(delays: [Int]) {
    var bounds = [0]
    for delay in delays { bounds.append(bounds[bounds.count - 1] + AnimationLimits.playedDelay(delay)) }
    self.delays = delays
    self.bounds = bounds
  }

  /// `frameCount` frames at a steady `frameRate` (a video's): each frame starts at its own time
  /// rounded to the millisecond, so the delays alternate (33, 34, 33 … at 30 a second) and the
  /// whole lasts `frameCount / frameRate`, instead of drifting by a rounded delay's error per
  /// frame. A video plays every frame as long as it says, however short (no GIF rule).
  public init(frameRate: Double, frameCount: Int) {
    bounds = (0...max(0, frameCount)).map { Int((Double($0) * 1000 / frameRate).rounded()) }
    delays = zip(bounds.dropFirst(), bounds).map { $0 - $1 }
  }

  /// Where the frames of `reader`'s animation lie, read by decoding every frame (frames are
  /// composed over one another); stops between frames once `cancellation` is set. The reader is
  /// left after its last frame.
  public init(readingFramesOf reader: AnimationReader, cancellation: Cancellation? = nil) throws(ImageError) {
    try reader.rewind()
    var delays: [Int] = []
    while let delay = try reader.nextFrame() {
      delays.append(delay)
      try cancellation?.check(name: reader.name)
    }
    guard !delays.isEmpty else {
      throw ImageError(
        path: reader.name, kind: .corrupt, reason: localized("the animation is damaged or has no whole frame")
      )
    }
    self.init(delays: delays)
  }

  public var frameCount: Int { delays.count }
  /// How long the animation plays once, in seconds.
  public var duration: Double { Double(bounds[bounds.count - 1]) / 1000 }

  /// Where frame `index` starts, in seconds.
  public func start(ofFrame index: Int) -> Double { Double(bounds[clamped(index)]) / 1000 }
  /// Where frame `index` ends, in seconds.
  public func end(ofFrame index: Int) -> Double { Double(bounds[clamped(index) + 1]) / 1000 }

  /// The frame shown at `seconds` (the last one at and after the end).
  public func frame(at seconds: Double) -> Int {
    let milliseconds = Int((seconds * 1000).rounded())
    let after = bounds.firstIndex { $0 > milliseconds } ?? bounds.count
    return clamped(after - 1)
  }

  /// Where boundary `index` lies, in seconds: 0 is the start, `frameCount` the end, and boundary
  /// `i` lies between frames `i - 1` and `i`.
  public func boundary(_ index: Int) -> Double { Double(bounds[min(max(index, 0), bounds.count - 1)]) / 1000 }

  /// The boundary between frames nearest to `seconds`.
  public func nearestBoundary(to seconds: Double) -> Int {
    let milliseconds = seconds * 1000
    return bounds.indices.min {
      abs(Double(bounds[$0]) - milliseconds) < abs(Double(bounds[$1]) - milliseconds)
    }
      ?? 0
  }

  private func clamped(_ index: Int) -> Int { min(max(index, 0), max(0, delays.count - 1)) }
}
