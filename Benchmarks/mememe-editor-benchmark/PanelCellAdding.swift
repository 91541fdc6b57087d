// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeGraphics
import Foundation
import MemeCore
import MemeEditing

/// A 12 MP photo added to a cell of a 2×2 panel meme whose other three cells already show 12 MP
/// photos (decoded when they were added, as in the editor), from the file to the canvas painted at
/// 1280×800: decoding it to its cell's size, drawing the sheet, the document's change and a full
/// repaint. Then a pan of a cell, as a drag redraws it frame by frame (the canvas fits each frame with
/// the quick filter, see `PreviewPainter.showRedrawn`). Target for adding: ≤ 100 ms.
@MainActor func measurePanelCellAdding(photo: URL, folder: URL, canvas: OpaquePointer) throws {
  // Four different files of the same photo, so that no cell finds another's decoding.
  let cells = try (0..<4).map { index in
    let copy = folder.appendingPathComponent("12mp-cell-\(index).jpg")
    if !FileManager.default.fileExists(atPath: copy.path) {
      try FileManager.default.copyItem(at: photo, to: copy)
    }
    return copy
  }
  let painter = PreviewPainter()
  func paint() {
    let context = cairo_create(canvas)!
    painter.paint(on: context, width: canvasWidth, height: canvasHeight)
    cairo_destroy(context)
  }
  var adding: [Double] = []
  var panning: [Double] = []
  for _ in 0..<5 {
    let pictures = PanelPictures()
    let document = EditorDocument()
    var grid = PanelGrid(arrangement: .grid(rows: 2, columns: 2))
    for index in 0..<3 { grid.cells[index].picture = cells[index] }
    // The three cells added before: decoded once, kept.
    let before = try PanelSheetMaker.sheet(for: grid, style: .classic, pictures: pictures)
    PanelChanges(of: document).set(grid, sheet: before.picture)
    painter.show(before.picture)
    paint()
    grid.cells[3].picture = cells[3]
    adding.append(
      try milliseconds {
        let sheet = try PanelSheetMaker.sheet(for: grid, style: .classic, pictures: pictures)
        PanelChanges(of: document).set(grid, sheet: sheet.picture)
        // As the canvas shows it: the sheet drawn again (a new size is shown as a new picture).
        painter.showRedrawn(sheet.picture)
        paint()
      })
    for step in 1...10 {
      panning.append(
        try milliseconds {
          var moved = grid
          moved.cells[0].zoom = 2
          moved.cells[0].focusX = 0.4 + Double(step) / 100
          let sheet = try PanelSheetMaker.sheet(for: moved, style: .classic, pictures: pictures)
          PanelChanges(of: document).set(moved, sheet: sheet.picture, coalescingKey: "pan")
          painter.showRedrawn(sheet.picture)
          paint()
        })
    }
  }
  print(
    "12 MP JPEG added to a 2×2 panel cell, three cells already shown (decode to the cell + sheet + paint"
      + " at 1280×800): median \(format(median(adding))) ms, slowest \(format(adding.max() ?? 0)) ms"
      + " over \(adding.count) runs (target ≤ 100 ms)")
  print(
    "panning a 2×2 panel cell, one drag frame (sheet from kept decodings + paint): median"
      + " \(format(median(panning))) ms, 95th percentile \(format(percentile(panning, 0.95))) ms"
      + " over \(panning.count) frames")
}
