// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import DiskTestSupport
import Foundation
import GtkKit
import GtkTestSupport
import MemeCore
import MemeEditing
import MemeStore
import PictureChecks
import Testing

@testable import MemeUI

/// Timing an animation in a real editor window: the Timing bar shows only for a moving picture;
/// trimming by keys (stepping frames, then Start and End at the frame shown), a speed, then Save As
/// writes the kept frames at that speed (read back by Pillow), and undo takes the changes back one
/// at a time. Sent Memes keeps the timing, and Edit & Resend brings it back.
@Suite(.serialized, .enabled(if: AnimationReferences.pillowAvailable || RequiredTools.areRequired))
struct TimingWindowTests {
  /// The frames' delays as players show them, in milliseconds (a delay under 20 ms shows for 100).
  private static let playedDelays = AnimationSamples.delays.map { $0 * 10 < 20 ? 100 : $0 * 10 }

  private static func activate(_ action: EditorAction, in editor: EditorWindow) {
    editor.actions.action(named: action.name)?.activate()
    EditorHarness.settle(editor)
  }

  @Test func trimByKeysAndSpeedAreSavedAndUndoneOneAtATime() throws {
    try DisplayHarness.requireDisplay()
    let sink = InMemorySentMemes()
    let editor = EditorHarness.makeEditor(sink: sink)
    defer { EditorHarness.close(editor) }
    // Paused on the first frame: a loaded machine must not play on before the steps below.
    editor.canvas.playback.animationsEnabled = { false }
    #expect(!editor.timing.bar.revealer.widget.isVisible, "no Timing bar without a moving picture")
    let source = try AnimationSamples.write(AnimationSamples.movingSquare())
    #expect(EditorHarness.load(source, into: editor))
    #expect(editor.timing.bar.revealer.widget.isVisible)
    #expect(editor.actions.action(named: EditorAction.trimStart.name)?.isEnabled == true)

    // Frame 1 (the second) starts the kept part; frame 3 ends it.
    Self.activate(.nextFrame, in: editor)
    Self.activate(.trimStart, in: editor)
    let afterStart = editor.document.content.timing
    #expect(afterStart.start == Double(Self.playedDelays[0]) / 1000 && afterStart.end == nil)
    #expect(editor.canvas.playback.sourceFrameIndex == 1, "the frame shown stays")
    Self.activate(.nextFrame, in: editor)
    Self.activate(.nextFrame, in: editor)
    #expect(editor.canvas.playback.sourceFrameIndex == 3)
    Self.activate(.trimEnd, in: editor)
    let afterEnd = editor.document.content.timing
    #expect(afterEnd.end == Double(Self.playedDelays[0...3].reduce(0, +)) / 1000)
    // The handles follow: the start before frame 1, the end after frame 3.
    #expect(editor.timing.bar.trim.startScale.value == 1 && editor.timing.bar.trim.endScale.value == 4)
    // 2× from the Speed drop-down.
    let speeds = PlaybackControls.speeds
    editor.timing.bar.playback.speed.selected = try #require(speeds.firstIndex(of: 2))
    EditorHarness.settle(editor)
    #expect(editor.document.content.timing.speed == 2)
    #expect(editor.canvas.playback.player?.frameCount == 3, "the canvas plays the kept frames")

    let output = ScratchFolder.unique("trimmed").appendingPathExtension("gif")
    editor.filePicker = { request, completion in
      guard case .saveMeme = request else { return completion(nil) }
      completion(output)
    }
    editor.actions.action(named: ShareTarget.saveAs.name)?.activate()
    #expect(MainContext.iterate { !sink.isEmpty })
    let reading = try AnimationReferences.readByPillow(output)
    // Frames 1 to 3, each at half its time, every frame ending on the GIF's hundredth of a second
    // nearest to where it should.
    let halves = Self.playedDelays[1...3].map { Double($0) / 2 }
    var ends: [Int] = []
    var total = 0.0
    for half in halves {
      total += half
      ends.append(Int((total / 10).rounded()) * 10)
    }
    let expected = zip(ends, [0] + ends.dropLast()).map { $0 - $1 }
    #expect(reading.frames.count == 3)
    #expect(reading.delays == expected)
    #expect(sink.entries.first?.content.timing == editor.document.content.timing)

    // Undo: the speed, then the end, then the start, one at a time.
    Self.activate(.undo, in: editor)
    #expect(editor.document.content.timing == afterEnd)
    #expect(editor.timing.bar.playback.speed.selected == speeds.firstIndex(of: 1))
    Self.activate(.undo, in: editor)
    #expect(editor.document.content.timing == afterStart)
    Self.activate(.undo, in: editor)
    #expect(editor.document.content.timing == PlaybackTiming())
    #expect(editor.canvas.playback.player?.frameCount == AnimationSamples.delays.count)
  }

  /// A trim handle's key press is one change: Right moves the start by one frame, Shift+Right to
  /// the boundary nearest a second later, and each is undone on its own.
  @Test func aTrimHandleMovesByAFrameOrASecondFromTheKeyboard() throws {
    try DisplayHarness.requireDisplay()
    let editor = EditorHarness.makeEditor()
    defer { EditorHarness.close(editor) }
    #expect(EditorHarness.load(try AnimationSamples.write(AnimationSamples.movingSquare()), into: editor))
    let start = editor.timing.bar.trim.startScale
    #expect(
      start.value == 0 && editor.timing.bar.trim.endScale.value == Double(AnimationSamples.delays.count))
    try RealKeyboard.focus(editor.window)
    #expect(start.widget.grabFocus())
    try RealKeyboard.press("Right")
    EditorHarness.settle(editor)
    #expect(start.value == 1)
    #expect(editor.document.content.timing.start == Double(Self.playedDelays[0]) / 1000)
    try RealKeyboard.press("shift+Right")
    EditorHarness.settle(editor)
    // Where the frames start, in milliseconds: the boundary nearest to a second after frame 1's.
    let bounds =
      Self.playedDelays.indices.map { Self.playedDelays[..<$0].reduce(0, +) }
      + [Self.playedDelays.reduce(0, +)]
    let target = bounds[1] + 1000
    let nearest = bounds.indices.min { abs(bounds[$0] - target) < abs(bounds[$1] - target) }!
    #expect(start.value == Double(nearest))
    #expect(editor.document.content.timing.start == Double(bounds[nearest]) / 1000)
    Self.activate(.undo, in: editor)
    #expect(start.value == 1)
    Self.activate(.undo, in: editor)
    #expect(start.value == 0 && editor.document.content.timing == PlaybackTiming())
  }

  /// A trimmed, sped-up animation shared and kept in Sent Memes opens for Edit & Resend with its
  /// trim and speed: the Timing bar shows them and the canvas plays the kept frames.
  @Test func editAndResendRestoresTheTrimAndSpeed() throws {
    try DisplayHarness.requireDisplay()
    let timing = PlaybackTiming(start: 0.07, end: 0.59, speed: 0.5)
    let source = try AnimationSamples.write(AnimationSamples.movingSquare())
    let snapshot = ShareSnapshot(
      content: MemeContent(captions: MemeCaptions(top: "trimmed", bottom: ""), timing: timing),
      picture: try EditorImage.load(contentsOf: source))
    let shared = try SharePipeline.run(snapshot, as: .animated(.gif), to: .caller).get()
    let (folder, _) = try SentMemesHarness.makeStoreFolder()
    let saved = try SentMemeStore(directory: folder).save(SentMemeDraftMaker.draft(of: shared))
    let loaded = try #require(try SentMemeStore(directory: folder).meme(id: saved.id))
    #expect(loaded.content.timing == timing)

    let editor = EditorHarness.makeEditor()
    defer { EditorHarness.close(editor) }
    editor.loading.load(sent: loaded.meme)
    #expect(MainContext.iterate { !editor.isLoading && editor.document.image != nil })
    EditorHarness.settle(editor)
    #expect(editor.document.content.timing == timing)
    #expect(!editor.document.hasUnsharedChanges, "the meme opened is the one kept")
    let trim = editor.timing.bar.trim
    #expect(trim.startScale.value == 1 && trim.endScale.value == 4)
    #expect(editor.timing.bar.playback.speed.selected == PlaybackControls.speeds.firstIndex(of: 0.5))
    #expect(editor.canvas.playback.player?.frameCount == 3)
  }
}
