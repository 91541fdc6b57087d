// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeGraphics
import Foundation
import MemeCore
import MemeStore
import PictureFixtures
import Testing

@testable import MemeEditing

/// The text boxes placed anywhere survive the editor's model, its canvas and the share into Sent
/// Memes: nothing the user placed is dropped or left undrawn.
@MainActor @Suite struct TextBoxEditingTests {
  /// A meme of three boxes: the classic two and a turned one partly outside the picture.
  static let boxes = [
    TextBox(
      text: "a third caption, turned", frame: RelativeRect(x: 0.55, y: 0.3, width: 0.6, height: 0.25),
      angle: -20, style: CaptionStyle.classic)
  ]
  static let captions = MemeCaptions(
    top: "the classic top", bottom: "and the bottom", layers: boxes.map(MemeLayer.text))

  @Test func theDocumentCarriesTheBoxesAndUndoRestoresThem() {
    let document = EditorDocument()
    var changes: [EditorDocument.Change] = []
    document.onChange = { changes.append($0) }
    document.setLayers(Self.boxes.map(MemeLayer.text))
    #expect(document.captions.textBoxes == Self.boxes)
    #expect(changes.last?.contains(.captions) == true)
    document.setText("typed", at: .top)
    #expect(document.captions.textBoxes == Self.boxes, "typing into a classic caption keeps the boxes")
    document.undo()
    document.undo()
    #expect(document.captions.textBoxes.isEmpty)
    #expect(changes.last?.contains(.captions) == true, "undo tells the canvas the captions changed")
    document.redo()
    #expect(document.captions.textBoxes == Self.boxes)
    #expect(document.hasUnsharedChanges, "a box added is work that closing would lose")
    document.markKept()
    #expect(!document.hasUnsharedChanges)
  }

  /// The canvas paints the boxes from their layers exactly as the plain path draws them straight on
  /// the view, and they really are painted (the canvas differs from one without them).
  @Test(arguments: [CaptionLayerTests.View(), CaptionLayerTests.View(scaleFactor: 2)])
  func theCanvasPaintsTheBoxesAsThePlainPathDoes(view: CaptionLayerTests.View) throws {
    let picture = try CaptionLayerTests.picture(width: 1600, height: 1000)
    let layered = PreviewPainter()
    layered.show(picture)
    layered.show(Self.captions)
    let canvas = try CaptionLayerTests.paint(layered, view)
    #expect(layered.paintedCaptions.boxLayers.count == 1 && layered.paintedCaptions.boxLayers.first! != nil)

    let plain = PreviewPainter()
    plain.usesCaptionLayers = false
    plain.show(picture)
    plain.show(Self.captions)
    let expected = try CaptionLayerTests.paint(plain, view)
    let difference = CaptionLayerTests.difference(canvas, expected, threshold: CaptionLayerTests.rounding)
    #expect(difference.differing == 0, "\(difference)")

    let withoutBoxes = PreviewPainter()
    withoutBoxes.show(picture)
    withoutBoxes.show(MemeCaptions(top: Self.captions.top, bottom: Self.captions.bottom))
    let bare = try CaptionLayerTests.paint(withoutBoxes, view)
    #expect(CaptionLayerTests.difference(canvas, bare, threshold: 64).differing > 500)
  }

  /// Share, then keep: the store's row has the boxes the editor had.
  @Test func theStoreKeepsTheBoxesOfASharedMeme() throws {
    let url = Fixtures.picture(width: 640, height: 480, name: "boxes-keep.png")
    let snapshot = ShareSnapshot(
      captions: Self.captions, picture: try EditorImage.load(contentsOf: url), transform: .identity)
    let meme = try SharePipeline.run(snapshot, as: .png, to: .caller).get()
    let folder = Fixtures.folder.appendingPathComponent("\(UUID().uuidString)-boxes-store")
    _ = try SentMemeStore(directory: folder).save(SentMemeDraftMaker.draft(of: meme))
    let stored = try #require(try SentMemeStore(directory: folder).allMemes().first)
    #expect(stored.textBoxes == Self.boxes)
    #expect(stored.meme.captions == Self.captions)
  }
}
