import CGtk
import Foundation
import GtkKit
import GtkTestSupport
import MemeCore
import MemeEditing
import MemeStore
// SPDX-License-Identifier: GPL-3.0-or-later
import PictureChecks
import PixelCompare
import Testing

@testable import MemeUI

/// A meme of three boxes goes through Sent Memes (List, Detail), Edit & Resend and a new share
/// without losing a box: the new row has them all and its file is what the engine draws.
@MainActor @Suite(.serialized) struct TextBoxRoundTripTests {
  static let boxes = [
    TextBox(
      text: "a third box, turned", frame: RelativeRect(x: 0.5, y: 0.35, width: 0.55, height: 0.3), angle: 15,
      style: CaptionStyle.classic)
  ]
  static let captions = MemeCaptions(
    top: "one does not simply", bottom: "stop at two captions", layers: boxes.map(MemeLayer.text))

  /// A store holding one meme of `captions`, shared as the editor shares.
  static func seededStore() throws -> URL {
    let (folder, _) = try SentMemesHarness.makeStoreFolder()
    let picture = Fixtures.picture(width: 900, height: 600, name: "three-boxes.png")
    let snapshot = ShareSnapshot(
      captions: captions, picture: try EditorImage.load(contentsOf: picture), transform: .identity)
    let meme = try SharePipeline.run(snapshot, as: .png, to: .caller).get()
    _ = try SentMemeStore(directory: folder).save(
      SentMemeDraftMaker.draft(of: meme, sentAt: Date(timeIntervalSinceNow: -3600)))
    return folder
  }

  @Test func editAndResendKeepsEveryBox() throws {
    try DisplayHarness.requireDisplay()
    let folder = try Self.seededStore()
    let seeded = try #require(try SentMemeStore(directory: folder).allMemes().first)
    #expect(seeded.textBoxes == Self.boxes)
    let app = SentMemesHarness.launch(storeFolder: folder)
    defer { SentMemesHarness.close(app) }
    let window = try #require(SentMemesHarness.sentMemes(of: app))
    SentMemesHarness.waitForThumbnails(window)

    // The List row shows the third box's text after the classic two.
    let row = try #require(window.listFactory.boundCells.first { $0.memeID == seeded.id })
    #expect(row.topText == Self.captions.top && row.bottomText == Self.captions.bottom)
    #expect(row.boxesText == Self.boxes[0].text)
    #expect(SentMemesHarness.isVisible(row.boxesLabel.widget))
    SentMemesHarness.activate(SentMemesAction.showList.name, in: window.window)
    SentMemesHarness.settle(app)
    Screenshot.save(window.window, named: "sent-memes-list-three-box-meme")

    // Detail names every caption and shows the rendered file, drawn with the box.
    SentMemesHarness.activate(SentMemesAction.openMeme.name, in: window.window)
    let detail = try #require(app.sentMemes?.detailWindow)
    #expect(MainContext.iterate { !detail.isLoading })
    #expect(SentMemesHarness.labels(in: detail.window).contains { $0.contains(Self.boxes[0].text) })
    let renderedByEngine = try #require(
      MemeRenderer.rendered(Self.captions, image: try ImageLoader().load(contentsOf: seeded.originalImageURL))
    )
    #expect(detail.imageSize.map { $0 == (renderedByEngine.width, renderedByEngine.height) } == true)
    #expect(
      differingPixels(try ImageLoader().load(contentsOf: seeded.renderedImageURL), renderedByEngine) == 0
    )

    // Edit & Resend: the editor holds and draws the box.
    SentMemesHarness.activate(DetailAction.edit.name, in: detail.window)
    let editor = try #require(app.editor)
    #expect(MainContext.iterate(until: { editor.document.image != nil && !editor.isLoading }))
    EditorHarness.settle(editor)
    #expect(editor.document.captions == Self.captions)
    #expect(editor.canvas.layout?.layers.count == 1)
    Screenshot.save(editor.window, named: "editor-three-box-meme")

    #expect(SentMemesHarness.shareByCopying(editor, in: app, expecting: 2))
    let memes = try SentMemeStore(directory: folder).allMemes()
    let resent = try #require(memes.first { $0.id != seeded.id })
    #expect(resent.textBoxes == Self.boxes)
    #expect(resent.meme.captions == Self.captions)
    #expect(
      differingPixels(try ImageLoader().load(contentsOf: resent.renderedImageURL), renderedByEngine) == 0
    )
  }
}
