// SPDX-License-Identifier: GPL-3.0-or-later
import Dispatch
import Foundation

/// A panel meme's grid drawn into one picture, on which the meme's own captions and layers then lie.
public struct PanelSheet: Sendable {
  public let image: RasterImage
  public let geometry: PanelSheetGeometry
  /// The cells whose picture could not be read, by index, left empty (`PanelComposer.BrokenCells`).
  public let brokenCells: [Int: ImageError]
}

/// Draws a `PanelGrid`: each cell's picture decoded (a JPEG only as large as its cell needs, by
/// libjpeg's DCT scaling), cut and turned by its transform, scaled once into its cell and captioned
/// by the caption engine, the cells on their own cores; the gutters are the gutter colour, exactly.
public enum PanelComposer {
  /// What a cell whose picture cannot be read does to the meme.
  public enum BrokenCells: Sendable {
    /// It fails, naming the cell and its file: the command line.
    case fail
    /// It is left empty and reported in `PanelSheet.brokenCells`: the editor keeps the rest.
    case leaveEmpty
  }

  /// The grid drawn `width` pixels wide (nil: the grid's own `width`, at most
  /// `PanelSheetGeometry.naturalWidth`; without one, the natural width), the cells'
  /// captions in `style` (the rows arrangement's caption cells black on white, in the band's face
  /// unless `style` names one).
  public static func compose(
    _ grid: PanelGrid, style: CaptionStyle, width: Int? = nil, loader: ImageLoader = ImageLoader(),
    brokenCells policy: BrokenCells = .fail, cancellation: Cancellation = Cancellation()
  ) throws(ImageError) -> PanelSheet {
    try compose(
      grid, laidOut: layOut(grid, width: width, loader: loader, brokenCells: policy), style: style,
      brokenCells: policy, leavingOut: [],
      decode: PanelComposer.decoding(with: loader, cancellation: cancellation))
  }

  /// The grid drawn as `compose(_:style:width:loader:brokenCells:cancellation:)` draws it, each
  /// cell's picture from `decode` (given the file and the least width its upright picture must be
  /// decoded to): the editor's, which keeps the pictures it decoded for the next change.
  public static func compose(
    _ grid: PanelGrid, style: CaptionStyle, width: Int?, loader: ImageLoader, brokenCells policy: BrokenCells,
    decode: @Sendable (URL, Int) throws(ImageError) -> RasterImage
  ) throws(ImageError) -> PanelSheet {
    try compose(
      grid, laidOut: layOut(grid, width: width, loader: loader, brokenCells: policy), style: style,
      brokenCells: policy, leavingOut: [], decode: decode)
  }

  /// Each cell's picture decoded by `loader`, no larger than its cell needs (see
  /// `ImageLoader.load(contentsOf:atLeastWidth:cancellation:)`).
  static func decoding(with loader: ImageLoader, cancellation: Cancellation)
    -> @Sendable (URL, Int) throws(ImageError) -> RasterImage
  {
    { picture, needed throws(ImageError) in
      try loader.load(contentsOf: picture, atLeastWidth: needed, cancellation: cancellation)
    }
  }

  /// Where the cells of `grid` lie, from its pictures' headers.
  public struct CellLayout: Sendable {
    public let geometry: PanelSheetGeometry
    /// Each cell's picture size after its transform; nil for an empty or broken cell.
    let pictureSizes: [PixelSize?]
    /// Each cell's picture size as it opens (upright), whose pixels its crop counts.
    let uprightSizes: [PixelSize?]
    /// The cells whose picture could not be read (with `.leaveEmpty`).
    let brokenCells: [Int: ImageError]

    /// Cell `index`'s picture size after its transform; nil for an empty or broken cell.
    public func pictureSize(ofCell index: Int) -> (width: Int, height: Int)? {
      pictureSizes.indices.contains(index) ? pictureSizes[index] : nil
    }
  }

  typealias PixelSize = (width: Int, height: Int)

  /// The cells laid out `width` pixels wide (nil: the grid's own width, at most the natural one),
  /// their pictures' sizes read from their headers.
  public static func layOut(
    _ grid: PanelGrid, width: Int?, loader: ImageLoader, brokenCells policy: BrokenCells = .fail
  ) throws(ImageError) -> CellLayout {
    var broken: [Int: ImageError] = [:]
    var sizes: [PixelSize?] = Array(repeating: nil, count: grid.cells.count)
    var uprightSizes = sizes
    for (index, cell) in grid.cells.enumerated() {
      guard let picture = cell.picture else { continue }
      do {
        let upright = try loader.pixelSize(ofImageAt: picture)
        try MemeExporter.check(cell.transform, fits: upright, name: picture.path)
        sizes[index] = cell.transform.outputSize(sourceWidth: upright.width, sourceHeight: upright.height)
        uprightSizes[index] = upright
      } catch {
        if case .fail = policy { throw named(error, cell: index) }
        broken[index] = error
      }
    }
    let aspect = PanelSheetGeometry.cellAspect(of: grid, pictureSizes: sizes)
    let natural = PanelSheetGeometry.naturalWidth(of: grid, pictureSizes: sizes, maxPixels: loader.maxPixels)
    // The width asked for; else the one the user chose for the grid, never past the natural one.
    let outputWidth =
      width ?? grid.width.map { min(max($0, PanelSheetGeometry.widthRange(of: grid).lowerBound), natural) }
      ?? natural
    guard let geometry = PanelSheetGeometry(grid: grid, aspect: aspect, width: outputWidth) else {
      let range = PanelSheetGeometry.widthRange(of: grid)
      throw ImageError(
        path: grid.arrangement.name, kind: .unsupported,
        reason: String(
          format: localized("a panel meme is %ld to %ld pixels wide, not %ld"), range.lowerBound,
          range.upperBound, outputWidth))
    }
    try ImageLimits.checkSides(width: geometry.width, height: geometry.height, name: grid.arrangement.name)
    try ImageLimits.checkScaled(
      width: geometry.width, height: geometry.height, maxPixels: loader.maxPixels, name: grid.arrangement.name
    )
    return CellLayout(
      geometry: geometry, pictureSizes: sizes, uprightSizes: uprightSizes, brokenCells: broken)
  }

  /// The grid drawn as `laidOut` places it; the cells in `leavingOut` are left in the gutter colour
  /// (an animation draws them frame by frame).
  static func compose(
    _ grid: PanelGrid, laidOut: CellLayout, style: CaptionStyle, brokenCells policy: BrokenCells,
    leavingOut: Set<Int>, decode: @Sendable (URL, Int) throws(ImageError) -> RasterImage
  ) throws(ImageError) -> PanelSheet {
    let geometry = laidOut.geometry
    var broken = laidOut.brokenCells
    guard let sheet = RasterImage(width: geometry.width, height: geometry.height, hasAlpha: false) else {
      throw ImageLimits.outOfMemory(
        width: geometry.width, height: geometry.height, name: grid.arrangement.name)
    }
    sheet.fill(with: grid.gutterColor)

    // Each cell on its own core, into an image of its own: a Cairo surface is drawn from one thread.
    let drawn = Locked<[Int: Result<RasterImage, ImageError>]>([:])
    let jobs =
      grid.cells.indices.filter { !leavingOut.contains($0) }.map { CellJob.picture($0) }
      + geometry.captionCells.indices.map { .caption($0) }
    DispatchQueue.concurrentPerform(iterations: jobs.count) { jobIndex in
      let result = Result { () throws(ImageError) in
        switch jobs[jobIndex] {
        case .picture(let index):
          try pictureCell(index, of: grid, laidOut: laidOut, style: style, decode: decode)
        case .caption(let row): try captionCell(row, of: grid, geometry: geometry, style: style)
        }
      }
      drawn.withLock { $0[jobIndex] = result }
    }
    let results = drawn.withLock { $0 }
    for (jobIndex, job) in jobs.enumerated() {
      let rect: PixelRect
      switch job {
      case .picture(let index): rect = geometry.pictureCells[index]
      case .caption(let row): rect = geometry.captionCells[row]
      }
      switch results[jobIndex] {
      case .success(let image): sheet.draw(image, atX: rect.x, y: rect.y, replacing: true)
      case .failure(let error):
        guard case .picture(let index) = job else { throw error }
        guard case .leaveEmpty = policy, error.kind != .cancelled, error.kind != .outOfMemory else {
          throw named(error, cell: index)
        }
        broken[index] = error
      case nil: break
      }
    }
    sheet.markDirty()
    return PanelSheet(image: sheet, geometry: geometry, brokenCells: broken)
  }

  /// One cell's drawing: a picture cell, or the rows arrangement's caption cell of a row.
  private enum CellJob {
    case picture(Int)
    case caption(Int)
  }

  /// Picture cell `index` drawn: the gutter colour, the picture `decode` gives (at least the width
  /// asked for, of the file's upright picture) placed in it, and on a grid its caption.
  static func pictureCell(
    _ index: Int, of grid: PanelGrid, laidOut: CellLayout, style: CaptionStyle,
    decode: (URL, Int) throws(ImageError) -> RasterImage
  ) throws(ImageError) -> RasterImage {
    let rect = laidOut.geometry.pictureCells[index]
    let cell = grid.cells[index]
    guard let image = RasterImage(width: rect.width, height: rect.height, hasAlpha: false) else {
      throw ImageLimits.outOfMemory(width: rect.width, height: rect.height, name: grid.arrangement.name)
    }
    image.fill(with: grid.gutterColor)
    if let picture = cell.picture, let size = laidOut.pictureSizes[index] {
      let placement = PanelPlacement(
        cell: cell, pictureWidth: size.width, pictureHeight: size.height, cellWidth: rect.width,
        cellHeight: rect.height)
      let upright = laidOut.uprightSizes[index] ?? size
      let needed = Int((Double(upright.width) * min(1, placement.scale)).rounded(.up))
      let decoded = try decode(picture, needed)
      guard
        let part = cell.transform.render(
          decoded, sourceWidth: upright.width, sourceHeight: upright.height, region: placement.region,
          outputWidth: placement.visible.width, outputHeight: placement.visible.height)
      else {
        throw ImageLimits.outOfMemory(
          width: placement.visible.width, height: placement.visible.height, name: picture.path)
      }
      image.draw(part, atX: placement.visible.x, y: placement.visible.y)
    }
    if !grid.arrangement.hasCaptionCells, MemeDescription.hasText(cell.caption) {
      MemeRenderer.render(MemeCaptions(top: cell.caption, bottom: "", style: style), onto: image)
    }
    return image
  }

  /// The caption cell of `row` (the rows arrangement): its text black on white.
  static func captionCell(_ row: Int, of grid: PanelGrid, geometry: PanelSheetGeometry, style: CaptionStyle)
    throws(ImageError) -> RasterImage
  {
    let rect = geometry.captionCells[row]
    guard let image = RasterImage(width: rect.width, height: rect.height, hasAlpha: false) else {
      throw ImageLimits.outOfMemory(width: rect.width, height: rect.height, name: grid.arrangement.name)
    }
    image.fill(with: .white)
    let text = grid.cells[row].caption
    if MemeDescription.hasText(text) {
      MemeRenderer.render(captionCellCaptions(text, style: style), onto: image)
    }
    return image
  }

  /// A caption cell's text: black on the white cell, in the face the user chose or else the band's
  /// plain sans serif, as typed, centred in the cell with a margin, as large as fits.
  static func captionCellCaptions(_ text: String, style: CaptionStyle) -> MemeCaptions {
    var cellStyle = MemeLayoutKind.band.defaultStyle
    // The format's plain sans serif (the band's face), unless the user chose a face.
    cellStyle.fontFamily = style.fontFamily ?? FontResolver.resolve(nil, layout: .band).family
    let box = TextBox(
      text: text, frame: RelativeRect(x: 0.06, y: 0.06, width: 0.88, height: 0.88), style: cellStyle)
    return MemeCaptions(top: "", bottom: "", style: cellStyle, layers: [.text(box)])
  }

  /// `error` saying which cell it is about.
  static func named(_ error: ImageError, cell index: Int) -> ImageError {
    ImageError(
      path: error.path, kind: error.kind,
      reason: String(format: localized("panel %ld: %@"), index + 1, error.reason))
  }
}
