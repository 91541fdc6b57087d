// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore

/// The picture the editor shows for a panel meme: its grid drawn by `PanelComposer` (the drawing
/// every export of it makes, at the export's width) small enough to draw again at every change, on
/// which the meme's captions, text boxes and stickers lie as on any picture.
public nonisolated enum PanelSheetMaker {
  /// The most pixels the editor's sheet holds: sharp on a full-screen canvas, and drawn again from
  /// decoded pictures in a few milliseconds when a cell is panned.
  public static let pixelBudget = 2_400_000

  /// A grid as the editor shows it.
  public struct Sheet: Sendable {
    /// The grid drawn, for the canvas (captions and layers lie on it).
    public let picture: EditorImage
    /// Where its cells lie in `picture`, and their pictures' sizes.
    public let layout: PanelComposer.CellLayout
    /// The cells whose picture could not be read, left empty.
    public let brokenCells: [Int: ImageError]
  }

  /// The sheet for `grid`, its cells' captions in `style`, its pictures from `pictures`; a cell
  /// whose picture cannot be read is left empty and named in `brokenCells`.
  public static func sheet(
    for grid: PanelGrid, style: CaptionStyle, pictures: PanelPictures,
    cancellation: Cancellation = Cancellation()
  ) throws(ImageError) -> Sheet {
    let shown = try editingLayout(of: grid, loader: pictures.loader)
    let drawn = try PanelComposer.compose(
      shown.grid, style: style, width: shown.layout.geometry.width, loader: pictures.loader,
      brokenCells: .leaveEmpty
    ) { url, needed throws(ImageError) in
      try pictures.picture(at: url, atLeastWidth: needed, cancellation: cancellation)
    }
    let picture = EditorImage(url: name(of: grid), full: drawn.image, preview: drawn.image)
    return Sheet(picture: picture, layout: shown.layout, brokenCells: drawn.brokenCells)
  }

  /// `grid` as the editor draws it, and where its cells lie: the export's layout (the grid's natural
  /// width) reduced to the editor's pixel budget and preview limit, its gutter reduced alike, so the
  /// canvas shows what the export will be.
  public static func editingLayout(of grid: PanelGrid, loader: ImageLoader) throws(ImageError) -> (
    grid: PanelGrid, layout: PanelComposer.CellLayout
  ) {
    let natural = try PanelComposer.layOut(grid, width: nil, loader: loader, brokenCells: .leaveEmpty)
      .geometry
    let pixels = Double(natural.width) * Double(natural.height)
    let scale = min(
      1, (Double(pixelBudget) / pixels).squareRoot(),
      Double(EditorImage.previewLimit) / Double(max(natural.width, natural.height)))
    var shown = grid
    shown.gutter = Int((Double(grid.gutter) * scale).rounded())
    let range = PanelSheetGeometry.widthRange(of: shown)
    let width = min(
      max(Int((Double(natural.width) * scale).rounded(.down)), range.lowerBound), range.upperBound)
    return (shown, try PanelComposer.layOut(shown, width: width, loader: loader, brokenCells: .leaveEmpty))
  }

  /// The widest the grid is drawn: the width at which no cell's picture is drawn larger than its own
  /// pixels (the most a user may choose, see `PanelGrid.width`).
  public static func naturalWidth(of grid: PanelGrid, loader: ImageLoader) throws(ImageError) -> Int {
    var natural = grid
    natural.width = nil
    return try PanelComposer.layOut(natural, width: nil, loader: loader, brokenCells: .leaveEmpty).geometry
      .width
  }

  /// What the meme is named after: its first picture, as a meme of one picture is after its own.
  static func name(of grid: PanelGrid) -> URL {
    grid.cells.lazy.compactMap(\.picture).first ?? URL(fileURLWithPath: "/\(grid.arrangement.name).png")
  }
}
