// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A meme made of several pictures in a grid of cells (the side-by-side comparison, the four-panel
/// reaction), or of rows of a caption cell beside a picture cell (the expanding brain, the "no/yes"
/// format). The grid is drawn into one picture (`PanelComposer`) on which the meme's own captions,
/// text boxes and stickers lie, as on any picture.
public struct PanelGrid: Sendable, Hashable, Codable {
  /// How the cells are arranged.
  public var arrangement: PanelArrangement
  /// The picture cells, in grid order (left to right, then top to bottom); in the rows arrangement,
  /// one a row, from the top.
  public var cells: [PanelCell]
  /// The space between cells, in pixels of the output (`gutterRange`).
  public var gutter: Int
  /// The colour of the gutters, and of a cell's space a fitted picture leaves.
  public var gutterColor: RGBAColor
  /// Each cell's width over its height; nil for the first picture's own (see `PanelSheetGeometry`).
  public var cellAspect: Double?
  /// The meme's width the user chose, in pixels: a smaller one than its natural width (which upscales
  /// no picture) is drawn at it, a larger one at the natural width; nil for the natural width.
  public var width: Int?

  /// The gutter widths the user may choose.
  public static let gutterRange = 0...40

  public init(
    arrangement: PanelArrangement, cells: [PanelCell]? = nil, gutter: Int = 0,
    gutterColor: RGBAColor = .white, cellAspect: Double? = nil, width: Int? = nil
  ) {
    self.arrangement = arrangement
    let count = arrangement.pictureCellCount
    let given = cells ?? []
    self.cells =
      Array(given.prefix(count)) + Array(repeating: PanelCell(), count: max(0, count - given.count))
    self.gutter = min(max(gutter, Self.gutterRange.lowerBound), Self.gutterRange.upperBound)
    self.gutterColor = gutterColor
    self.cellAspect = cellAspect
    self.width = width
  }
}

/// The shapes of a panel meme.
public enum PanelArrangement: Sendable, Hashable, Codable {
  /// `rows` × `columns` picture cells (1×2 side by side, 2×1 stacked, 2×2, 3×1).
  case grid(rows: Int, columns: Int)
  /// `count` rows of a caption cell on the left and a picture cell on the right.
  case captionRows(count: Int)

  /// The grids the editor offers, by rows × columns.
  public static let offeredGrids: [PanelArrangement] = [
    .grid(rows: 1, columns: 2), .grid(rows: 2, columns: 1), .grid(rows: 2, columns: 2),
    .grid(rows: 3, columns: 1),
  ]
  /// How many rows the rows arrangement may have.
  public static let captionRowRange = 2...6
  /// How many rows and columns a grid may have.
  public static let gridSideRange = 1...4

  /// The rows of cells in the output.
  public var rowCount: Int {
    switch self {
    case .grid(let rows, _): rows
    case .captionRows(let count): count
    }
  }

  /// The columns of cells in the output, caption cells included.
  public var columnCount: Int {
    switch self {
    case .grid(_, let columns): columns
    case .captionRows: 2
    }
  }

  /// How many cells hold a picture.
  public var pictureCellCount: Int {
    switch self {
    case .grid(let rows, let columns): rows * columns
    case .captionRows(let count): count
    }
  }

  /// Whether each picture cell's caption is set in a cell of its own, black on white, beside it,
  /// rather than on the picture.
  public var hasCaptionCells: Bool {
    switch self {
    case .grid: false
    case .captionRows: true
    }
  }

  /// Whether the arrangement is one MemeMe can draw: sides within their ranges, at least two cells.
  public var isSupported: Bool {
    switch self {
    case .grid(let rows, let columns):
      Self.gridSideRange.contains(rows) && Self.gridSideRange.contains(columns) && rows * columns >= 2
    case .captionRows(let count): Self.captionRowRange.contains(count)
    }
  }

  /// The grid's (row, column) of picture cell `index`.
  public func position(ofCell index: Int) -> (row: Int, column: Int) {
    switch self {
    case .grid(_, let columns): (index / columns, index % columns)
    case .captionRows: (index, 1)
    }
  }

  /// The name the command line and the store give it: "2x2" (rows x columns) or "rows4".
  public var name: String {
    switch self {
    case .grid(let rows, let columns): "\(rows)x\(columns)"
    case .captionRows(let count): "rows\(count)"
    }
  }
}

/// One picture cell of a panel meme: its picture and how it lies in the cell, and its caption.
public struct PanelCell: Sendable, Hashable, Codable {
  /// The picture's file; nil for an empty cell.
  public var picture: URL?
  /// The crop, turn and mirroring of the picture.
  public var transform: PictureTransform
  /// Whether the picture covers the cell (cut at the sides) or fits inside it.
  public var fit: PanelFit
  /// How far the picture is zoomed in from its covering or fitting size (`zoomRange`).
  public var zoom: Double
  /// The point of the picture (in fractions of its width and height) that lies at the cell's
  /// centre, as far as the picture can be moved without leaving part of the cell bare.
  public var focusX: Double
  public var focusY: Double
  /// The cell's caption: on the picture's top in a grid, in the caption cell beside it in rows.
  public var caption: String

  public static let zoomRange = 1.0...8.0

  public init(
    picture: URL? = nil, transform: PictureTransform = .identity, fit: PanelFit = .cover, zoom: Double = 1,
    focusX: Double = 0.5, focusY: Double = 0.5, caption: String = ""
  ) {
    self.picture = picture
    self.transform = transform
    self.fit = fit
    self.zoom = min(max(zoom.isFinite ? zoom : 1, Self.zoomRange.lowerBound), Self.zoomRange.upperBound)
    self.focusX = min(max(focusX.isFinite ? focusX : 0.5, 0), 1)
    self.focusY = min(max(focusY.isFinite ? focusY : 0.5, 0), 1)
    self.caption = caption
  }
}

/// How a picture fills its cell.
public enum PanelFit: String, Sendable, Hashable, Codable, CaseIterable {
  /// The whole cell, the picture cut where it is wider or taller than the cell.
  case cover
  /// The whole picture, inside the cell; the rest of the cell is the gutter colour.
  case fit
}
