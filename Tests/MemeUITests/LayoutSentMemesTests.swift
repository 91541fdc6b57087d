// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import GtkTestSupport
import MemeCore
import MemeStore
import PictureChecks
import Testing

@testable import MemeEditing
@testable import MemeUI

/// A Band meme in Sent Memes: its row shows both texts, its file has both (read back by Tesseract),
/// Detail shows the whole output at its aspect ratio, and Edit reopens it in the Band layout with
/// both texts, each in a visible field.
@Suite(.serialized) struct LayoutSentMemesTests {
  @Test func aBandMemeIsShownAndReopenedAsABand() throws {
    try DisplayHarness.requireDisplay()
    let (folder, _) = try SentMemesHarness.makeStoreFolder()
    let captions = MemeCaptions(
      top: "morning coffee", bottom: "evening tea", style: MemeLayoutKind.band.defaultStyle,
      layout: .band)
    let snapshot = ShareSnapshot(
      captions: captions,
      picture: try EditorImage.load(
        contentsOf: Fixtures.picture(width: 640, height: 480, name: "band-sent.png")),
      transform: .identity)
    let shared = try SharePipeline.run(snapshot, as: .png, to: .caller).get()
    let saved = try SentMemeStore(directory: folder).save(SentMemeDraftMaker.draft(of: shared))
    let app = SentMemesHarness.launch(storeFolder: folder)
    defer { SentMemesHarness.close(app) }
    let window = try #require(SentMemesHarness.sentMemes(of: app))
    SentMemesHarness.waitForThumbnails(window)
    let row = try #require(window.listFactory.boundCells.first { $0.memeID == saved.id })
    #expect(row.topText == "morning coffee")
    #expect(row.bottomText == "evening tea", "the band draws the bottom text too")
    #expect(saved.top == "morning coffee" && saved.bottom == "evening tea")
    let words = try TextRecognition.words(inImageAt: saved.renderedImageURL.path)
    let top = try #require(words.range(of: "morning coffee"), "read: \(words)")
    let bottom = try #require(words.range(of: "evening tea"), "read: \(words)")
    #expect(top.upperBound <= bottom.lowerBound, "top, then bottom: \(words)")

    gtk_single_selection_set_selected(gtkkit_single_selection(window.selection.raw), 0)
    SentMemesHarness.activate(SentMemesAction.openMeme.name, in: window.window)
    let detail = try #require(app.sentMemes?.detailWindow)
    #expect(MainContext.iterate { !detail.isLoading })
    let rendered = try ImageLoader().load(contentsOf: saved.renderedImageURL)
    let frame = MemeLayout(captions: captions, imageWidth: 640, imageHeight: 480).frame
    #expect(
      rendered.height == frame.height && frame.height > frame.pictureY + 480, "both bands are in the meme")
    let paintable = try #require(gtk_picture_get_paintable(gtkkit_picture(detail.picture)))
    #expect(
      abs(
        gdk_paintable_get_intrinsic_aspect_ratio(paintable) - Double(rendered.width) / Double(rendered.height)
      )
        < 0.01)

    SentMemesHarness.activate(DetailAction.edit.name, in: detail.window)
    let editor = try #require(app.editor)
    #expect(MainContext.iterate(until: { editor.document.image != nil && !editor.isLoading }))
    #expect(editor.document.layout == .band)
    #expect(editor.document.captions == captions)
    #expect(editor.canvas.fields.bottomEntry.widget.isVisible)
    #expect(editor.canvas.fields.bottomEntry.text == "evening tea")
  }
}
