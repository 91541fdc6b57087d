import CGtk
import Foundation
import GtkKit
import GtkTestSupport
import MemeCore
import MemeEditing
import MemeStore
// SPDX-License-Identifier: GPL-3.0-or-later
import PictureChecks
import Testing

@testable import MemeUI

/// Sharing a JPEG photo as JPEG from the editor keeps the photo's blocks, and Sent Memes keeps the
/// very file that was shared.
@Suite(.serialized) struct JPEGShareTests {
  /// Rows of a `height`-row picture at least one 16-row MCU (and its neighbour row) away from both
  /// caption bands: where a kept-blocks meme must equal the photo exactly.
  private func rowsAwayFromCaptions(width: Int, height: Int) -> Range<Int> {
    let top = CaptionGeometry.band(for: .top, imageWidth: width, imageHeight: height)
    let bottom = CaptionGeometry.band(for: .bottom, imageWidth: width, imageHeight: height)
    let first = (Int(top.maxY.rounded(.up)) + 15) / 16 * 16 + 1
    let end = Int(bottom.y) / 16 * 16 - 1
    return first..<end
  }

  @Test func saveAsJPEGKeepsThePhotosBlocksAndSentMemesKeepsThatFile() throws {
    try DisplayHarness.requireDisplay()
    let (folder, _) = try SentMemesHarness.makeStoreFolder()
    let app = SentMemesHarness.launch(storeFolder: folder)
    defer { SentMemesHarness.close(app) }
    let editor = try #require(app.editor)
    let photo = Fixtures.picture(width: 1200, height: 800, format: .jpeg(quality: 75), name: "photo-q75.jpg")
    EditorHarness.load(photo, into: editor)
    EditorHarness.type(top: "Not one block", bottom: "was harmed", into: editor)
    let output = Fixtures.folder.appendingPathComponent("kept-\(UUID().uuidString).jpg")
    editor.filePicker = { _, completion in completion(output) }
    editor.actions.action(named: ShareTarget.saveAs.name)?.activate()
    #expect(MainContext.iterate { (SentMemesHarness.sentMemes(of: app)?.memes.list.count ?? 0) == 1 })
    SentMemesHarness.settle(app)

    // Away from the captions the meme is the photo itself, pixel for pixel: a full encode at
    // quality 90 of a quality-75 photo would change nearly every pixel there.
    let saved = try ImageLoader().load(contentsOf: output)
    let source = try ImageLoader().load(contentsOf: photo)
    #expect(saved.width == 1200 && saved.height == 800)
    let middle = rowsAwayFromCaptions(width: 1200, height: 800)
    #expect(middle.count > 200)
    #expect(differingPixels(saved, source, rows: middle) == 0)
    // The captions are there.
    let top = CaptionGeometry.band(for: .top, imageWidth: 1200, imageHeight: 800)
    let topRows = Int(top.y)..<Int(top.maxY)
    #expect(differingPixels(saved, source, rows: topRows) > 1000)

    // Sent Memes keeps the file the user got, byte for byte.
    let stored = try #require(try SentMemeStore(directory: folder).allMemes().first)
    #expect(stored.renderedImageURL.pathExtension == "jpg")
    #expect(try Data(contentsOf: stored.renderedImageURL) == Data(contentsOf: output))
  }

  /// Copy Image puts a PNG on the clipboard; Sent Memes keeps that same PNG.
  @Test func copyKeepsTheClipboardPNG() throws {
    try DisplayHarness.requireDisplay()
    let sink = InMemorySentMemes()
    let editor = EditorHarness.makeEditor(sink: sink)
    defer { EditorHarness.close(editor) }
    EditorHarness.load(
      Fixtures.picture(width: 600, height: 400, format: .jpeg(quality: 80), name: "copy.jpg"), into: editor)
    EditorHarness.type(top: "copied", bottom: "kept", into: editor)
    editor.actions.action(named: ShareTarget.copyImage.name)?.activate()
    #expect(MainContext.iterate { !sink.isEmpty })
    let kept = try #require(sink.entries.first)
    let file = kept.file
    #expect(file.fileExtension == "png")
    // The kept PNG is the encoder's own of the pixels it holds: the rendered meme encoded once, with
    // the meme's description (its text, by default).
    let rendered = try ImageLoader().load(data: [UInt8](file.data), name: "kept")
    #expect([UInt8](file.data) == (try ImageWriter.encode(rendered, as: .png, description: "copied\nkept")))
  }
}
