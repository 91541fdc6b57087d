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

/// A panel meme outlives its pictures' files and the app: Sent Memes keeps every cell's picture and
/// how it lies, and Edit & Resend after a restart opens the grid as it was sent.
@MainActor @Suite(.serialized) struct PanelResendTests {
  @Test func aPanelMemeSurvivesARestartAndEditAndResendRestoresItsCells() throws {
    try DisplayHarness.requireDisplay()
    let (folder, _) = try SentMemesHarness.makeStoreFolder()
    // Copies of the pictures, deleted once the meme is sent.
    let red = ScratchFolder.unique("panel-red").appendingPathExtension("png")
    let blue = ScratchFolder.unique("panel-blue").appendingPathExtension("png")
    try FileManager.default.copyItem(
      at: try PanelHarness.solid(PanelEditorTests.red, name: "resend-red.png"), to: red)
    try FileManager.default.copyItem(
      at: try PanelHarness.solid(PanelEditorTests.blue, width: 600, height: 800, name: "resend-blue.png"),
      to: blue)

    let sent: PanelGrid
    do {
      let app = SentMemesHarness.launch(storeFolder: folder)
      defer { SentMemesHarness.close(app) }
      let editor = try #require(app.editor)
      PanelHarness.start("1x2", in: editor)
      try PanelHarness.fillByAlbum(cell: 0, with: red, in: editor)
      try PanelHarness.drop(blue, onCell: 1, in: editor)
      editor.panels.bar.gutterSpin.value = 12
      editor.panels.bar.captionEntry.text = "red"
      editor.panels.change { $0.zoom(cell: 0, by: 2) }
      sent = try #require(editor.panels.grid)
      #expect(SentMemesHarness.shareByCopying(editor, in: app, expecting: 1))
    }
    try FileManager.default.removeItem(at: red)
    try FileManager.default.removeItem(at: blue)

    let app = SentMemesHarness.launch(storeFolder: folder)
    defer { SentMemesHarness.close(app) }
    let reopened = try #require(SentMemesHarness.editSelectedMeme(in: app))
    let grid = try #require(reopened.panels.grid, "Edit & Resend opens the panel meme")
    #expect(grid.arrangement == sent.arrangement && grid.gutter == 12 && grid.gutterColor == sent.gutterColor)
    // The caption went to the cell selected last: the one the drop filled.
    #expect(grid.cells.map(\.caption) == ["", "red"])
    #expect(grid.cells.map(\.zoom) == sent.cells.map(\.zoom))
    for cell in grid.cells {
      let picture = try #require(cell.picture)
      #expect(
        picture.path.hasPrefix(folder.standardizedFileURL.path + "/"), "\(picture.path) lies in the store")
    }
    EditorHarness.settle(reopened)
    #expect(
      try PanelHarness.sheetColor(ofCell: 0, in: reopened).0 > 200, "the red cell draws from the kept copy")
    #expect(
      try PanelHarness.sheetColor(ofCell: 1, in: reopened).2 > 200, "the blue cell draws from the kept copy")
    #expect(!reopened.document.hasUnsharedChanges, "what was sent is kept: closing loses nothing")

    // The file sent: the cells at full size, the gutter exactly its colour.
    let stored = try #require(try SentMemeStore(directory: folder).allMemes().first)
    let rendered = try ImageLoader().load(contentsOf: stored.renderedImageURL)
    let layout = try PanelComposer.layOut(grid, width: nil, loader: ImageLoader())
    #expect(rendered.width == layout.geometry.width && rendered.height == layout.geometry.height)
    let left = layout.geometry.pictureCells[0]
    let gutterColumns = (left.x + left.width)..<layout.geometry.pictureCells[1].x
    #expect(gutterColumns.count == 12)
    var notWhite = 0
    for y in 0..<rendered.height {
      for x in gutterColumns where PanelHarness.pixel(of: rendered, x: x, y: y) != (255, 255, 255) {
        notWhite += 1
      }
    }
    #expect(notWhite == 0, "\(notWhite) gutter pixels are not the gutter colour")

    // Sent again, the store still keeps each picture once.
    reopened.panels.bar.captionEntry.text = "red again"
    #expect(SentMemesHarness.shareByCopying(reopened, in: app, expecting: 2))
    let copies = try FileManager.default.contentsOfDirectory(
      atPath: folder.appendingPathComponent("stickers").path)
    #expect(copies.count == 2, "\(copies)")
  }
}
