// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import GtkTestSupport
import MemeCore
import MemeEditing
import PictureChecks
import Testing

@testable import MemeUI

/// The editor plays an animated picture in a real window: the canvas as GTK renders it shows the
/// frame the playback is on (its colour compared with the palette the sample GIF was built from),
/// pausing stops it there, typing goes on while it plays, and with the desktop's animations off it
/// starts paused.
@Suite(.serialized) struct AnimationPlaybackTests {
  /// An editor whose desktop allows animations as `animations` says, showing the moving square.
  /// `loopValue` is the GIF's (nil: none, so it plays once).
  private static func editorPlaying(animations: Bool = true, loopValue: Int? = AnimationSamples.loopValue)
    throws -> EditorWindow
  {
    let editor = EditorHarness.makeEditor()
    editor.canvas.playback.animationsEnabled = { animations }
    var gif = AnimationSamples.movingSquare()
    gif.loopValue = loopValue
    let source = try AnimationSamples.write(gif)
    EditorHarness.load(source, into: editor)
    return editor
  }

  /// Plays on from the first frame, however many frames a loaded machine let pass while the editor
  /// opened.
  private static func playFromTheFirstFrame(_ playback: AnimationPlayback) {
    playback.pause()
    for _ in AnimationSamples.delays where playback.frameIndex != 0 { playback.stepOn() }
    #expect(playback.frameIndex == 0)
    playback.play()
  }

  /// Waits (a bounded number of main loop iterations) for the frame shown to change from `index`.
  private static func waitForFrame(after index: Int?, in editor: EditorWindow) -> Bool {
    MainContext.iterate(maxIterations: 3000) { editor.canvas.playback.frameIndex != index }
  }

  /// Runs the main loop for about `milliseconds`.
  private static func run(milliseconds: Double) {
    let end = Date().addingTimeInterval(milliseconds / 1000)
    MainContext.iterate(maxIterations: 100_000) { Date() >= end }
  }

  /// The palette index of the sample's upper background on frame `index` (`movingSquare`).
  private static func upperColour(frame index: Int) -> RGBAColor {
    let entry = index % 4 * 3
    let palette = AnimationSamples.palette
    return RGBAColor(
      red: Double(palette[entry]) / 255, green: Double(palette[entry + 1]) / 255,
      blue: Double(palette[entry + 2]) / 255)
  }

  /// The colour the canvas, as GTK renders it, shows at the sample's pixel (150, 58): the upper
  /// background, which the square never reaches and the captions do not cover.
  private static func shownColour(in editor: EditorWindow) throws -> RGBAColor {
    // Laid out first: the play button's new icon asks for a new allocation, until which the
    // widget has no picture to give.
    EditorHarness.settle(editor)
    let area = editor.canvas.drawingArea
    let shown = try #require(CanvasMatchesExportTests.snapshot(area))
    let rect = editor.canvas.painter.pictureRect(inWidth: Double(shown.width), height: Double(shown.height))
    return shown.color(atX: Int(rect.x + 150.5 / 160 * rect.width), y: Int(rect.y + 58.5 / 120 * rect.height))
  }

  private static func expectShows(frame index: Int, in editor: EditorWindow) throws {
    let shown = try shownColour(in: editor)
    let expected = upperColour(frame: index)
    #expect(
      abs(shown.red - expected.red) < 0.02 && abs(shown.green - expected.green) < 0.02
        && abs(shown.blue - expected.blue) < 0.02, "frame \(index + 1): shows \(shown), not \(expected)")
    #expect(
      Label(wrapping: editor.canvas.playback.frameLabel).text
        == "Frame \(index + 1) of \(AnimationSamples.delays.count)")
  }

  @Test func playAndPauseChangeAndStopTheShownFrame() throws {
    try DisplayHarness.requireDisplay()
    let editor = try Self.editorPlaying()
    defer { EditorHarness.close(editor) }
    let playback = editor.canvas.playback
    #expect(playback.controls.isVisible && playback.isPlaying)
    #expect(editor.actions.action(named: EditorAction.playAnimation.name)?.isEnabled == true)
    #expect(Self.waitForFrame(after: 0, in: editor))
    #expect(Self.waitForFrame(after: 1, in: editor))

    editor.actions.action(named: EditorAction.playAnimation.name)?.activate()
    #expect(!playback.isPlaying)
    let paused = try #require(playback.frameIndex)
    try Self.expectShows(frame: paused, in: editor)
    // Paused for longer than any of the sample's delays: the same frame stays.
    Self.run(milliseconds: 1_200)
    #expect(playback.frameIndex == paused)
    try Self.expectShows(frame: paused, in: editor)

    editor.actions.action(named: EditorAction.playAnimation.name)?.activate()
    #expect(playback.isPlaying)
    #expect(Self.waitForFrame(after: paused, in: editor))
    editor.actions.action(named: EditorAction.playAnimation.name)?.activate()
    let next = try #require(playback.frameIndex)
    #expect(next == (paused + 1) % AnimationSamples.delays.count)
    try Self.expectShows(frame: next, in: editor)
  }

  /// Every frame comes round, the last followed by the first again.
  @Test func theAnimationLoops() throws {
    try DisplayHarness.requireDisplay()
    let editor = try Self.editorPlaying()
    defer { EditorHarness.close(editor) }
    Self.playFromTheFirstFrame(editor.canvas.playback)
    var seen = [0]
    #expect(
      MainContext.iterate(maxIterations: 20_000) {
        if let index = editor.canvas.playback.frameIndex, seen.last != index { seen.append(index) }
        return seen.count > AnimationSamples.delays.count
      })
    #expect(Array(seen.prefix(7)) == [0, 1, 2, 3, 4, 5, 0])
  }

  /// A GIF that plays once (no loop in its file) stops on its last frame, as browsers leave it, and
  /// the button says it plays; playing it again starts from the first frame, and plays it once more.
  @Test func anAnimationThatPlaysOnceStopsOnItsLastFrame() throws {
    try DisplayHarness.requireDisplay()
    let editor = try Self.editorPlaying(loopValue: nil)
    defer { EditorHarness.close(editor) }
    let playback = editor.canvas.playback
    let everyFrame = Array(AnimationSamples.delays.indices)
    /// The frames shown until it stops.
    func framesUntilItStops() -> [Int] {
      var seen = playback.frameIndex.map { [$0] } ?? []
      MainContext.iterate(maxIterations: 5_000) {
        if let index = playback.frameIndex, seen.last != index { seen.append(index) }
        return !playback.isPlaying
      }
      return seen
    }
    #expect(playback.isPlaying)
    Self.playFromTheFirstFrame(playback)
    #expect(framesUntilItStops() == everyFrame)
    #expect(!playback.isPlaying)
    try Self.expectShows(frame: everyFrame.last!, in: editor)
    #expect(playback.playButton.tooltip == "Play the Animation")
    // Longer than any of the sample's delays: it stays there.
    Self.run(milliseconds: 1_200)
    #expect(playback.frameIndex == everyFrame.last)

    let playAction = try #require(editor.actions.action(named: EditorAction.playAnimation.name))
    playAction.activate()
    #expect(playback.isPlaying && playback.frameIndex == 0)
    // Paused at once, so the first frame is still there when the canvas is read back: while it plays,
    // a loaded machine may spend a frame's delay drawing it.
    playAction.activate()
    try Self.expectShows(frame: 0, in: editor)
    playAction.activate()
    #expect(framesUntilItStops() == everyFrame)
  }

  /// One that plays for ever goes on past its last frame as many times as it is given.
  @Test func anAnimationThatLoopsForEverGoesOn() throws {
    try DisplayHarness.requireDisplay()
    let editor = try Self.editorPlaying(loopValue: 0)
    defer { EditorHarness.close(editor) }
    let playback = editor.canvas.playback
    var rounds = 0
    var last = 0
    // Four plays: more than the sample's own three.
    #expect(
      MainContext.iterate(maxIterations: 5_000) {
        if let index = playback.frameIndex, index != last {
          if index < last { rounds += 1 }
          last = index
        }
        return rounds == 4 || !playback.isPlaying
      })
    #expect(playback.isPlaying && rounds == 4)
  }

  /// Typing while it plays: the frames go on advancing, and the captions typed are on the canvas.
  @Test func typingWhilePlayingKeepsFramesAdvancingAndTheCaptionShown() throws {
    try DisplayHarness.requireDisplay()
    let editor = try Self.editorPlaying()
    defer { EditorHarness.close(editor) }
    let playback = editor.canvas.playback
    // From the first frame, whose delays are short: the last frame's second could hold a few
    // keystrokes' time on its own.
    Self.playFromTheFirstFrame(playback)
    var framesSeen = Set<Int>()
    var typed = ""
    // A keystroke every 60 ms until three frames have been shown (a loaded machine may show them
    // late), for at most 200 keystrokes: twelve seconds, seven plays of the sample.
    for letter in String(repeating: "TYPING ALONG ", count: 16).prefix(200) where framesSeen.count < 3 {
      typed.append(letter)
      gtk_editable_set_text(gtkkit_editable(editor.canvas.fields.topEntry.widget), typed)
      Self.run(milliseconds: 60)
      if let index = playback.frameIndex { framesSeen.insert(index) }
    }
    #expect(playback.isPlaying)
    #expect(framesSeen.count >= 3, "frames shown while typing: \(framesSeen.sorted())")
    #expect(editor.document.captions.top == typed && editor.canvas.captions.top == typed)
    // The caption is drawn over whatever frame is shown: the top band has the caption's white ink.
    editor.actions.action(named: EditorAction.playAnimation.name)?.activate()
    EditorHarness.settle(editor)
    let area = editor.canvas.drawingArea
    let shown = try #require(CanvasMatchesExportTests.snapshot(area))
    let layout = try #require(editor.canvas.painter.layout)
    let band = layout.caption(at: .top).band
    let rect = editor.canvas.painter.pictureRect(inWidth: Double(shown.width), height: Double(shown.height))
    let scale = rect.width / 160
    var white = 0
    for y in Int(rect.y + band.y * scale)..<Int(rect.y + band.maxY * scale) {
      for x in Int(rect.x + band.x * scale)..<Int(rect.x + band.maxX * scale) {
        let colour = shown.color(atX: x, y: y)
        if colour.red > 0.95 && colour.green > 0.95 && colour.blue > 0.95 { white += 1 }
      }
    }
    #expect(white > 100, "only \(white) white caption pixels in the top band")
  }

  /// With the desktop's animations off it starts paused on the first frame; play is at hand.
  @Test func withAnimationsOffItStartsPaused() throws {
    try DisplayHarness.requireDisplay()
    let editor = try Self.editorPlaying(animations: false)
    defer { EditorHarness.close(editor) }
    let playback = editor.canvas.playback
    #expect(playback.controls.isVisible && !playback.isPlaying)
    Self.run(milliseconds: 500)
    #expect(playback.frameIndex == 0)
    try Self.expectShows(frame: 0, in: editor)
    editor.actions.action(named: EditorAction.playAnimation.name)?.activate()
    #expect(Self.waitForFrame(after: 0, in: editor))
  }

  /// A still picture has no playback controls and nothing to play.
  @Test func aStillPictureHasNoPlayback() throws {
    try DisplayHarness.requireDisplay()
    let (editor, _, _) = EditorHarness.makeEditorShowingLandscape()
    defer { EditorHarness.close(editor) }
    #expect(!editor.canvas.playback.controls.isVisible)
    #expect(editor.actions.action(named: EditorAction.playAnimation.name)?.isEnabled == false)
  }
}
