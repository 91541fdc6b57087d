// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GtkKit
import GtkTestSupport
import MemeCore
import MemeEditing
import MemeStore
import PictureChecks
import Testing

@testable import MemeUI

/// Every layout kind, with every kind of layer over the picture (text boxes), on a cut and turned
/// picture with a description of its own: the shared file is the engine's rendering, the store gives
/// the same content back, Edit & Resend opens it with that content (its preview laid out as the
/// export is) and sends it again unchanged.
@MainActor @Suite(.serialized) struct MemeContentRoundTripTests {
  nonisolated static func content(_ layout: MemeLayoutKind) -> MemeContent {
    MemeContent(
      captions: MemeCaptions(
        top: "every layer", bottom: "every layout", style: layout.defaultStyle,
        layers: [
          TextBox(
            text: "a box over the picture", frame: RelativeRect(x: 0.1, y: 0.3, width: 0.7, height: 0.25),
            angle: -10),
          TextBox(text: "and one above it", frame: RelativeRect(x: 0.3, y: 0.6, width: 0.6, height: 0.2)),
        ].map(MemeLayer.text), layout: layout),
      transform: PictureTransform(crop: PixelRect(x: 20, y: 10, width: 400, height: 300), quarterTurns: 1),
      customDescription: "a meme in the \(layout.rawValue) layout")
  }

  @Test(arguments: MemeLayoutKind.allCases)
  func theContentTravelsThroughExportStoreAndEditAndResend(layout: MemeLayoutKind) throws {
    try DisplayHarness.requireDisplay()
    let content = Self.content(layout)
    let pictureURL = Fixtures.picture(width: 480, height: 360, name: "content-\(layout.rawValue).png")
    let snapshot = ShareSnapshot(
      captions: content.captions, picture: try EditorImage.load(contentsOf: pictureURL),
      transform: content.transform, customDescription: content.customDescription)
    let shared = try SharePipeline.run(snapshot, as: .png, to: .caller).get()
    let (folder, _) = try SentMemesHarness.makeStoreFolder()
    let saved = try SentMemeStore(directory: folder).save(SentMemeDraftMaker.draft(of: shared))

    // The store round trip: the same content, and the file the engine draws.
    let loaded = try #require(try SentMemeStore(directory: folder).meme(id: saved.id))
    #expect(loaded.content == content)
    let expected = try #require(
      MemeRenderer.rendered(
        content.captions, image: try ImageLoader().load(contentsOf: pictureURL), transform: content.transform)
    )
    #expect(differingPixels(try ImageLoader().load(contentsOf: loaded.renderedImageURL), expected) == 0)

    // Edit & Resend: the editor holds the content, and its preview lays it out as the export does.
    let sink = InMemorySentMemes()
    let editor = EditorHarness.makeEditor(sink: sink)
    defer { EditorHarness.close(editor) }
    editor.loading.load(sent: loaded.meme)
    #expect(MainContext.iterate { !editor.isLoading && editor.document.image != nil })
    EditorHarness.settle(editor)
    #expect(editor.document.captions == content.captions)
    #expect(editor.document.transform == content.transform)
    #expect(editor.document.customDescription == content.customDescription)
    let preview = try #require(editor.canvas.layout)
    let exported = MemeLayout(captions: content.captions, imageWidth: 300, imageHeight: 400)
    #expect(preview.frame == exported.frame)
    #expect(preview.layers.map(\.inkRect) == exported.layers.map(\.inkRect))

    editor.actions.action(named: ShareTarget.copyImage.name)?.activate()
    #expect(MainContext.iterate(maxIterations: 6000) { !sink.isEmpty })
    let resent = try #require(sink.entries.last)
    let again = try SentMemeStore(directory: folder).save(SentMemeDraftMaker.draft(of: resent))
    let reloaded = try #require(try SentMemeStore(directory: folder).meme(id: again.id))
    #expect(reloaded.content == content)
    #expect(try Data(contentsOf: reloaded.renderedImageURL) == Data(contentsOf: loaded.renderedImageURL))
  }
}
