// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import DiskTestSupport
import Foundation
import GtkKit
import GtkTestSupport
import MemeCore
import MemeEditing
import MemeStore
import Testing

@testable import MemeUI

/// A sent meme's sticker outlives the file it was made from: Sent Memes keeps its own copy, which
/// Edit & Resend opens and draws, and the meme sent again keeps it too.
@MainActor @Suite(.serialized) struct StickerResendTests {
  @Test func editAndResendWorksAfterTheStickersFileIsGone() throws {
    try DisplayHarness.requireDisplay()
    let (folder, _) = try SentMemesHarness.makeStoreFolder()
    let app = SentMemesHarness.launch(storeFolder: folder)
    defer { SentMemesHarness.close(app) }
    let editor = try #require(app.editor)
    #expect(
      EditorHarness.load(Fixtures.picture(width: 1200, height: 800, name: "landscape.png"), into: editor))
    // A copy of the red disc that is deleted once the meme is sent.
    let original = ScratchFolder.unique("sticker").appendingPathExtension("png")
    try FileManager.default.copyItem(at: try StickerEditorTests.stickerFile(), to: original)
    editor.stickers.add(.picture(StickerPicture(path: original.path)))
    StickerEditorTests.waitForStickers(editor)
    #expect(editor.document.layers.count == 1)
    #expect(SentMemesHarness.shareByCopying(editor, in: app, expecting: 1))
    try FileManager.default.removeItem(at: original)

    let reopened = try #require(SentMemesHarness.editSelectedMeme(in: app))
    let sticker = try #require(reopened.document.layers.first?.sticker, "the sticker comes back")
    guard case .picture(let picture) = sticker.source else {
      Issue.record("a picture sticker, not \(sticker.source)")
      return
    }
    #expect(picture.name == original.lastPathComponent, "named as the file it was made from")
    let kept = URL(fileURLWithPath: picture.path, relativeTo: folder).standardizedFileURL
    #expect(kept.path.hasPrefix(folder.standardizedFileURL.path + "/"), "\(kept.path) lies in the store")
    #expect(FileManager.default.fileExists(atPath: kept.path))
    // The canvas draws the kept copy: red at the sticker's middle, which the landscape has nowhere.
    reopened.document.selectLayer(at: nil)
    gtk_window_set_focus(gtkkit_window(reopened.window), nil)
    EditorHarness.settle(reopened)
    let shown = try #require(CanvasMatchesExportTests.snapshot(reopened.canvas.drawingArea))
    let rect = reopened.canvas.pictureRect
    let scale = rect.width / 1200
    let region = sticker.frame.pixels(width: 1200, height: 800)
    let colour = StickerEditorTests.rgb(
      of: shown,
      at: (
        Int(rect.x + (region.x + region.width / 2) * scale),
        Int(rect.y + (region.y + region.height / 2) * scale)
      ))
    #expect(colour.red > 150 && colour.green < 110 && colour.blue < 110, "\(colour)")

    // Sent again, the new entry keeps the sticker, and the store still has its one copy.
    gtk_editable_set_text(gtkkit_editable(reopened.canvas.fields.bottomEntry.widget), "again")
    #expect(SentMemesHarness.shareByCopying(reopened, in: app, expecting: 2))
    let stored = try SentMemeStore(directory: folder).allMemes()
    #expect(stored.count == 2)
    #expect(
      stored.allSatisfy { $0.layers.first?.sticker?.source == sticker.source }, "both point at the copy")
    let copies = try FileManager.default.contentsOfDirectory(
      atPath: folder.appendingPathComponent("stickers").path)
    #expect(copies.count == 1, "\(copies)")
  }
}
