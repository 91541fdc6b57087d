// SPDX-License-Identifier: GPL-3.0-or-later
import DiskTestSupport
import Foundation
import MemeCore
import PictureChecks
import Testing

/// `PanelComposer` in this process (the command-line suites run it in child processes): the cells
/// drawn on their own cores, a broken cell left empty when asked, and the animated export's frames.
struct PanelComposerTests {
  /// A flat `color` picture of `width` × `height`, written as PNG.
  private static func picture(_ color: RGBAColor, width: Int = 120, height: Int = 90) throws -> URL {
    let image = try #require(RasterImage(width: width, height: height, hasAlpha: false))
    image.fill(with: color)
    let url = ScratchFolder.unique("panel").appendingPathExtension("png")
    try ImageWriter.write(image, to: url, as: .png)
    return url
  }

  private static let colours = [
    RGBAColor(red: 1, green: 0, blue: 0), RGBAColor(red: 0, green: 1, blue: 0),
    RGBAColor(red: 0, green: 0, blue: 1),
    RGBAColor(red: 1, green: 1, blue: 0),
  ]

  /// Each cell shows its own picture, the gutters their colour.
  @Test func eachCellShowsItsPicture() throws {
    let cells = try Self.colours.map { PanelCell(picture: try Self.picture($0)) }
    let grid = PanelGrid(
      arrangement: .grid(rows: 2, columns: 2), cells: cells, gutter: 4, gutterColor: .black)
    let sheet = try PanelComposer.compose(grid, style: .classic)
    #expect(sheet.image.width == 244 && sheet.image.height == 184)
    for (index, rect) in sheet.geometry.pictureCells.enumerated() {
      #expect(
        sheet.image.color(atX: rect.x + rect.width / 2, y: rect.y + rect.height / 2) == Self.colours[index])
    }
    #expect(sheet.image.color(atX: 121, y: 40) == .black && sheet.image.color(atX: 40, y: 91) == .black)
    #expect(sheet.brokenCells.isEmpty)
  }

  /// The width the user chose: a smaller one than the natural width is drawn at it, a larger one at
  /// the natural width (no picture upscaled); a width asked for by the caller comes first.
  @Test func theGridsChosenWidthIsDrawnWhenSmallerThanTheNaturalOne() throws {
    let cells = try Self.colours.prefix(2).map { PanelCell(picture: try Self.picture($0)) }
    var grid = PanelGrid(arrangement: .grid(rows: 1, columns: 2), cells: Array(cells))
    #expect(try PanelComposer.compose(grid, style: .classic).image.width == 240)
    grid.width = 100
    let narrow = try PanelComposer.compose(grid, style: .classic).image
    #expect(narrow.width == 100 && narrow.height == 38, "\(narrow.width)×\(narrow.height)")
    grid.width = 1000
    #expect(try PanelComposer.compose(grid, style: .classic).image.width == 240, "never upscaled")
    #expect(try PanelComposer.compose(grid, style: .classic, width: 480).image.width == 480)
    // Kept through JSON as the store keeps it.
    let decoded = try JSONDecoder().decode(PanelGrid.self, from: try JSONEncoder().encode(grid))
    #expect(decoded.width == 1000)
    let older = try JSONDecoder().decode(
      PanelGrid.self, from: try JSONEncoder().encode(PanelGrid(arrangement: .grid(rows: 1, columns: 2))))
    #expect(older.width == nil)
  }

  /// The editor's policy: a cell whose picture is gone is left in the gutter colour and reported;
  /// the others are drawn. The command line's fails, naming the cell.
  @Test func aBrokenCellIsLeftEmptyOrNamed() throws {
    var cells = try Self.colours.map { PanelCell(picture: try Self.picture($0)) }
    cells[2].picture = ScratchFolder.unique("gone").appendingPathExtension("png")
    let grid = PanelGrid(arrangement: .grid(rows: 2, columns: 2), cells: cells, gutterColor: .white)
    let sheet = try PanelComposer.compose(grid, style: .classic, brokenCells: .leaveEmpty)
    #expect(Array(sheet.brokenCells.keys) == [2])
    let rects = sheet.geometry.pictureCells
    #expect(sheet.image.color(atX: rects[2].x + 10, y: rects[2].y + 10) == .white)
    #expect(sheet.image.color(atX: rects[3].x + 10, y: rects[3].y + 10) == Self.colours[3])
    #expect {
      try PanelComposer.compose(grid, style: .classic)
    } throws: { error in
      let error = error as? ImageError
      return error?.kind == .notFound && error?.reason.hasPrefix("panel 3: ") == true
    }
  }

  /// Written as GIF, the animated cell's frames in order, the still cell in each, decoded again by
  /// MemeMe's own reader.
  @Test func anAnimatedCellsFramesAreWrittenWithTheStillBesideThem() throws {
    let animation = try AnimationSamples.write(AnimationSamples.movingSquare())
    let still = try Self.picture(Self.colours[2], width: 160, height: 120)
    let grid = PanelGrid(
      arrangement: .grid(rows: 1, columns: 2),
      cells: [PanelCell(picture: animation), PanelCell(picture: still)])
    let output = ScratchFolder.unique("panels").appendingPathExtension("gif")
    let summary = try AnimationExporter.exportPanels(
      MemeCaptions(top: "", bottom: ""), grid: grid, to: .file(output), as: .gif)
    #expect(summary.frameCount == AnimationSamples.delays.count)
    let frames = try AnimationSamples.frames(of: output)
    let source = try AnimationSamples.frames(of: animation)
    try #require(frames.count == source.count)
    for (written, original) in zip(frames, source) {
      #expect(written.width == 320 && written.height == 120)
      // The sample's upper background, which the square never reaches, and the still.
      let shown = written.color(atX: 150, y: 58)
      let expected = original.color(atX: 150, y: 58)
      #expect(abs(shown.red - expected.red) < 0.03 && abs(shown.green - expected.green) < 0.03)
      #expect(written.color(atX: 240, y: 60) == Self.colours[2])
    }
  }
}
