// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore
import Testing

/// The changes the user makes to a panel meme's cells, on the grid.
struct PanelEditingTests {
  /// Whether `change` changed the grid (a mutating call cannot be written inside `#expect`).
  private static func changes(_ grid: inout PanelGrid, _ change: (inout PanelGrid) -> Bool) -> Bool {
    change(&grid)
  }

  private static func cells(_ count: Int) -> [PanelCell] {
    (0..<count).map {
      PanelCell(picture: URL(fileURLWithPath: "/pictures/\($0).jpg"), caption: "caption \($0)")
    }
  }

  /// In a grid two cells swap whole; in rows the pictures swap and the captions stay in their rows.
  @Test func swappingTwoCells() {
    var grid = PanelGrid(arrangement: .grid(rows: 2, columns: 2), cells: Self.cells(4))
    #expect(Self.changes(&grid) { $0.swapCells(0, 3) })
    #expect(grid.cells.map(\.caption) == ["caption 3", "caption 1", "caption 2", "caption 0"])
    #expect(grid.cells[0].picture?.lastPathComponent == "3.jpg")
    #expect(!Self.changes(&grid) { $0.swapCells(1, 1) } && !Self.changes(&grid) { $0.swapCells(0, 4) })
    var rows = PanelGrid(arrangement: .captionRows(count: 3), cells: Self.cells(3))
    #expect(Self.changes(&rows) { $0.swapCells(0, 2) })
    #expect(rows.cells.map(\.caption) == ["caption 0", "caption 1", "caption 2"])
    #expect(rows.cells.map { $0.picture?.lastPathComponent } == ["2.jpg", "1.jpg", "0.jpg"])
  }

  /// A row is added at the bottom, empty, and a row removed with its cells, within what MemeMe
  /// draws: grids of 1 to 4 rows and at least two cells, 2 to 6 caption rows.
  @Test func addingAndRemovingRows() {
    var grid = PanelGrid(arrangement: .grid(rows: 1, columns: 2), cells: Self.cells(2))
    #expect(Self.changes(&grid) { $0.addRow() })
    #expect(grid.arrangement == .grid(rows: 2, columns: 2) && grid.cells.count == 4)
    #expect(grid.cells[2].picture == nil && grid.cells[3].picture == nil)
    #expect(Self.changes(&grid) { $0.removeRow(0) })
    #expect(grid.arrangement == .grid(rows: 1, columns: 2) && grid.cells.allSatisfy { $0.picture == nil })
    #expect(!Self.changes(&grid) { $0.removeRow(0) }, "one row of two cells is the least")
    var stack = PanelGrid(arrangement: .grid(rows: 3, columns: 1), cells: Self.cells(3))
    #expect(Self.changes(&stack) { $0.removeRow(1) })
    #expect(stack.cells.map(\.caption) == ["caption 0", "caption 2"])
    #expect(!Self.changes(&stack) { $0.removeRow(0) }, "a single cell is not a panel meme")
    var tall = PanelGrid(arrangement: .grid(rows: 4, columns: 1), cells: Self.cells(4))
    #expect(!Self.changes(&tall) { $0.addRow() })
    var rows = PanelGrid(arrangement: .captionRows(count: 6), cells: Self.cells(6))
    #expect(!Self.changes(&rows) { $0.addRow() })
    #expect(
      Self.changes(&rows) { $0.removeRow(5) } && Self.changes(&rows) { $0.removeRow(0) }
        && Self.changes(&rows) { $0.removeRow(0) } && Self.changes(&rows) { $0.removeRow(0) })
    #expect(
      rows.arrangement == .captionRows(count: 2) && rows.cells.map(\.caption) == ["caption 3", "caption 4"])
    #expect(!Self.changes(&rows) { $0.removeRow(0) })
  }

  /// A drag moves the picture under the pointer, from where it shows, and stops where the picture
  /// would bare the cell; a picture that fits that way does not move.
  @Test func panningFollowsTheDragWithinThePicture() {
    // A 400 × 100 picture covering a 100 × 100 cell: drawn 400 × 100, a quarter of it shown.
    var grid = PanelGrid(arrangement: .grid(rows: 1, columns: 2), cells: Self.cells(2))
    func pan(_ dx: Double, _ dy: Double) -> Bool {
      grid.pan(
        cell: 0, byX: dx, y: dy, cellWidth: 100, cellHeight: 100, pictureWidth: 400, pictureHeight: 100)
    }
    #expect(pan(-100, 0))
    // The middle of the picture (200) moves to 300: the focus from 0.5 to 0.75.
    #expect(grid.cells[0].focusX == 0.75)
    #expect(pan(-1000, 0))
    // As far as it goes: the last quarter shown, its middle at 350.
    #expect(grid.cells[0].focusX == 0.875)
    #expect(!pan(-10, 0), "already at the edge")
    #expect(pan(50, 0) && grid.cells[0].focusX == 0.75)
    // Vertically it fits the cell exactly: nothing to move.
    #expect(!pan(0, 40) && grid.cells[0].focusY == 0.5)
    // A focus set past what the picture can show moves from where the picture shows.
    grid.cells[0].focusX = 0
    #expect(pan(-25, 0))
    #expect(grid.cells[0].focusX == 0.1875)
  }

  /// Zoom multiplies, within 1 to 8.
  @Test func zoomingStaysWithinItsRange() {
    var grid = PanelGrid(arrangement: .grid(rows: 1, columns: 2), cells: Self.cells(2))
    #expect(Self.changes(&grid) { $0.zoom(cell: 1, by: 2) } && grid.cells[1].zoom == 2)
    #expect(Self.changes(&grid) { $0.zoom(cell: 1, by: 100) } && grid.cells[1].zoom == 8)
    #expect(!Self.changes(&grid) { $0.zoom(cell: 1, by: 2) })
    #expect(Self.changes(&grid) { $0.zoom(cell: 1, by: 0.001) } && grid.cells[1].zoom == 1)
    #expect(
      !Self.changes(&grid) { $0.zoom(cell: 1, by: .nan) } && !Self.changes(&grid) { $0.zoom(cell: 5, by: 2) })
  }
}
