// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import GtkTestSupport
import MemeCore
import PictureChecks
import Testing

@testable import MemeUI

/// The animation's controls keep off the picture: over the editor's canvas they fade out once the
/// pointer rests (never while the keyboard is in them), and in Meme Detail they sit in a row under
/// the picture, in the same place at every width. Comma and period step through the frames.
@Suite(.serialized) struct AnimationControlsTests {
  private static let frameCount = AnimationSamples.delays.count

  /// An editor showing the moving square, paused on its first frame (the desktop's animations off).
  private static func pausedEditor() throws -> EditorWindow {
    let editor = EditorHarness.makeEditor()
    editor.canvas.playback.animationsEnabled = { false }
    EditorHarness.load(try AnimationSamples.write(AnimationSamples.movingSquare()), into: editor)
    return editor
  }

  private func frameText(_ playback: AnimationPlayback) -> String {
    Label(wrapping: playback.frameLabel).text
  }

  @Test func theFrameButtonsStepByOneAndWrapAround() throws {
    try DisplayHarness.requireDisplay()
    let editor = try Self.pausedEditor()
    defer { EditorHarness.close(editor) }
    let playback = editor.canvas.playback
    #expect(playback.frameIndex == 0 && !playback.isPlaying)
    let next = try #require(WidgetTree.descendant(of: editor.window, named: "next-frame-button"))
    let previous = try #require(WidgetTree.descendant(of: editor.window, named: "previous-frame-button"))
    // A button's activation clicks it after its pressed look has shown (a GTK timer).
    #expect(gtk_widget_activate(next) != 0)
    #expect(MainContext.iterate { playback.frameIndex == 1 })
    #expect(frameText(playback) == "Frame 2 of \(Self.frameCount)")
    #expect(gtk_widget_activate(previous) != 0)
    #expect(MainContext.iterate { playback.frameIndex == 0 })
    #expect(gtk_widget_activate(previous) != 0)
    #expect(MainContext.iterate { playback.frameIndex == Self.frameCount - 1 }, "before the first: the last")
    #expect(gtk_widget_activate(next) != 0)
    #expect(MainContext.iterate { playback.frameIndex == 0 }, "after the last: the first")
    // Stepping pauses a playing animation.
    playback.play()
    #expect(playback.isPlaying)
    editor.actions.action(named: EditorAction.nextFrame.name)?.activate()
    #expect(!playback.isPlaying)
    #expect(playback.frameIndex == 1)
  }

  /// Comma and period, as keys: they step when the focus is on a button, and type into a caption.
  @Test func commaAndPeriodStepUnlessACaptionTakesThem() throws {
    try DisplayHarness.requireDisplay()
    let editor = try Self.pausedEditor()
    defer { EditorHarness.close(editor) }
    let playback = editor.canvas.playback
    try RealKeyboard.focus(editor.window)
    #expect(playback.playButton.grabFocus())
    try RealKeyboard.press("period")
    #expect(playback.frameIndex == 1)
    try RealKeyboard.press("period")
    #expect(playback.frameIndex == 2)
    try RealKeyboard.press("comma")
    #expect(playback.frameIndex == 1)
    #expect(editor.canvas.fields.topEntry.widget.grabFocus())
    try RealKeyboard.press("comma")
    #expect(playback.frameIndex == 1, "a caption types the comma")
    #expect(editor.document.captions.top.contains(","))
  }

  @Test func theControlsOverThePictureFadeWhenThePointerRestsButNotWhileFocused() throws {
    try DisplayHarness.requireDisplay()
    let editor = try Self.pausedEditor()
    defer { EditorHarness.close(editor) }
    let playback = editor.canvas.playback
    #expect(playback.placement == .overPicture)
    #expect(playback.isShown && playback.controls.isVisible)
    // The idle time passes (the hook GTK's timer calls, rather than a wait).
    playback.pointerRested()
    #expect(!playback.isShown)
    #expect(playback.controls.hasCSSClass("faded-out") && !playback.controls.canTarget)
    EditorHarness.settle(editor)
    #expect(gtk_widget_get_opacity(playback.controls) == 1, "the class fades it, the widget stays")
    Screenshot.save(editor.window, named: "editor-animation-controls-faded")
    // The keyboard comes in: shown, and kept while the focus is there.
    #expect(playback.nextFrameButton.widget.grabFocus())
    #expect(playback.isShown && !playback.controls.hasCSSClass("faded-out"))
    playback.pointerRested()
    #expect(playback.isShown, "never hidden under the focus")
    // Focus elsewhere: the next rest fades it again; a step shows it.
    #expect(editor.canvas.fields.topEntry.widget.grabFocus())
    playback.pointerRested()
    #expect(!playback.isShown)
    editor.actions.action(named: EditorAction.nextFrame.name)?.activate()
    #expect(playback.isShown)
  }

  /// The pointer moving over the canvas brings the controls back (the real pointer: X11).
  @Test func thePointerMovingShowsThemAgain() throws {
    try DisplayHarness.requireDisplay()
    if DisplayHarness.isWayland {
      try Test.cancel(
        Comment(rawValue: "The real pointer goes through the X server (XTest); the X11 run covers it."))
    }
    let editor = try Self.pausedEditor()
    defer { EditorHarness.close(editor) }
    let playback = editor.canvas.playback
    playback.pointerRested()
    #expect(!playback.isShown)
    try RealPointer.hover(atX: 40, y: 40, of: editor.canvas.widget, in: editor.window)
    try RealPointer.hover(atX: 80, y: 60, of: editor.canvas.widget, in: editor.window)
    #expect(playback.isShown)
  }

  /// In Detail the controls sit under the picture, centred, at 360 pixels and at full width.
  @Test func inDetailTheControlsSitUnderThePictureAtEveryWidth() throws {
    let gif = try AnimationSamples.write(AnimationSamples.movingSquare())
    try SentMemesHarness.withSentMemes([(gif, MemeCaptions(top: "moving", bottom: "square"))]) {
      app, window, memes in
      let detail = try DetailSendReadyTests.openDetail(memes[0], in: app, window: window)
      let playback = detail.playback
      #expect(playback.placement == .besidePicture)
      #expect(MainContext.iterate { playback.controls.isVisible })
      var places: [String: (x: Double, bottomGap: Double)] = [:]
      for (name, width) in [("360", Int32(360)), ("full", Int32(1000))] {
        gtk_window_set_default_size(gtkkit_window(detail.window), width, 640)
        MainContext.iterate { detail.window.width == Int(width) }
        SentMemesHarness.settle(app)
        let windowWidth = Double(detail.window.width)
        let picture = try #require(WidgetTree.bounds(of: detail.picture, in: detail.window))
        let controls = try #require(WidgetTree.bounds(of: playback.controls, in: detail.window))
        let info = try #require(WidgetTree.bounds(of: detail.info.widget, in: detail.window))
        #expect(controls.y >= picture.y + picture.height, "\(name): \(controls) not over \(picture)")
        #expect(controls.y + controls.height <= info.y + 0.5, "\(name): above the description")
        #expect(controls.x >= 0 && controls.x + controls.width <= windowWidth, "\(name): inside the window")
        places[name] = (
          (controls.x + controls.width / 2) / windowWidth, info.y - controls.y - controls.height
        )
        playback.pointerRested()
        #expect(playback.isShown, "\(name): beside the picture it never fades")
        Screenshot.save(detail.window, named: "detail-animation-controls-\(name)")
      }
      let narrow = try #require(places["360"])
      let wide = try #require(places["full"])
      #expect(abs(narrow.x - 0.5) < 0.01 && abs(wide.x - 0.5) < 0.01, "centred at both widths")
      #expect(abs(narrow.bottomGap - wide.bottomGap) < 0.5, "right above the description at both")
    }
  }
}
