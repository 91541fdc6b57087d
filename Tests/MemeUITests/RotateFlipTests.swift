// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import GtkTestSupport
import MemeCore
import MemeEditing
import MemeStore
import Testing

@testable import MemeUI

/// Rotate and flip in the editor: the preview and the captions follow, undo covers them, exports are
/// at full resolution, and Sent Memes keeps them for the next Edit.
@Suite(.serialized) struct RotateFlipTests {
  private func activate(_ action: EditorAction, in editor: EditorWindow) {
    editor.actions.action(named: action.name)?.activate()
    EditorHarness.settle(editor)
  }

  /// The straight colour the canvas shows at a fraction of the picture's width and height.
  private func colour(at fx: Double, _ fy: Double, in editor: EditorWindow, shot: URL) throws -> RGBAColor {
    let pixels = try ImageLoader().load(contentsOf: shot)
    let origin = try #require(WidgetTree.bounds(of: editor.canvas.drawingArea, in: editor.window))
    let rect = editor.canvas.pictureRect
    return pixels.color(
      atX: Int(origin.x + rect.x + rect.width * fx), y: Int(origin.y + rect.y + rect.height * fy))
  }

  private func close(_ a: RGBAColor, _ b: RGBAColor) -> Bool {
    abs(a.red - b.red) < 0.08 && abs(a.green - b.green) < 0.08 && abs(a.blue - b.blue) < 0.08
  }

  @Test func turningAndMirroringMoveThePreviewAndTheCaptionsAndUndoCoversThem() throws {
    try DisplayHarness.requireDisplay()
    let editor = EditorHarness.makeEditor(width: 960, height: 720)
    defer { EditorHarness.close(editor) }
    let menu = try #require(WidgetTree.descendant(of: editor.window, named: "transform-button"))
    #expect(gtk_widget_is_sensitive(menu) == 0, "nothing to turn before a picture")
    #expect(editor.actions.action(named: EditorAction.rotateRight.name)?.isEnabled == false)
    EditorHarness.load(Fixtures.picture(width: 1200, height: 800, name: "landscape.png"), into: editor)
    EditorHarness.type(top: "Turned", bottom: "and mirrored", into: editor)
    editor.document.endTyping()
    #expect(gtk_widget_is_sensitive(menu) != 0)
    EditorHarness.settle(editor)
    let plain = try #require(Screenshot.save(editor.window, named: "editor-rotate-before"))
    let sun = try colour(at: 0.7, 0.55, in: editor, shot: plain)

    activate(.rotateRight, in: editor)
    #expect(editor.document.transform.degrees == 90)
    let layout = try #require(editor.canvas.layout)
    #expect(layout.imageWidth == 800 && layout.imageHeight == 1200, "captions lay out on the turned picture")
    let rect = editor.canvas.pictureRect
    #expect(abs(rect.width / rect.height - 800.0 / 1200.0) < 0.01)
    for entry in [editor.canvas.fields.topEntry, editor.canvas.fields.bottomEntry] {
      let box = try #require(WidgetTree.bounds(of: entry.widget, in: editor.canvas.drawingArea))
      #expect(
        rect.contains(ImageRect(x: box.x, y: box.y, width: box.width, height: box.height), tolerance: 1))
    }
    // A quarter turn to the right takes the point (0.7, 0.55) to (0.45, 0.7).
    let turned = try #require(Screenshot.save(editor.window, named: "editor-rotated-right-960x720"))
    #expect(close(try colour(at: 0.45, 0.7, in: editor, shot: turned), sun))

    activate(.rotateLeft, in: editor)
    activate(.flipHorizontal, in: editor)
    #expect(editor.document.transform == PictureTransform(flipsHorizontally: true))
    let mirrored = try #require(Screenshot.save(editor.window, named: "editor-flipped-horizontally-960x720"))
    #expect(close(try colour(at: 0.3, 0.55, in: editor, shot: mirrored), sun), "the sun moved to the left")
    #expect(!close(try colour(at: 0.7, 0.55, in: editor, shot: mirrored), sun))
    activate(.flipVertical, in: editor)
    #expect(editor.document.transform.flipsVertically)

    activate(.undo, in: editor)
    #expect(editor.document.transform == PictureTransform(flipsHorizontally: true))
    activate(.undo, in: editor)
    activate(.undo, in: editor)
    #expect(editor.document.transform.degrees == 90)
    activate(.undo, in: editor)
    #expect(editor.document.transform == .identity)
    #expect(editor.canvas.layout?.imageWidth == 1200)
    #expect(editor.document.captions.top == "Turned", "undoing the turn leaves the captions")
    activate(.redo, in: editor)
    #expect(editor.document.transform.degrees == 90)
    // The shortcuts reach the same actions.
    let application = EditorHarness.application.application
    #expect(application.accelerators(for: "win.rotate-right").first == "<Control>r")
    #expect(application.accelerators(for: "win.rotate-left").first == "<Shift><Control>r")
  }

  @Test func aTurnedMirroredMemeIsSavedAtTheSourceResolution() throws {
    try DisplayHarness.requireDisplay()
    let (editor, sink, picture) = EditorHarness.makeEditorShowingLandscape()
    defer { EditorHarness.close(editor) }
    EditorHarness.type(top: "Sideways", bottom: "and upside down", into: editor)
    activate(.rotateLeft, in: editor)
    activate(.flipVertical, in: editor)
    let output = Fixtures.folder.appendingPathComponent("turned-\(UUID().uuidString).png")
    editor.filePicker = { _, completion in completion(output) }
    editor.actions.action(named: ShareTarget.saveAs.name)?.activate()
    #expect(MainContext.iterate { !sink.isEmpty })

    let saved = try ImageLoader().load(contentsOf: output)
    #expect(saved.width == 800 && saved.height == 1200, "full resolution, turned")
    let transform = editor.document.transform
    let expected = try #require(
      MemeRenderer.rendered(
        editor.document.captions, image: try ImageLoader().load(contentsOf: picture), transform: transform))
    var differing = 0
    for y in stride(from: 0, to: 1200, by: 3) {
      for x in stride(from: 0, to: 800, by: 3) where saved.color(atX: x, y: y) != expected.color(atX: x, y: y)
      {
        differing += 1
      }
    }
    #expect(differing == 0)
    let kept = try #require(sink.entries.first)
    #expect(kept.transform == transform && kept.originalImage == picture, "the original is kept as it is")
  }

  @Test func sentMemesKeepTheTurnAndEditBringsItBackAdjustable() throws {
    try DisplayHarness.requireDisplay()
    let (folder, _) = try SentMemesHarness.makeStoreFolder()
    let app = SentMemesHarness.launch(storeFolder: folder)
    defer { SentMemesHarness.close(app) }
    let editor = try #require(app.editor)
    EditorHarness.load(Fixtures.picture(width: 900, height: 600, name: "to-send.png"), into: editor)
    activate(.rotateRight, in: editor)
    activate(.flipHorizontal, in: editor)
    let sent = editor.document.transform
    #expect(SentMemesHarness.shareByCopying(editor, in: app, expecting: 1))

    let stored = try #require(try SentMemeStore(directory: folder).allMemes().first)
    #expect(stored.transform == sent)
    let rendered = try ImageLoader().load(contentsOf: stored.renderedImageURL)
    #expect(rendered.width == 600 && rendered.height == 900)
    #expect(try ImageLoader().pixelSize(ofImageAt: stored.originalImageURL) == (900, 600) as (Int, Int))

    let reopened = try #require(SentMemesHarness.editSelectedMeme(in: app))
    #expect(reopened.document.transform == sent)
    #expect(reopened.canvas.layout?.imageWidth == 600)
    activate(.rotateLeft, in: reopened)
    #expect(reopened.document.transform.degrees != sent.degrees, "still adjustable")
    #expect(reopened.canvas.layout?.imageWidth == 900)
  }
}
