// SPDX-License-Identifier: GPL-3.0-or-later
import DiskTestSupport
import Foundation
import PictureChecks
import Testing

@testable import MemeCore

/// Animations trimmed, sped up, reversed and given a play count (`PlaybackTiming`), read back by
/// decoders that are not MemeMe's: Pillow for the frames, delays and loop value, ImageMagick for a
/// GIF's delays in hundredths and its composed frames. The expected frames and delays are worked
/// out by hand from the source (`AnimationSamples.colourSteps`): ten frames of one colour each,
/// 70 ms each (frame i shown from 70·i to 70·i + 70 ms).
@Suite(
  .enabled(
    if: (AnimationReferences.pillowAvailable && AnimationReferences.imageMagickAvailable)
      || RequiredTools.areRequired))
struct AnimationTimingTests {
  static let frameCount = AnimationSamples.stepCount
  static let width = 80
  static let height = 60
  static let noCaptions = MemeCaptions(top: "", bottom: "")
  static let gif = AnimationFormat.gif
  static let webp = AnimationFormat.webp(lossless: true, quality: 100)

  /// The source: `AnimationSamples.colourSteps`, repeated `loopValue` times after its first play.
  static func source(loopValue: Int? = 0, delays: [Int]? = nil) throws -> URL {
    let steps = AnimationSamples.colourSteps(
      width: width, height: height, loopValue: loopValue,
      delays: delays ?? Array(repeating: 7, count: frameCount))
    return try AnimationSamples.write(steps)
  }

  static func export(
    _ source: URL, as format: AnimationFormat, timing: PlaybackTiming,
    captions: MemeCaptions = noCaptions, limits: AnimationLimits = AnimationLimits()
  ) throws -> (url: URL, summary: AnimationExportSummary) {
    let output = ScratchFolder.unique("timed").appendingPathExtension(format.fileExtension)
    let summary = try AnimationExporter.export(
      captions, imageAt: source, to: .file(output), as: format, limits: limits, timing: timing)
    return (output, summary)
  }

  static func sourceFrame(shownBy frame: RasterImage) -> Int? { AnimationSamples.step(shownBy: frame) }

  /// A GIF's delays in hundredths of a second, as ImageMagick reads them.
  static func delaysByImageMagick(_ gif: URL) throws -> [Int] {
    let output = try JPEGTools.run("identify", ["-format", "%T\n", gif.path])
    return String(decoding: output, as: UTF8.self).split(separator: "\n").compactMap { Int($0) }
  }

  struct TrimCase: Sendable, CustomTestStringConvertible {
    let timing: PlaybackTiming
    let format: AnimationFormat
    /// The source frames kept, in order, and the delays (ms) they are written with.
    let frames: [Int]
    let delays: [Int]
    var testDescription: String {
      "\(format.fileExtension) from \(timing.start) to \(timing.end ?? -1) at \(timing.speed)"
    }
  }

  static let trimCases = [
    // From 100 to 500 ms: frame 1 (70–140) for its last 40 ms, frames 2 to 6 whole, frame 7
    // (490–560) for 10 ms, which is written as the shortest delay players keep, 20 ms.
    TrimCase(
      timing: PlaybackTiming(start: 0.1, end: 0.5), format: gif, frames: Array(1...7),
      delays: [40, 70, 70, 70, 70, 70, 20]),
    TrimCase(
      timing: PlaybackTiming(start: 0.1, end: 0.5), format: webp, frames: Array(1...7),
      delays: [40, 70, 70, 70, 70, 70, 20]),
    // Twice as fast, the frames should end at 20, 55, 90, 125, 160, 195 and 200 ms: a GIF ends
    // each on the nearest hundredth (20, 60, 90, 130, 160, 200, then 20 ms more at the least),
    // a WebP on the millisecond.
    TrimCase(
      timing: PlaybackTiming(start: 0.1, end: 0.5, speed: 2), format: gif, frames: Array(1...7),
      delays: [20, 40, 30, 40, 30, 40, 20]),
    TrimCase(
      timing: PlaybackTiming(start: 0.1, end: 0.5, speed: 2), format: webp, frames: Array(1...7),
      delays: [20, 35, 35, 35, 35, 35, 20]),
    // From 300 ms to the end: frame 4 (280–350) for 50 ms, frames 5 to 9 whole.
    TrimCase(
      timing: PlaybackTiming(start: 0.3), format: gif, frames: Array(4...9), delays: [50, 70, 70, 70, 70, 70]),
    // Half as fast, every frame.
    TrimCase(
      timing: PlaybackTiming(speed: 0.5), format: webp, frames: Array(0..<10),
      delays: Array(repeating: 140, count: 10)),
  ]

  @Test(arguments: trimCases)
  func trimAndSpeedKeepTheFramesAndDelaysWorkedOutByHand(trim: TrimCase) throws {
    let (output, summary) = try Self.export(try Self.source(), as: trim.format, timing: trim.timing)
    #expect(summary.frameCount == trim.frames.count)
    let reading = try AnimationReferences.readByPillow(output)
    #expect(reading.delays == trim.delays)
    #expect(reading.frames.map(Self.sourceFrame(shownBy:)) == trim.frames)
    if trim.format == Self.gif {
      #expect(try Self.delaysByImageMagick(output) == trim.delays.map { $0 / 10 })
    }
  }

  /// Ten 70 ms frames three times as fast last 233⅓ ms: each frame ends on the hundredth nearest
  /// to where it should, so the GIF lasts 23 hundredths (not ten frames of 2, 20), and a WebP
  /// 233 ms.
  @Test func aSpeedUpKeepsTheWholeDurationWhateverTheRounding() throws {
    let source = try Self.source()
    let timing = PlaybackTiming(speed: 3)
    let gif = try Self.export(source, as: Self.gif, timing: timing).url
    let hundredths = try Self.delaysByImageMagick(gif)
    #expect(hundredths == [2, 3, 2, 2, 3, 2, 2, 3, 2, 2])
    #expect(hundredths.reduce(0, +) == 23)
    let webp = try Self.export(source, as: Self.webp, timing: timing).url
    let milliseconds = try AnimationReferences.readByPillow(webp).delays
    #expect(milliseconds == [23, 24, 23, 23, 24, 23, 23, 24, 23, 23])
    #expect(milliseconds.reduce(0, +) == 233)
  }

  /// A frame the file shows for 0 or 10 ms is played for 100 ms (`AnimationLimits.playedDelay`),
  /// so that is the time a speed divides; and no frame is written shorter than 20 ms, the next ones
  /// shortened to catch up.
  @Test func delaysPlayersReplaceAreTimedAsTheyArePlayed() {
    var retimer = FrameRetimer(PlaybackTiming(speed: 2), for: Self.webp)
    #expect([0, 10, 30, 10].map { retimer.delay(ofFrameShownFor: $0) } == [50, 50, 20, 45])
    var untouched = FrameRetimer(PlaybackTiming(isReversed: true, playCount: 2), for: Self.gif)
    #expect([0, 10, 30].map { untouched.delay(ofFrameShownFor: $0) } == [0, 10, 30])
  }

  /// Reversed, frame k is the forward export's frame n − 1 − k, pixel for pixel, with its delay:
  /// a GIF composed by ImageMagick, a lossless WebP with captions (each frame the whole meme) by
  /// Pillow.
  @Test(arguments: [
    (gif, MemeCaptions(top: "", bottom: "")), (webp, MemeCaptions(top: "backwards", bottom: "again")),
  ])
  func aReversedAnimationIsTheForwardOneBackwards(format: AnimationFormat, captions: MemeCaptions) throws {
    let source = try Self.source()
    // From 100 to 450 ms: frame 1 for 40 ms, 2 to 5 whole, 6 (420–490) for 30 ms.
    let forward = PlaybackTiming(start: 0.1, end: 0.45)
    var backward = forward
    backward.isReversed = true
    let forwardFile = try Self.export(source, as: format, timing: forward, captions: captions).url
    let (backwardFile, summary) = try Self.export(source, as: format, timing: backward, captions: captions)
    #expect(summary.frameCount == 6)
    let forwardReading = try AnimationReferences.readByPillow(forwardFile)
    let backwardReading = try AnimationReferences.readByPillow(backwardFile)
    #expect(forwardReading.delays == [40, 70, 70, 70, 70, 30])
    #expect(backwardReading.delays == [30, 70, 70, 70, 70, 40])
    #expect(backwardReading.frames.map(Self.sourceFrame(shownBy:)) == [6, 5, 4, 3, 2, 1])
    let (forwardFrames, backwardFrames) =
      format == Self.gif
      ? (
        try AnimationReferences.coalescedByImageMagick(forwardFile),
        try AnimationReferences.coalescedByImageMagick(backwardFile)
      ) : (forwardReading.frames, backwardReading.frames)
    try #require(forwardFrames.count == 6 && backwardFrames.count == 6)
    for index in 0..<6 {
      #expect(differingPixels(backwardFrames[index], forwardFrames[5 - index]) == 0, "frame \(index)")
    }
  }

  struct LoopCase: Sendable, CustomTestStringConvertible {
    let format: AnimationFormat
    let playCount: Int?
    /// The file's plays, and the loop value Pillow reads (GIF: repeats after the first play, none
    /// for one play; WebP: plays).
    let plays: Int
    let loop: Int?
    var testDescription: String { "\(format.fileExtension) playCount \(playCount.map(String.init) ?? "nil")" }
  }

  /// The source repeats 4 times after its first play: 5 plays.
  @Test(arguments: [
    LoopCase(format: gif, playCount: nil, plays: 5, loop: 4),
    LoopCase(format: webp, playCount: nil, plays: 5, loop: 5),
    LoopCase(format: gif, playCount: 0, plays: 0, loop: 0),
    LoopCase(format: webp, playCount: 0, plays: 0, loop: 0),
    LoopCase(format: gif, playCount: 1, plays: 1, loop: nil),
    LoopCase(format: webp, playCount: 1, plays: 1, loop: 1),
    LoopCase(format: gif, playCount: 3, plays: 3, loop: 2),
    LoopCase(format: webp, playCount: 3, plays: 3, loop: 3),
  ])
  func thePlayCountIsTheOneAskedFor(loop: LoopCase) throws {
    let timing = PlaybackTiming(playCount: loop.playCount)
    let (output, summary) = try Self.export(try Self.source(loopValue: 4), as: loop.format, timing: timing)
    #expect(summary.playCount == loop.plays)
    let reading = try AnimationReferences.readByPillow(output)
    #expect(reading.loop == loop.loop)
    #expect(reading.delays == Array(repeating: 70, count: Self.frameCount))
    #expect(try AnimationReader(contentsOf: output).info.playCount == loop.plays)
  }

  /// A reaction GIF (a bubble cut out of it, nothing else drawn) is written frame by frame as it is
  /// coded unless it is timed: then it is made like any other. Twice as fast, the frames should end
  /// every 35 ms, so on the nearest hundredth 40, 70, 110, 140…; backwards, with those delays.
  @Test func aTimedReactionGIFIsTimed() throws {
    let captions = MemeCaptions(
      top: "", bottom: "", layers: [.bubble(SpeechBubble.reaction(transparent: true, size: 0.4))])
    let timing = PlaybackTiming(speed: 2, isReversed: true, playCount: 2)
    let (output, summary) = try Self.export(
      try Self.source(), as: Self.gif, timing: timing, captions: captions)
    #expect(summary.frameCount == Self.frameCount)
    let reading = try AnimationReferences.readByPillow(output)
    #expect(reading.delays == Array(repeating: [30, 40], count: 5).flatMap { $0 })
    #expect(reading.loop == 1)
  }

  /// The default timing writes what an export without one wrote: the file's own delays, even the
  /// 0 and 10 ms that players lengthen; a video's mute flag changes nothing in an animation.
  @Test(arguments: [gif, webp])
  func theDefaultTimingLeavesTheFileAsItWas(format: AnimationFormat) throws {
    let source = try Self.source(delays: [5, 0, 1, 20, 7, 7, 7, 7, 7, 2])
    let captions = MemeCaptions(top: "same", bottom: "bytes")
    let plain = ScratchFolder.unique("untimed").appendingPathExtension(format.fileExtension)
    try AnimationExporter.export(captions, imageAt: source, to: .file(plain), as: format)
    let timed = try Self.export(source, as: format, timing: PlaybackTiming(), captions: captions).url
    let muted = try Self.export(source, as: format, timing: PlaybackTiming(isMuted: true), captions: captions)
    let bytes = try Data(contentsOf: plain)
    #expect(try Data(contentsOf: timed) == bytes)
    #expect(try Data(contentsOf: muted.url) == bytes)
    #expect(try AnimationReferences.readByPillow(plain).delays == [50, 0, 10, 200, 70, 70, 70, 70, 70, 20])
  }

  @Test(arguments: [(2.0, 3.0), (0.75, nil)])
  func aTrimThatKeepsNoFrameFailsWithOneLine(start: Double, end: Double?) throws {
    let output = ScratchFolder.unique("empty-trim").appendingPathExtension("gif")
    let error = #expect(throws: ImageError.self) {
      try AnimationExporter.export(
        Self.noCaptions, imageAt: try Self.source(), to: .file(output), as: .gif,
        timing: PlaybackTiming(start: start, end: end))
    }
    #expect(error?.kind == .unsupported)
    #expect(error?.reason.contains("keeps no frame: the animation lasts 0.7 seconds") == true, "\(error!)")
    #expect(error?.description.contains("\n") == false)
    #expect(!FileManager.default.fileExists(atPath: output.path))
  }

  /// Reversing holds every frame kept, within what the memory budget leaves beside the reading and
  /// encoding: a budget with room for three frames reverses three, refuses ten with one line and
  /// writes nothing, and lets the same ten frames through forwards.
  @Test func reversingStaysWithinTheMemoryBudget() throws {
    let source = try Self.source()
    let info = try AnimationReader(contentsOf: source).info
    let workerBytes = AnimationEncoder.gifWorkerBytes(width: Self.width, height: Self.height)
    let working = AnimationMemory.reading(info, isGIF: true).encoding(
      to: .gif, width: Self.width, height: Self.height, gifWorkerBytes: workerBytes)
    // Cairo's rows of 4-byte pixels need no padding at this width.
    let frameBytes = Self.width * 4 * Self.height
    let limits = AnimationLimits(memoryBudget: working.bytes + 3 * frameBytes + frameBytes / 2)

    let forwards = try Self.export(source, as: Self.gif, timing: PlaybackTiming(), limits: limits)
    #expect(forwards.summary.frameCount == 10)
    // From 0 to 210 ms: frames 0, 1 and 2.
    let three = try Self.export(
      source, as: Self.gif, timing: PlaybackTiming(end: 0.21, isReversed: true), limits: limits)
    #expect(
      try AnimationReferences.readByPillow(three.url).frames.map(Self.sourceFrame(shownBy:)) == [2, 1, 0])

    let output = ScratchFolder.unique("too-long").appendingPathExtension("gif")
    let error = #expect(throws: ImageError.self) {
      try AnimationExporter.export(
        Self.noCaptions, imageAt: source, to: .file(output), as: .gif, limits: limits,
        timing: PlaybackTiming(isReversed: true))
    }
    #expect(error?.kind == .tooLarge)
    #expect(error?.reason.hasPrefix("the animation is too long to play backwards") == true)
    #expect(!FileManager.default.fileExists(atPath: output.path))
  }

  /// A timing written before reversing and play counts existed reads as playing forwards, as often
  /// as the source says; a new one reads back as it was.
  @Test func olderTimingsStillDecode() throws {
    let old = Data(#"{"start":1.5,"end":4,"speed":2,"isMuted":true}"#.utf8)
    let decoded = try JSONDecoder().decode(PlaybackTiming.self, from: old)
    #expect(decoded == PlaybackTiming(start: 1.5, end: 4, speed: 2, isMuted: true))
    #expect(!decoded.isReversed && decoded.playCount == nil)
    let new = PlaybackTiming(start: 0.5, speed: 0.5, isReversed: true, playCount: 0)
    #expect(try JSONDecoder().decode(PlaybackTiming.self, from: JSONEncoder().encode(new)) == new)
  }
}
