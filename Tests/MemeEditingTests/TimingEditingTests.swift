// SPDX-License-Identifier: GPL-3.0-or-later
import DiskTestSupport
import Foundation
import MemeCore
import PictureChecks
import PictureFixtures
import Testing

@testable import MemeEditing

/// How the editor changes the timing of a moving picture: each change (a trim, the speed, reverse,
/// the play count, mute) is one undo step and undo brings back the timing before; a trim handle's
/// drag is one step; a new picture plays as its file does; the preview plays the frames, for the
/// time, that the share writes.
@Suite struct TimingEditingTests {
  private static func documentWithAnimation() throws -> EditorDocument {
    let document = EditorDocument()
    let source = try AnimationSamples.write(AnimationSamples.movingSquare())
    document.setImage(try EditorImage.load(contentsOf: source))
    return document
  }

  @Test func eachTimingChangeIsOneUndoStep() throws {
    let document = try Self.documentWithAnimation()
    var timings = [document.content.timing]
    var changes: [EditorChange] = []
    document.onChange = { changes.append($0) }
    let edits: [(TimingChanges) -> Void] = [
      { $0.trim(start: 0.07, end: 0.59, duration: 1.64) },
      { $0.setSpeed(2) },
      { $0.setReversed(true) },
      { $0.setPlayCount(4) },
      { $0.setMuted(true) },
      { $0.setPlayCount(0) },
    ]
    for edit in edits {
      edit(document.timingChanges)
      #expect(document.content.timing != timings.last, "every edit changes the timing")
      timings.append(document.content.timing)
    }
    #expect(changes.count == edits.count && changes.allSatisfy { $0.contains(.timing) })
    #expect(document.content.timing.start == 0.07 && document.content.timing.end == 0.59)
    #expect(document.content.timing.speed == 2 && document.content.timing.isReversed)
    for expected in timings.reversed().dropFirst() {
      document.undo()
      #expect(document.content.timing == expected)
    }
    #expect(!document.canUndo || document.content.timing == PlaybackTiming())
    for expected in timings.dropFirst() {
      document.redo()
      #expect(document.content.timing == expected)
    }
  }

  @Test func aTrimHandlesDragIsOneUndoStep() throws {
    let document = try Self.documentWithAnimation()
    for end in [1.5, 1.2, 0.9, 0.59] {
      document.timingChanges.trim(start: 0, end: end, duration: 1.64, coalescingKey: "trim-1")
    }
    document.endTyping()
    document.timingChanges.trim(start: 0.07, end: 0.59, duration: 1.64, coalescingKey: "trim-2")
    #expect(document.content.timing.end == 0.59 && document.content.timing.start == 0.07)
    document.undo()
    #expect(document.content.timing.start == 0 && document.content.timing.end == 0.59)
    document.undo()
    #expect(document.content.timing == PlaybackTiming())
  }

  @Test func aTrimThatKeepsNothingOrAStillPictureIsLeftAlone() throws {
    let document = try Self.documentWithAnimation()
    document.timingChanges.trim(start: 0.5, end: 0.5, duration: 1.64)
    // An end past the picture's is its end.
    document.timingChanges.trim(start: 0.2, end: 9, duration: 1.64)
    #expect(document.content.timing.start == 0.2 && document.content.timing.end == nil)
    let still = EditorDocument()
    still.setImage(
      try EditorImage.load(contentsOf: Fixtures.picture(width: 64, height: 48, name: "still.png")))
    still.timingChanges.setSpeed(2)
    #expect(still.content.timing == PlaybackTiming() && !still.pictureMoves && !still.pictureHasSound)
  }

  @Test func aNewPicturePlaysAsItsFileUnlessToldOtherwise() throws {
    let document = try Self.documentWithAnimation()
    document.timingChanges.setSpeed(3)
    let picture = try #require(document.image)
    document.setImage(picture)
    #expect(document.content.timing == PlaybackTiming())
    let sent = PlaybackTiming(start: 0.07, speed: 0.5, isReversed: true)
    document.setImage(picture, timing: sent)
    #expect(document.content.timing == sent)
  }

  /// The player on the canvas shows the frames the share writes, each for as long, in the same order.
  @Test(
    .enabled(if: AnimationReferences.pillowAvailable || RequiredTools.areRequired),
    arguments: [
      PlaybackTiming(start: 0.07, end: 0.59, speed: 2),
      PlaybackTiming(start: 0.1, speed: 0.5, isReversed: true),
    ])
  func thePreviewPlaysWhatTheShareWrites(timing: PlaybackTiming) throws {
    let source = try AnimationSamples.write(AnimationSamples.movingSquare())
    let player = try AnimationPlayer(contentsOf: source, format: .gif)
    player.timing = timing
    var delays: [Int] = []
    var frames: [Int] = []
    for _ in 0..<player.frameCount {
      delays.append(player.delay)
      frames.append(player.sourceFrameIndex)
      try player.advance()
    }
    #expect(player.frameIndex == 0, "after its last frame it plays its first again")

    let snapshot = ShareSnapshot(
      content: MemeContent(timing: timing), picture: try EditorImage.load(contentsOf: source))
    let url = Fixtures.folder.appendingPathComponent("\(UUID().uuidString).gif")
    _ = try SharePipeline.run(snapshot, as: .animated(.gif), to: .file(url)).get()
    let written = try AnimationReferences.readByPillow(url)
    #expect(written.delays == delays)
    // Frame by frame, the share's picture is the source frame the preview shows: of them all, the
    // one it differs least from (a GIF's palette may move a colour a little).
    let sourceFrames = try AnimationSamples.frames(of: source)
    #expect(written.frames.count == frames.count)
    for (index, frame) in zip(written.frames, frames).map({ $0 }).enumerated() {
      let differences = sourceFrames.map { differingPixels(frame.0, $0) }
      #expect(differences.firstIndex(of: differences.min()!) == frame.1, "frame \(index): \(differences)")
    }
  }
}
