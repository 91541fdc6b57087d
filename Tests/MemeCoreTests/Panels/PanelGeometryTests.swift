// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore
import Testing

/// Where a panel meme's cells lie and how wide it is drawn, worked out by hand.
struct PanelGeometryTests {
  private static func grid(
    _ arrangement: PanelArrangement, _ cells: [PanelCell] = [], gutter: Int = 0, aspect: Double? = nil
  ) -> PanelGrid {
    PanelGrid(arrangement: arrangement, cells: cells, gutter: gutter, cellAspect: aspect)
  }

  private static let picture = URL(fileURLWithPath: "/nonexistent/picture.jpg")

  /// The natural width draws no picture larger than its own pixels: the narrowest covering width
  /// decides, at the first picture's shape.
  @Test func theNaturalWidthUpscalesNoPicture() {
    let cells = [PanelCell(picture: Self.picture), PanelCell(picture: Self.picture)]
    let grid = Self.grid(.grid(rows: 1, columns: 2), cells, gutter: 10)
    // 4:3 cells; 1200 × 900 covers a cell up to 1200 wide, 800 × 800 up to 800 (its height × 4/3 is
    // more, its width less).
    let sizes: [(width: Int, height: Int)?] = [(1200, 900), (800, 800)]
    #expect(PanelSheetGeometry.naturalWidth(of: grid, pictureSizes: sizes, maxPixels: 100_000_000) == 1610)
    // Fitted, the square picture may be drawn in a cell as wide as its height makes 4:3 (1066).
    var fitted = grid
    fitted.cells[1].fit = .fit
    #expect(PanelSheetGeometry.naturalWidth(of: fitted, pictureSizes: sizes, maxPixels: 100_000_000) == 2142)
    // Zoomed in twice, it may only be half as wide.
    var zoomed = grid
    zoomed.cells[1].zoom = 2
    #expect(PanelSheetGeometry.naturalWidth(of: zoomed, pictureSizes: sizes, maxPixels: 100_000_000) == 810)
    // Without pictures, cells of the default width.
    #expect(
      PanelSheetGeometry.naturalWidth(of: grid, pictureSizes: [nil, nil], maxPixels: 100_000_000)
        == 2 * PanelSheetGeometry.emptyCellWidth + 10)
  }

  /// At most `widestOutput` wide, and within the pixel limit however tall the cells are.
  @Test func theNaturalWidthKeepsWithinTheWidestOutputAndThePixelLimit() throws {
    let cells = Array(repeating: PanelCell(picture: Self.picture), count: 4)
    let big: [(width: Int, height: Int)?] = Array(repeating: (8000, 6000), count: 4)
    let grid = Self.grid(.grid(rows: 2, columns: 2), cells)
    #expect(
      PanelSheetGeometry.naturalWidth(of: grid, pictureSizes: big, maxPixels: 100_000_000)
        == PanelSheetGeometry.widestOutput)
    let tall = Self.grid(.captionRows(count: 4), cells, aspect: 0.25)
    let width = PanelSheetGeometry.naturalWidth(of: tall, pictureSizes: big, maxPixels: 2_000_000)
    let geometry = try #require(PanelSheetGeometry(grid: tall, aspect: 0.25, width: width))
    #expect(geometry.width * geometry.height <= 2_000_000)
    #expect(geometry.width * geometry.height > 1_500_000, "only \(geometry.width) × \(geometry.height)")
    // Six rows of cells four times as tall as wide: the height stays within a picture's tallest side.
    let six = Self.grid(.captionRows(count: 6), Array(cells.prefix(4)) + cells.prefix(2), aspect: 0.25)
    let sixWidth = PanelSheetGeometry.naturalWidth(
      of: six, pictureSizes: big + big.prefix(2), maxPixels: 100_000_000)
    let sixGeometry = try #require(PanelSheetGeometry(grid: six, aspect: 0.25, width: sixWidth))
    #expect(sixGeometry.height <= ImageLoader.maximumSide)
  }

  /// Cells share a width that does not divide to the pixel, edge to edge with the gutters between.
  @Test func cellsShareTheWidthToThePixel() throws {
    let grid = Self.grid(.grid(rows: 2, columns: 3), gutter: 7)
    // 988 pixels of cells: 329⅓ each.
    let geometry = try #require(PanelSheetGeometry(grid: grid, aspect: 1, width: 1002))
    let firstRow = geometry.pictureCells.prefix(3)
    #expect(firstRow.map(\.width) == [329, 330, 329])
    #expect(firstRow.map(\.x) == [0, 336, 673])
    #expect(geometry.pictureCells[3].y == firstRow[0].height + 7)
    #expect(geometry.height == 2 * firstRow[0].height + 7)
    // Out of range: narrower than 16-pixel cells, or wider than the widest.
    #expect(PanelSheetGeometry(grid: grid, aspect: 1, width: 3 * 16 + 13) == nil)
    #expect(PanelSheetGeometry(grid: grid, aspect: 1, width: PanelSheetGeometry.widestOutput + 1) == nil)
  }

  /// Rows: caption cells on the left, picture cells on the right, one a row.
  @Test func rowsHaveACaptionCellBesideEachPicture() throws {
    let grid = Self.grid(.captionRows(count: 3), gutter: 4)
    let geometry = try #require(PanelSheetGeometry(grid: grid, aspect: 2, width: 804))
    #expect(geometry.captionCells.map(\.x) == [0, 0, 0])
    #expect(geometry.pictureCells.map(\.x) == [404, 404, 404])
    #expect(geometry.pictureCells.map(\.y) == [0, 204, 408])
    #expect(geometry.captionCells.map(\.y) == geometry.pictureCells.map(\.y))
    #expect(geometry.height == 3 * 200 + 2 * 4)
  }

  /// A picture covering its cell is moved by its focus as far as it can go, and zoomed; a fitted
  /// one lies in the middle.
  @Test func aPictureLiesInItsCellByItsFitFocusAndZoom() {
    func placement(_ cell: PanelCell) -> PanelPlacement {
      PanelPlacement(cell: cell, pictureWidth: 200, pictureHeight: 100, cellWidth: 100, cellHeight: 100)
    }
    #expect(placement(PanelCell()).region == ImageRect(x: 50, y: 0, width: 100, height: 100))
    #expect(placement(PanelCell(focusX: 0)).region.x == 0)
    #expect(placement(PanelCell(focusX: 1)).region.x == 100)
    #expect(placement(PanelCell(zoom: 2)).region == ImageRect(x: 75, y: 25, width: 50, height: 50))
    #expect(
      placement(PanelCell(zoom: 2, focusX: 0, focusY: 1)).region
        == ImageRect(x: 0, y: 50, width: 50, height: 50))
    let fitted = placement(PanelCell(fit: .fit))
    #expect(fitted.visible == PixelRect(x: 0, y: 25, width: 100, height: 50))
    #expect(fitted.region == ImageRect(x: 0, y: 0, width: 200, height: 100))
  }

  /// The description names the panels in reading order: right to left in a right-to-left language.
  @Test func theDescriptionReadsThePanelsInOrder() {
    let cells = ["a", "b", "", "d"].map { PanelCell(caption: $0) }
    let grid = Self.grid(.grid(rows: 2, columns: 2), cells)
    #expect(grid.describedCaptions(rightToLeft: false) == "Panel 1: a, Panel 2: b, Panel 4: d")
    #expect(grid.describedCaptions(rightToLeft: true) == "Panel 1: b, Panel 2: a, Panel 3: d")
    let captions = MemeCaptions(top: "top", bottom: "bottom")
    #expect(
      MemeDescription.resolved(nil, captions: captions, panels: grid)
        == "top\n\(grid.describedCaptions())\nbottom")
    #expect(MemeDescription.resolved("mine", captions: captions, panels: grid) == "mine")
  }
}
