// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Where every cell of a panel meme lies in the output, and how large the output is.
///
/// Every cell has the same shape: the grid's `cellAspect`, else the first picture's own, so a
/// comparison of two photos of one camera cuts nothing. Without a width asked for, the output is as
/// wide as it can be without any cell's picture drawn larger than its own pixels, at most
/// `widestOutput` pixels, `maxPixels` in all and `ImageLoader.maximumSide` high.
public struct PanelSheetGeometry: Sendable, Hashable {
  /// The widest output a panel meme has.
  public static let widestOutput = 4096
  /// The narrowest cell: a caption must still be legible in it.
  public static let narrowestCell = 16
  /// The cells' width when no picture limits it (every cell empty).
  public static let emptyCellWidth = 800
  /// The cell shape without a picture to take it from, and the extremes a picture's may make.
  public static let defaultAspect = 4.0 / 3.0
  public static let aspectRange = 0.25...4.0

  public let width: Int
  public let height: Int
  /// Each picture cell's rectangle in the output, in the grid's order.
  public let pictureCells: [PixelRect]
  /// Each caption cell's rectangle (the rows arrangement's left column), one a picture cell.
  public let captionCells: [PixelRect]

  /// The cell shape `grid` has when its pictures are `pictureSizes` (upright and transformed; nil
  /// for an empty cell).
  public static func cellAspect(of grid: PanelGrid, pictureSizes: [(width: Int, height: Int)?]) -> Double {
    let aspect =
      grid.cellAspect ?? pictureSizes.lazy.compactMap { $0 }.first.map {
        Double($0.width) / Double($0.height)
      }
      ?? defaultAspect
    guard aspect.isFinite else { return defaultAspect }
    return min(max(aspect, aspectRange.lowerBound), aspectRange.upperBound)
  }

  /// The widths `grid` may be drawn at: from cells `narrowestCell` wide to `widestOutput`.
  public static func widthRange(of grid: PanelGrid) -> ClosedRange<Int> {
    let columns = grid.arrangement.columnCount
    return (columns * narrowestCell + (columns - 1) * grid.gutter)...widestOutput
  }

  /// The output width that draws no cell's picture larger than its own pixels (see the type's
  /// description).
  public static func naturalWidth(
    of grid: PanelGrid, pictureSizes: [(width: Int, height: Int)?], maxPixels: Int
  ) -> Int {
    let aspect = cellAspect(of: grid, pictureSizes: pictureSizes)
    let widest = zip(grid.cells, pictureSizes).compactMap { cell, size -> Double? in
      guard let size else { return nil }
      let (width, height) = (Double(size.width), Double(size.height))
      let limit =
        switch cell.fit {
        case .cover: min(width, height * aspect)
        case .fit: max(width, height * aspect)
        }
      return limit / cell.zoom
    }.min()
    let columns = grid.arrangement.columnCount
    let gutters = (columns - 1) * grid.gutter
    let range = widthRange(of: grid)
    var width =
      widest.map { columns * max(1, Int($0.rounded(.down))) + gutters } ?? columns * emptyCellWidth + gutters
    width = min(max(width, range.lowerBound), range.upperBound)
    // Within the pixel limit and the tallest side a picture has: the height grows with the width.
    while width > range.lowerBound,
      let geometry = PanelSheetGeometry(grid: grid, aspect: aspect, width: width),
      geometry.width * geometry.height > maxPixels || geometry.height > ImageLoader.maximumSide
    {
      width = max(range.lowerBound, Int(Double(width) * 0.95))
    }
    return width
  }

  /// The cells of `grid` in an output `width` pixels wide whose cells are `aspect` wide over high;
  /// nil for a width outside `widthRange(of:)`.
  public init?(grid: PanelGrid, aspect: Double, width: Int) {
    guard Self.widthRange(of: grid).contains(width), aspect.isFinite, aspect > 0 else { return nil }
    let arrangement = grid.arrangement
    let (rows, columns) = (arrangement.rowCount, arrangement.columnCount)
    let content = width - (columns - 1) * grid.gutter
    let cellHeight = max(1, Int((Double(content) / Double(columns) / aspect).rounded()))
    // Cells share the width to the pixel; where it does not divide, some are a pixel wider.
    let edges = (0...columns).map { Int((Double($0 * content) / Double(columns)).rounded()) }
    func cell(row: Int, column: Int) -> PixelRect {
      PixelRect(
        x: edges[column] + column * grid.gutter, y: row * (cellHeight + grid.gutter),
        width: edges[column + 1] - edges[column], height: cellHeight)
    }
    self.width = width
    height = rows * cellHeight + (rows - 1) * grid.gutter
    pictureCells = (0..<arrangement.pictureCellCount).map { index in
      let (row, column) = arrangement.position(ofCell: index)
      return cell(row: row, column: column)
    }
    captionCells = arrangement.hasCaptionCells ? (0..<rows).map { cell(row: $0, column: 0) } : []
  }
}

/// Where a cell's picture shows in its cell: the part of the cell it covers, and the part of the
/// picture seen there.
public struct PanelPlacement: Sendable, Hashable {
  /// The part of the cell the picture covers, in the cell's pixels.
  public let visible: PixelRect
  /// The part of the (transformed) picture seen there, in its pixels.
  public let region: ImageRect
  /// Output pixels per picture pixel.
  public let scale: Double

  /// `cell`'s picture, `pictureWidth` × `pictureHeight` pixels after its transform, in a cell of
  /// `cellWidth` × `cellHeight`: covering or fitting it, zoomed, with the focus as near the cell's
  /// centre as the picture allows without baring part of the cell it covered.
  public init(cell: PanelCell, pictureWidth: Int, pictureHeight: Int, cellWidth: Int, cellHeight: Int) {
    let (pictureW, pictureH) = (Double(max(1, pictureWidth)), Double(max(1, pictureHeight)))
    let (cellW, cellH) = (Double(cellWidth), Double(cellHeight))
    let fitted =
      switch cell.fit {
      case .cover: max(cellW / pictureW, cellH / pictureH)
      case .fit: min(cellW / pictureW, cellH / pictureH)
      }
    let scale = fitted * cell.zoom
    self.scale = scale
    /// The picture's offset along one axis, and the visible span of the cell, in whole pixels.
    func axis(picture: Double, cell side: Double, focus: Double) -> (offset: Double, start: Int, end: Int) {
      let drawn = picture * scale
      let exact = drawn >= side ? min(0, max(side - drawn, side / 2 - focus * drawn)) : (side - drawn) / 2
      // On a whole pixel: a picture at its own size is then copied, not resampled half a pixel off.
      let offset = exact.rounded()
      let start = Int(max(0, offset).rounded())
      let end = max(start + 1, Int(min(side, offset + drawn).rounded()))
      return (offset, start, min(end, Int(side)))
    }
    let x = axis(picture: pictureW, cell: cellW, focus: cell.focusX)
    let y = axis(picture: pictureH, cell: cellH, focus: cell.focusY)
    visible = PixelRect(x: x.start, y: y.start, width: x.end - x.start, height: y.end - y.start)
    region = ImageRect(
      x: (Double(x.start) - x.offset) / scale, y: (Double(y.start) - y.offset) / scale,
      width: Double(x.end - x.start) / scale, height: Double(y.end - y.start) / scale)
  }
}
