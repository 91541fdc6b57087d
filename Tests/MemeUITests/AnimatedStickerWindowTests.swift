// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import DiskTestSupport
import Foundation
import GtkKit
import GtkTestSupport
import MemeCore
import MemeEditing
import PictureChecks
import Testing

@testable import MemeUI

/// Animated stickers in the editor: on a still picture they make the meme play on the canvas (their
/// own timeline) and share as a GIF; on an animated picture their frames follow the picture's. The
/// colours shown are read from the canvas's pixels and from the file Pillow reads, against the
/// sticker's frames as ImageMagick wrote them.
@MainActor @Suite(.serialized, .enabled(if: AnimationReferences.pillowAvailable || RequiredTools.areRequired))
struct AnimatedStickerWindowTests {
  /// The sticker's frames' colours (ImageMagick's red, lime, blue) and delays in milliseconds.
  static let colours: [(red: Int, green: Int, blue: Int)] = [(255, 0, 0), (0, 255, 0), (0, 0, 255)]
  static let delays = [200, 300, 400]

  /// A 90 × 60 GIF of three solid frames, made by ImageMagick.
  static func stickerFile() throws -> URL {
    let url = Fixtures.folder.appendingPathComponent("three-colours.gif")
    if FileManager.default.fileExists(atPath: url.path) { return url }
    let made = try ChildProcess.run(
      "/usr/bin/convert",
      [
        "-size", "90x60", "-delay", "20", "xc:red", "-delay", "30", "xc:lime", "-delay", "40", "xc:blue",
        url.path,
      ])
    try #require(made.status == 0, "convert: \(made.errors)")
    return url
  }

  /// `editor` with the sticker added in the middle of its picture, its playback paused on the
  /// first frame and nothing selected (no frame or handles over it).
  static func addSticker(to editor: EditorWindow) throws {
    editor.stickers.add(.picture(StickerPicture(path: try stickerFile().path)))
    StickerEditorTests.waitForStickers(editor)
    editor.document.selectLayer(at: nil)
    gtk_window_set_focus(gtkkit_window(editor.window), nil)
    editor.canvas.playback.seek(to: 0)
    EditorHarness.settle(editor)
  }

  /// The colour the canvas shows at the middle of the first sticker.
  static func stickerColour(on editor: EditorWindow) throws -> (red: Int, green: Int, blue: Int) {
    EditorHarness.settle(editor)
    let shown = try #require(CanvasMatchesExportTests.snapshot(editor.canvas.drawingArea))
    let picture = try #require(editor.canvas.image)
    let sticker = try #require(editor.document.layers.first?.sticker)
    let rect = editor.canvas.pictureRect
    let scale = rect.width / Double(picture.width)
    let region = sticker.frame.pixels(width: picture.width, height: picture.height)
    return StickerEditorTests.rgb(
      of: shown,
      at: (
        Int(rect.x + (region.x + region.width / 2) * scale),
        Int(rect.y + (region.y + region.height / 2) * scale)
      ))
  }

  static func isClose(_ a: (red: Int, green: Int, blue: Int), _ b: (red: Int, green: Int, blue: Int)) -> Bool
  {
    abs(a.red - b.red) < 24 && abs(a.green - b.green) < 24 && abs(a.blue - b.blue) < 24
  }

  @Test func onAStillPictureTheStickerPlaysAndSharesAsAGIF() throws {
    try DisplayHarness.requireDisplay()
    let sink = InMemorySentMemes()
    let editor = EditorHarness.makeEditor(sink: sink)
    defer { EditorHarness.close(editor) }
    EditorHarness.load(Fixtures.picture(width: 1200, height: 800, name: "landscape.png"), into: editor)
    #expect(editor.canvas.playback.player == nil, "a still picture alone does not play")
    try Self.addSticker(to: editor)

    // The canvas plays the sticker's three frames, with the controls and actions of an animation.
    let player = try #require(editor.canvas.playback.player)
    #expect(player.frameCount == 3)
    #expect(editor.canvas.playback.controls.isVisible)
    #expect(editor.actions.action(named: EditorAction.nextFrame.name)?.isEnabled == true)
    for step in 0..<4 {
      let expected = Self.colours[step % 3]
      let shown = try Self.stickerColour(on: editor)
      #expect(Self.isClose(shown, expected), "frame \(step % 3): \(shown), not \(expected)")
      editor.canvas.playback.stepOn()
    }

    // Save As proposes a GIF and writes the sticker's frames with their delays (read by Pillow).
    let output = ScratchFolder.unique("sticker-animation").appendingPathExtension("gif")
    let suggested = EditorHarness.save(editor, to: output, keptIn: sink, maxIterations: 12_000)
    #expect(suggested?.hasSuffix(".gif") == true, "\(suggested ?? "")")
    let reading = try AnimationReferences.readByPillow(output)
    #expect(reading.delays == Self.delays)
    let sticker = try #require(editor.document.layers.first?.sticker)
    let region = sticker.frame.pixels(width: 1200, height: 800)
    let centre = (Int(region.x + region.width / 2), Int(region.y + region.height / 2))
    for (index, frame) in reading.frames.enumerated() {
      let written = StickerEditorTests.rgb(of: frame, at: centre)
      #expect(Self.isClose(written, Self.colours[index]), "frame \(index): \(written)")
    }

    // Removing the sticker makes the meme still again.
    editor.document.removeLayer(at: 0)
    EditorHarness.settle(editor)
    #expect(editor.canvas.playback.player == nil && !editor.canvas.playback.controls.isVisible)
    #expect(editor.actions.action(named: EditorAction.nextFrame.name)?.isEnabled == false)
  }

  /// On an animated picture the sticker shows, at each of the picture's frames, its own frame at that
  /// moment: the picture's delays (under 20 ms played as 100 ms, as browsers do) add up to it, and
  /// the sticker's 900 ms loop.
  @Test func onAnAnimatedPictureTheStickerFollowsThePicturesTimeline() throws {
    try DisplayHarness.requireDisplay()
    let editor = EditorHarness.makeEditor()
    defer { EditorHarness.close(editor) }
    EditorHarness.load(try AnimationSamples.write(AnimationSamples.movingSquare()), into: editor)
    try Self.addSticker(to: editor)
    let player = try #require(editor.canvas.playback.player)
    #expect(player.frameCount == AnimationSamples.delays.count, "the picture's frames, not the sticker's")
    var time = 0
    for step in AnimationSamples.delays.indices {
      var moment = time % Self.delays.reduce(0, +)
      var frame = 0
      while moment >= Self.delays[frame] {
        moment -= Self.delays[frame]
        frame += 1
      }
      let shown = try Self.stickerColour(on: editor)
      #expect(Self.isClose(shown, Self.colours[frame]), "picture frame \(step) at \(time) ms: \(shown)")
      let delay = AnimationSamples.delays[step] * 10
      time += delay < 20 ? 100 : delay
      editor.canvas.playback.stepOn()
    }
  }
}
