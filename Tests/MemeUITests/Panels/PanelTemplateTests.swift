// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import GtkTestSupport
import MemeCore
import MemeStore
import Testing

@testable import MemeUI

/// A panel meme kept as a template: its grid and captions without its pictures, and a meme started
/// from it opens that empty grid to fill; a template's picture fills a cell of a panel meme.
@MainActor @Suite(.serialized) struct PanelTemplateTests {
  @Test func aPanelMemeKeptAsATemplateStartsItsGridEmptyWithItsCaptions() throws {
    let folder = try SentMemesHarness.makeStoreFolder(memes: 1).folder
    try TemplateWindowTests.withApp(storeFolder: folder) { _, navigator in
      let editor = navigator.showEditor()
      PanelHarness.start("rows", in: editor)
      let red = try PanelHarness.solid(PanelEditorTests.red, name: "template-red.png")
      try PanelHarness.fillByAlbum(cell: 0, with: red, in: editor)
      editor.panels.bar.captionEntry.text = "small brain"
      editor.actions.action(named: TemplateAction.useAsTemplate.name)?.activate()
      #expect(TemplateWindowTests.waitForTemplates(1, in: navigator.templates))
      let template = try #require(navigator.templates.templates.first)
      let kept = try #require(template.panels, "the template keeps the grid")
      #expect(kept.arrangement == .captionRows(count: 4))
      #expect(kept.cells.allSatisfy { $0.picture == nil }, "without its pictures")
      #expect(kept.cells.map(\.caption) == ["small brain", "", "", ""], "with its captions")
      // Its picture is the empty grid: the caption cell's text on white, no red anywhere.
      let picture = try ImageLoader().load(contentsOf: template.pictureURL)
      var redPixels = 0
      for y in stride(from: 0, to: picture.height, by: 4) {
        for x in stride(from: 0, to: picture.width, by: 4) {
          let pixel = PanelHarness.pixel(of: picture, x: x, y: y)
          if pixel.0 > 200 && pixel.1 < 60 && pixel.2 < 60 { redPixels += 1 }
        }
      }
      #expect(redPixels == 0, "the cell's picture is not in the template: \(redPixels) red pixels")

      // A meme started from the template, in place of the one made (kept: nothing is asked).
      editor.document.markKept()
      navigator.startMeme(from: template)
      let started = try #require(navigator.adoptedEditor)
      #expect(MainContext.iterate { started.panels.grid?.cells.allSatisfy { $0.picture == nil } == true })
      #expect(started.panels.grid?.arrangement == .captionRows(count: 4))
      #expect(started.panels.grid?.cells.map(\.caption) == ["small brain", "", "", ""])
      #expect(started.panels.grid?.cells.allSatisfy { $0.picture == nil } == true)

      // A template of one picture, chosen while a panel meme is made, fills its selected cell.
      let sent = try #require(navigator.memes.list.meme(at: 0))
      navigator.keepTemplate(of: sent, in: started.window, toasts: started.toasts)
      #expect(TemplateWindowTests.waitForTemplates(2, in: navigator.templates))
      let plain = try #require(navigator.templates.templates.first { $0.panels == nil })
      started.panels.select(2)
      navigator.startMeme(from: plain)
      #expect(MainContext.iterate { started.panels.grid?.cells[2].picture == plain.pictureURL })
      #expect(navigator.adoptedEditor === started, "the panel meme stays")
    }
  }

  @Test func aPastedPictureGoesIntoTheSelectedCell() throws {
    try DisplayHarness.requireDisplay()
    let editor = EditorHarness.makeEditor()
    defer { EditorHarness.close(editor) }
    PanelHarness.start("1x2", in: editor)
    editor.panels.select(1)
    let source = try ImageLoader().load(
      contentsOf: Fixtures.picture(width: 600, height: 900, name: "portrait.png"))
    #expect(Clipboard(for: editor.window).setImage(encoded: try ImageWriter.encode(source, as: .png)))
    editor.actions.action(named: "paste")?.activate()
    #expect(MainContext.iterate { editor.panels.grid?.cells[1].picture != nil })
    let pasted = try #require(editor.panels.grid?.cells[1].picture)
    #expect(FileManager.default.fileExists(atPath: pasted.path), "kept as a file, as any pasted picture")
    #expect(editor.panels.grid?.cells[0].picture == nil)
    // A 1×2 has one row: none to remove.
    #expect(!editor.panels.bar.removeRowButton.widget.isSensitive)
  }

  @Test func removingARowTakesTheSelectedCellsRow() throws {
    try DisplayHarness.requireDisplay()
    let editor = EditorHarness.makeEditor()
    defer { EditorHarness.close(editor) }
    PanelHarness.start("2x2", in: editor)
    let red = try PanelHarness.solid(PanelEditorTests.red, name: "row-red.png")
    let blue = try PanelHarness.solid(PanelEditorTests.blue, name: "row-blue.png")
    try PanelHarness.fillByAlbum(cell: 0, with: red, in: editor)
    try PanelHarness.fillByAlbum(cell: 3, with: blue, in: editor)
    editor.panels.select(0)
    gtk_widget_activate(editor.panels.bar.removeRowButton.widget)
    #expect(MainContext.iterate { editor.panels.grid?.arrangement == .grid(rows: 1, columns: 2) })
    #expect(editor.panels.grid?.cells.map(\.picture) == [nil, blue], "the top row went, the bottom stays")
    editor.document.undo()
    #expect(editor.panels.grid?.cells.map(\.picture) == [red, nil, nil, blue])
  }
}
