// SPDX-License-Identifier: GPL-3.0-or-later
import DiskTestSupport
import Foundation
import GtkKit
import GtkTestSupport
import MemeCore
import MemeEditing
import PictureChecks
import Testing

@testable import MemeUI

/// A video's Reverse in the Timing popover, and Save As of a short clip as a GIF, in a real editor
/// window; the GIF read back by Pillow.
@Suite(.serialized, .enabled(if: AnimationReferences.pillowAvailable || RequiredTools.areRequired))
struct VideoTimingWindowTests {
  @Test func aReversedVideoIsSavedAsAGIFBackwards() throws {
    try DisplayHarness.requireDisplay()
    let sink = InMemorySentMemes()
    let editor = EditorHarness.makeEditor(sink: sink)
    editor.canvas.videoPlayback.animationsEnabled = { false }
    defer { EditorHarness.close(editor) }
    #expect(EditorHarness.load(try VideoClips.colourBands(), into: editor))
    let controls = editor.timing.bar.playback
    #expect(controls.reverseRow.widget.isVisible, "a video has Reverse")
    #expect(controls.muteRow.widget.isVisible && controls.mute.widget.isSensitive && !controls.mute.isOn)

    // Reverse as the user flips it; Mute then shows that the sound is left out, and why.
    controls.reverse.isOn = true
    EditorHarness.settle(editor)
    #expect(editor.document.content.timing.isReversed)
    #expect(controls.mute.isOn && !controls.mute.widget.isSensitive && !controls.muteRow.subtitle.isEmpty)
    #expect(!editor.document.content.timing.isMuted, "the user's own Mute is kept for when Reverse is off")

    // Save As offers GIF and WebP for the 3 s clip; a .gif name writes the clip, backwards.
    let output = ScratchFolder.unique("reversed-video").appendingPathExtension("gif")
    var offered: [String] = []
    editor.filePicker = { request, completion in
      guard case .saveVideoMeme(let name, let offersAnimation) = request else { return completion(nil) }
      offered = SaveChooser.filters(suggestedName: name, offersAnimation: offersAnimation).compactMap(
        \.defaultExtension)
      completion(output)
    }
    editor.actions.action(named: ShareTarget.saveAs.name)?.activate()
    #expect(MainContext.iterate(maxIterations: 2_000_000) { !sink.isEmpty })
    #expect(offered.first == "mp4" && offered.contains("gif") && offered.contains("webp"), "\(offered)")
    #expect(sink.entries.first?.file.fileExtension == "gif")
    let reading = try AnimationReferences.readByPillow(output)
    // 3 s at 30 frames a second, every frame kept.
    #expect(reading.frames.count == 90)
    #expect(abs(reading.delays.reduce(0, +) - 3000) <= 10, "\(reading.delays)")
    // The clip is red, lime, blue: backwards, blue comes first and red last.
    func middle(_ frame: RasterImage) -> (Double, Double, Double) {
      PixelSamples(frame).color(frame.width / 2, frame.height / 2)
    }
    let first = middle(try #require(reading.frames.first))
    let last = middle(try #require(reading.frames.last))
    #expect(first.2 > 200 && first.0 < 50 && first.1 < 50, "the first frame is blue: \(first)")
    #expect(last.0 > 200 && last.1 < 50 && last.2 < 50, "the last frame is red: \(last)")
  }

  /// Reversed, the canvas plays the video backwards: from its last second (blue) down through the
  /// frames, not from its first.
  @Test func aReversedVideoPlaysBackwardsOnTheCanvas() throws {
    try DisplayHarness.requireDisplay()
    let editor = EditorHarness.makeEditor(sink: InMemorySentMemes())
    editor.canvas.videoPlayback.animationsEnabled = { false }
    defer { EditorHarness.close(editor) }
    #expect(EditorHarness.load(try VideoClips.colourBands(), into: editor))
    let playback = editor.canvas.videoPlayback!
    var timing = editor.document.content.timing
    timing.isReversed = true
    editor.document.timingChanges.set(timing)
    // Played through once, it starts again from its end.
    playback.positionSlider.value = 300
    #expect(MainContext.iterate(maxIterations: 200_000) { abs((playback.shownTime ?? -1) - 0.3) < 0.05 })
    editor.actions.action(named: EditorAction.playAnimation.name)?.activate()
    #expect(playback.isPlaying)
    var seen: [Double] = []
    #expect(
      MainContext.iterate(maxIterations: 2_000_000) {
        if let time = playback.shownTime, time != seen.last { seen.append(time) }
        return seen.contains { $0 > 2 } && (seen.last ?? 3) < 2.5
      }, "times shown: \(seen)")
    // From 0.3 s backwards to the start, then from the end backwards: every step but the restart
    // goes back in time.
    let steps = zip(seen.dropFirst(), seen).map { $0 - $1 }
    #expect(steps.filter { $0 > 0 }.count == 1, "times shown: \(seen)")
    #expect(steps.filter { $0 < 0 }.count >= 5, "times shown: \(seen)")
    editor.actions.action(named: EditorAction.playAnimation.name)?.activate()
  }

  /// A 5 s clip: offered as a GIF at its speed, not at a quarter of it (20 s).
  @Test func aClipOverFifteenSecondsIsNotOfferedAsAnAnimation() throws {
    try DisplayHarness.requireDisplay()
    let clip = ScratchFolder.unique("five-seconds").appendingPathExtension("mp4")
    try VideoClips.ffmpeg([
      "-f", "lavfi", "-i", "color=c=red:s=160x120:r=10:d=5", "-c:v", "libx264", "-pix_fmt", "yuv420p",
      clip.path,
    ])
    let editor = EditorHarness.makeEditor(sink: InMemorySentMemes())
    editor.canvas.videoPlayback.animationsEnabled = { false }
    defer { EditorHarness.close(editor) }
    #expect(EditorHarness.load(clip, into: editor))
    // A video without sound seeks too.
    let playback = editor.canvas.videoPlayback!
    playback.positionSlider.value = 2500
    #expect(
      MainContext.iterate(maxIterations: 200_000) { abs((playback.shownTime ?? -1) - 2.5) < 0.15 },
      "it showed the frame at \(playback.shownTime ?? -1) s")
    var offers: [Bool] = []
    editor.filePicker = { request, completion in
      if case .saveVideoMeme(_, let offersAnimation) = request { offers.append(offersAnimation) }
      completion(nil)
    }
    editor.actions.action(named: ShareTarget.saveAs.name)?.activate()
    var timing = editor.document.content.timing
    timing.speed = 0.25
    editor.document.timingChanges.set(timing)
    editor.actions.action(named: ShareTarget.saveAs.name)?.activate()
    EditorHarness.settle(editor)
    #expect(offers == [true, false])
    let filters = SaveChooser.filters(suggestedName: "clip.mp4", offersAnimation: false).compactMap(
      \.defaultExtension)
    #expect(!filters.contains("gif") && !filters.contains("webp"), "\(filters)")
  }
}
