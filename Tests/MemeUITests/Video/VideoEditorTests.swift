// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import DiskTestSupport
import Foundation
import GtkKit
import GtkTestSupport
import MemeCore
import MemeEditing
import Testing

@testable import MemeUI

/// A video in a real editor window: it opens through the Album, plays (the canvas as GTK renders it
/// goes from the first second's colour to the next), typing goes on while it plays, pause holds the
/// frame, and Save As writes an MP4 that ffprobe reads as H.264 and AAC with every frame, which Sent
/// Memes keeps.
@Suite(.serialized) struct VideoEditorTests {
  /// An editor showing `VideoClips.colourBands`, its sink and the clip.
  private static func editorWithVideo(playing: Bool = true) throws -> (EditorWindow, InMemorySentMemes, URL) {
    let sink = InMemorySentMemes()
    let editor = EditorHarness.makeEditor(sink: sink)
    editor.canvas.videoPlayback.animationsEnabled = { playing }
    let clip = try VideoClips.colourBands()
    #expect(EditorHarness.load(clip, into: editor))
    return (editor, sink, clip)
  }

  /// The colour the canvas shows at the picture's middle, as GTK renders it.
  private static func shownColour(in editor: EditorWindow) throws -> RGBAColor {
    EditorHarness.settle(editor)
    let area = editor.canvas.drawingArea
    let shown = try #require(CanvasMatchesExportTests.snapshot(area))
    let rect = editor.canvas.painter.pictureRect(inWidth: Double(shown.width), height: Double(shown.height))
    return shown.color(atX: Int(rect.x + rect.width / 2), y: Int(rect.y + rect.height / 2))
  }

  private static func isRed(_ colour: RGBAColor) -> Bool {
    colour.red > 0.8 && colour.green < 0.2 && colour.blue < 0.2
  }

  @Test func aVideoPlaysWhileCaptionsAreTyped() throws {
    try DisplayHarness.requireDisplay()
    let (editor, _, _) = try Self.editorWithVideo()
    defer { EditorHarness.close(editor) }
    let image = try #require(editor.document.image)
    #expect(image.isVideo && image.video?.width == 320 && image.video?.hasAudio == true)
    let playback = editor.canvas.videoPlayback!
    #expect(playback.controls.isVisible && playback.isPlaying)
    #expect(!editor.canvas.playback.controls.isVisible, "the animation's frame controls are not a video's")
    #expect(editor.actions.action(named: EditorAction.playAnimation.name)?.isEnabled == true)
    // It plays from the start: the first second is red (on a loaded machine it may have played
    // past it by the time the canvas is read, which the frame's time then says; the paused test
    // below checks the first frame whatever the load).
    let opening = try Self.shownColour(in: editor)
    if let shown = playback.shownTime, shown >= 1 {
      #expect(!Self.isRed(opening) || shown >= 3, "at \(shown) s it still shows the first second")
    } else {
      #expect(Self.isRed(opening), "the first second is red")
    }

    // Typing while it plays: every keystroke reaches the document and the canvas.
    for (index, letter) in "PLAYING".enumerated() {
      EditorHarness.type(top: String("PLAYING".prefix(index + 1)), bottom: "", into: editor)
      _ = letter
      MainContext.iterate(maxIterations: 20) { false }
    }
    #expect(editor.document.captions.top == "PLAYING")
    #expect(editor.canvas.captions.top == "PLAYING")

    // It plays on past the first second.
    #expect(
      MainContext.iterate(maxIterations: 200_000) { (playback.shownTime ?? 0) >= 1.1 },
      "it showed the frame at \(playback.shownTime ?? -1) s")
    let later = try Self.shownColour(in: editor)
    #expect(!Self.isRed(later), "after a second it shows \(later), not the first second's red")
    let time = Label(wrapping: playback.timeLabel.widget).text
    #expect(time.hasSuffix("/ 0:03") && !time.hasPrefix("0:00"), "\(time)")

    // Paused, it holds its frame.
    editor.actions.action(named: EditorAction.playAnimation.name)?.activate()
    #expect(!playback.isPlaying)
    MainContext.iterate(maxIterations: 200) { false }
    let paused = playback.player?.position
    let end = Date().addingTimeInterval(0.5)
    MainContext.iterate(maxIterations: 100_000) { Date() >= end }
    #expect(playback.player?.position == paused)
  }

  @Test func theSliderShowsTheFrameItIsMovedTo() throws {
    try DisplayHarness.requireDisplay()
    let (editor, _, _) = try Self.editorWithVideo(playing: false)
    defer { EditorHarness.close(editor) }
    let playback = editor.canvas.videoPlayback!
    #expect(!playback.isPlaying)
    #expect(Self.isRed(try Self.shownColour(in: editor)))
    // Two and a half seconds in: the last second, blue.
    playback.positionSlider.value = 2500
    #expect(
      MainContext.iterate(maxIterations: 200_000) { (playback.shownTime ?? 0) >= 2 },
      "it showed the frame at \(playback.shownTime ?? -1) s")
    let shown = try Self.shownColour(in: editor)
    #expect(shown.blue > 0.8 && shown.red < 0.2 && shown.green < 0.2, "\(shown)")
  }

  /// Over the picture the controls keep off the bottom caption: they fade once the pointer rests,
  /// unless the keyboard is in them, and come back for the play key; a faded pill takes no clicks.
  @Test func theControlsFadeWhenThePointerRestsButNotWhileFocused() throws {
    try DisplayHarness.requireDisplay()
    let (editor, _, _) = try Self.editorWithVideo(playing: false)
    defer { EditorHarness.close(editor) }
    let playback = editor.canvas.videoPlayback!
    #expect(playback.isShown && playback.controls.isVisible)
    playback.pointerRested()
    #expect(!playback.isShown)
    #expect(playback.controls.hasCSSClass("faded-out") && !playback.controls.canTarget)
    #expect(playback.controls.isVisible, "faded, not hidden: Tab still reaches it")
    #expect(playback.positionSlider.widget.grabFocus())
    #expect(playback.isShown && !playback.controls.hasCSSClass("faded-out"))
    playback.pointerRested()
    #expect(playback.isShown, "never faded under the focus")
    #expect(editor.canvas.fields.topEntry.widget.grabFocus())
    playback.pointerRested()
    #expect(!playback.isShown)
    editor.actions.action(named: EditorAction.playAnimation.name)?.activate()
    #expect(playback.isShown && playback.isPlaying, "the play key shows it playing")
  }

  @Test func saveAsWritesAnMP4WithEveryFrameAndTheSound() throws {
    try DisplayHarness.requireDisplay()
    let (editor, sink, clip) = try Self.editorWithVideo(playing: false)
    defer { EditorHarness.close(editor) }
    EditorHarness.type(top: "TOP TEXT", bottom: "BOTTOM TEXT", into: editor)
    let output = ScratchFolder.unique("saved-video").appendingPathExtension("mp4")
    let suggested = EditorHarness.save(editor, to: output, keptIn: sink, maxIterations: 2_000_000)
    #expect(suggested?.hasSuffix(".mp4") == true, "Save As proposes MP4: \(suggested ?? "")")
    #expect(try VideoClips.probe(output, stream: "v", entries: "codec_name") == ["h264"])
    #expect(try VideoClips.probe(output, stream: "a", entries: "codec_name") == ["aac"])
    let frames = try VideoClips.probe(clip, stream: "v", entries: "nb_read_frames", countingFrames: true)
    #expect(
      try VideoClips.probe(output, stream: "v", entries: "nb_read_frames", countingFrames: true) == frames)
    let kept = try #require(sink.entries.first)
    #expect(kept.file.fileExtension == "mp4")
    #expect(kept.file.data == (try Data(contentsOf: output)))
    #expect(kept.originalImage == clip)
    let toast = try #require(editor.toasts.shownToast)
    #expect(toast.title.contains(output.lastPathComponent))
  }

  /// Trim by keys on a video (I at the frame shown a second in, O at the frame two seconds in),
  /// Mute, each one undo step; Save As writes that second, at its frame rate, with no sound.
  @Test func trimByKeysAndMuteAreSavedAndUndoneOneAtATime() throws {
    try DisplayHarness.requireDisplay()
    let (editor, sink, _) = try Self.editorWithVideo(playing: false)
    defer { EditorHarness.close(editor) }
    let playback = editor.canvas.videoPlayback!
    #expect(editor.timing.bar.revealer.widget.isVisible, "the Timing bar shows for a video")
    func showFrame(at milliseconds: Double) {
      playback.positionSlider.value = milliseconds
      #expect(
        MainContext.iterate(maxIterations: 200_000) {
          abs((playback.shownTime ?? -1) - milliseconds / 1000) < 0.05
        },
        "it showed the frame at \(playback.shownTime ?? -1) s")
    }
    showFrame(at: 1000)
    editor.actions.action(named: EditorAction.trimStart.name)?.activate()
    showFrame(at: 2000)
    editor.actions.action(named: EditorAction.trimEnd.name)?.activate()
    var timing = editor.document.content.timing
    #expect(abs(timing.start - 1) < 0.05 && abs((timing.end ?? 0) - 2.03) < 0.05, "\(timing)")
    timing.isMuted = true
    editor.document.timingChanges.set(timing)
    #expect(editor.document.content.timing.isMuted)

    let output = ScratchFolder.unique("trimmed-video").appendingPathExtension("mp4")
    editor.filePicker = { _, completion in completion(output) }
    editor.actions.action(named: ShareTarget.saveAs.name)?.activate()
    #expect(MainContext.iterate(maxIterations: 2_000_000) { !sink.isEmpty })
    let kept = editor.document.content.timing
    let expected = Int((((kept.end ?? 3) - kept.start) * 30).rounded())
    let frames = try #require(
      Int(
        try VideoClips.probe(output, stream: "v", entries: "nb_read_frames", countingFrames: true).first ?? ""
      ))
    #expect(abs(frames - expected) <= 1, "\(frames) frames for \(kept)")
    #expect(try VideoClips.probe(output, stream: "a", entries: "codec_name").isEmpty, "muted: no sound")
    #expect(sink.entries.first?.content.timing == kept)

    // Undo steps back the mute, then the end, then the start.
    editor.actions.action(named: EditorAction.undo.name)?.activate()
    #expect(!editor.document.content.timing.isMuted && editor.document.content.timing.end != nil)
    editor.actions.action(named: EditorAction.undo.name)?.activate()
    #expect(editor.document.content.timing.end == nil && editor.document.content.timing.start > 0)
    editor.actions.action(named: EditorAction.undo.name)?.activate()
    #expect(editor.document.content.timing == PlaybackTiming())
  }
}
