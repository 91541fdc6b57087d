// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import GtkTestSupport
import MemeCore
import Testing

@testable import MemeUI

/// A panel meme's cells under a real pointer and keyboard (X11): a drag onto another cell swaps the
/// two, a drag inside a cell moves its picture, the wheel zooms it, the arrow keys move it, a click
/// on a rows caption cell goes to its caption; each is one undo step.
@MainActor @Suite(.serialized) struct PanelPointerTests {
  /// An editor with a 1×2 grid, red on the left and blue on the right.
  static func editorWithTwoCells() throws -> (EditorWindow, red: URL, blue: URL) {
    let editor = EditorHarness.makeEditor(width: 960, height: 720)
    let red = try PanelHarness.solid(PanelEditorTests.red, name: "pointer-red.png")
    let blue = try PanelHarness.solid(PanelEditorTests.blue, name: "pointer-blue.png")
    PanelHarness.start("1x2", in: editor)
    try PanelHarness.fillByAlbum(cell: 0, with: red, in: editor)
    try PanelHarness.fillByAlbum(cell: 1, with: blue, in: editor)
    return (editor, red, blue)
  }

  /// An editor with a `layout` grid whose first cell shows a 4:3 landscape.
  static func editorWithALandscape(in layout: String) throws -> EditorWindow {
    let editor = EditorHarness.makeEditor(width: 960, height: 720)
    PanelHarness.start(layout, in: editor)
    try PanelHarness.fillByAlbum(
      cell: 0, with: Fixtures.picture(width: 1200, height: 900, name: "pointer-landscape.png"), in: editor)
    return editor
  }

  /// Whether the window's focus is `widget` or inside it (an entry's text).
  static func holdsFocus(_ widget: UnsafeMutablePointer<GtkWidget>, in editor: EditorWindow) -> Bool {
    guard let focus = gtk_window_get_focus(gtkkit_window(editor.window)) else { return false }
    return focus == widget || gtk_widget_is_ancestor(focus, widget) != 0
  }

  static func middle(ofCell index: Int, in editor: EditorWindow) throws -> (x: Double, y: Double) {
    let rect = try #require(editor.panels.canvasRect(ofCell: index))
    return (rect.x + rect.width / 2, rect.y + rect.height / 2)
  }

  @Test func draggingOneCellOntoAnotherSwapsThem() throws {
    try DisplayHarness.requireDisplay()
    let (editor, red, blue) = try Self.editorWithTwoCells()
    defer { EditorHarness.close(editor) }
    let from = try Self.middle(ofCell: 0, in: editor)
    let to = try Self.middle(ofCell: 1, in: editor)
    try RealPointer.drag(
      fromX: from.x, y: from.y, by: to.x - from.x, to.y - from.y, of: editor.canvas.drawingArea,
      in: editor.window
    ) {
      #expect(editor.panels.pointer.swapTarget == 1, "the cell under the pointer is marked")
    }
    EditorHarness.settle(editor)
    #expect(editor.panels.grid?.cells.map(\.picture) == [blue, red])
    #expect(try PanelHarness.sheetColor(ofCell: 0, in: editor).2 > 200, "blue is drawn on the left now")
    #expect(editor.panels.grid?.cells.allSatisfy { $0.focusX == 0.5 && $0.focusY == 0.5 } == true)
    editor.document.undo()
    #expect(editor.panels.grid?.cells.map(\.picture) == [red, blue], "one undo takes the whole drag back")
  }

  @Test func theWheelZoomsACellAndADragInsideItMovesItsPicture() throws {
    try DisplayHarness.requireDisplay()
    let editor = try Self.editorWithALandscape(in: "1x2")
    defer { EditorHarness.close(editor) }
    let middle = try Self.middle(ofCell: 0, in: editor)
    try RealPointer.drag(
      fromX: middle.x, y: middle.y, by: 0, 0, of: editor.canvas.drawingArea, in: editor.window)
    // Two notches up: closer.
    _ = try RealPointer.xdotool(["click", "--repeat", "2", "4"])
    #expect(
      MainContext.iterate { (editor.panels.grid?.cells[0].zoom ?? 1) > 1.5 },
      "each notch zooms the cell 1.25×")
    let zoomed = try #require(editor.panels.grid?.cells[0].zoom)

    let rect = try #require(editor.panels.canvasRect(ofCell: 0))
    try RealPointer.drag(
      fromX: middle.x, y: middle.y, by: -rect.width / 6, 0, of: editor.canvas.drawingArea, in: editor.window)
    EditorHarness.settle(editor)
    let moved = try #require(editor.panels.grid?.cells[0])
    #expect(moved.focusX > 0.5, "dragged left, the picture shows more of its right: \(moved.focusX)")
    #expect(moved.zoom == zoomed && editor.panels.grid?.cells[0].picture != nil)

    editor.document.undo()
    #expect(editor.panels.grid?.cells[0].focusX == 0.5, "one undo takes the drag back")
    editor.document.undo()
    #expect(editor.panels.grid?.cells[0].zoom == 1, "the next, the zoom")
  }

  @Test func theArrowKeysMoveTheSelectedCellsPicture() throws {
    try DisplayHarness.requireDisplay()
    let editor = try Self.editorWithALandscape(in: "2x1")
    defer { EditorHarness.close(editor) }
    try PanelHarness.fillByAlbum(
      cell: 1, with: Fixtures.picture(width: 900, height: 1200, name: "pointer-portrait.png"), in: editor)
    try RealKeyboard.focus(editor.window)
    // Above the bottom caption's field, which lies over the lower cell's bottom band.
    let rect = try #require(editor.panels.canvasRect(ofCell: 1))
    try RealPointer.click(
      atX: rect.x + rect.width / 2, y: rect.y + rect.height * 0.3, of: editor.canvas.drawingArea,
      in: editor.window)
    #expect(editor.panels.selectedCell == 1)
    #expect(
      MainContext.iterate { Self.holdsFocus(editor.canvas.drawingArea, in: editor) },
      "a click on a cell focuses the canvas")
    // A portrait picture in a landscape cell: it moves up and down.
    try RealKeyboard.press("Down")
    #expect(MainContext.iterate { (editor.panels.grid?.cells[1].focusY ?? 0.5) < 0.5 })
    try RealKeyboard.press("plus")
    #expect(MainContext.iterate { (editor.panels.grid?.cells[1].zoom ?? 1) > 1 })
    editor.document.undo()
    editor.document.undo()
    #expect(editor.panels.grid?.cells[1].focusY == 0.5 && editor.panels.grid?.cells[1].zoom == 1)
  }

  @Test func clickingARowsCaptionCellGoesToItsCaption() throws {
    try DisplayHarness.requireDisplay()
    let editor = EditorHarness.makeEditor(width: 960, height: 720)
    defer { EditorHarness.close(editor) }
    PanelHarness.start("rows", in: editor)
    let rect = try #require(editor.panels.canvasRect(ofCaptionCell: 2))
    try RealPointer.click(
      atX: rect.x + rect.width / 2, y: rect.y + rect.height / 2, of: editor.canvas.drawingArea,
      in: editor.window)
    #expect(editor.panels.selectedCell == 2)
    #expect(MainContext.iterate { Self.holdsFocus(editor.panels.bar.captionEntry.widget, in: editor) })
    try RealKeyboard.type("bigger brain")
    #expect(MainContext.iterate { editor.panels.grid?.cells[2].caption == "bigger brain" })
    Screenshot.save(editor.window, named: "panels-rows-caption")
  }
}
