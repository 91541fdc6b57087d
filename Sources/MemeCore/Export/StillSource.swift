// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Where a still export's picture comes from, and how it becomes the rendered meme's pixels.
public enum StillSource: Sendable {
  /// A picture file, decoded here (straight to the export's width, when one is given): `mememe
  /// render`. The loader's pixel limit applies to the file and to the scaled output.
  case file(URL, loader: ImageLoader)
  /// A picture the caller decoded already at its own size (the editor's); `photo` is its file,
  /// which the JPEG block path reads again when the picture is that file's at the same size.
  case decoded(RasterImage, photo: URL)
  /// The pictures of a panel meme's cells, drawn into one (`PanelComposer`) at the export's width
  /// (else the grid's natural width); a cell that cannot be read fails the export, naming it.
  case panels(PanelGrid, loader: ImageLoader)

  /// The picture's file (a panel meme's first picture): what the file made is named after.
  public var photo: URL {
    switch self {
    case .file(let url, _), .decoded(_, let url): url
    case .panels(let grid, _):
      grid.cells.lazy.compactMap(\.picture).first ?? URL(fileURLWithPath: grid.arrangement.name)
    }
  }

  var loader: ImageLoader {
    switch self {
    case .file(_, let loader), .panels(_, let loader): loader
    case .decoded: ImageLoader()
    }
  }

  /// Why this source never keeps a photo's blocks, before any file is read; nil when it may.
  var blockPathObstacle: String? {
    switch self {
    case .file, .decoded: nil
    case .panels: "a panel meme is drawn from several pictures"
    }
  }

  /// Whether the block path may read `photo` for this picture: a decoded picture must be the file's,
  /// at its own size (the editor may show a picture it was given otherwise, from the clipboard).
  var isPhotoAsIs: Bool {
    guard case .decoded(let picture, let photo) = self else { return true }
    guard let size = try? ImageLoader().pixelSize(ofImageAt: photo) else { return false }
    return size == (picture.width, picture.height)
  }

  /// The captions drawn on the picture, cut and turned by `transform` and, for a file, scaled to
  /// `width`; `summary` says what was drawn (its `fit` and `output` left for the caller).
  func render(
    _ captions: MemeCaptions, transform: PictureTransform, width: Int?, encoding: ExportEncoding
  ) throws(ImageError) -> (image: RasterImage, summary: ExportSummary) {
    switch self {
    case .decoded(let picture, let photo):
      guard
        let (image, layout) = MemeRenderer.renderedWithLayout(captions, image: picture, transform: transform)
      else {
        throw ImageError(
          path: photo.path, kind: .outOfMemory, reason: localized("not enough memory to render the meme"))
      }
      return (
        image,
        Self.summary(of: image, layout: layout, picture: picture, damage: picture.damage, encoding: encoding)
      )
    case .panels(let grid, let loader):
      let sheet = try PanelComposer.compose(grid, style: captions.style, width: width, loader: loader)
      guard let (image, layout) = MemeRenderer.render(captions, picture: sheet.image) else {
        throw ImageError(
          path: photo.path, kind: .outOfMemory, reason: localized("not enough memory to render the meme"))
      }
      return (
        image, Self.summary(of: image, layout: layout, picture: sheet.image, damage: nil, encoding: encoding)
      )
    case .file(let input, let loader):
      guard transform.isIdentity else {
        return try Self.renderTransformed(
          captions, imageAt: input, transform: transform, width: width, loader: loader, encoding: encoding)
      }
      return try Self.render(captions, imageAt: input, width: width, loader: loader, encoding: encoding)
    }
  }

  /// A file decoded on another core while this one lays out and traces the captions for the size the
  /// header promises; the picture is drawn on in place and encoded from the same buffer, so an
  /// export holds one full-size copy of the pixels.
  private static func render(
    _ captions: MemeCaptions, imageAt input: URL, width: Int?, loader: ImageLoader, encoding: ExportEncoding
  ) throws(ImageError) -> (image: RasterImage, summary: ExportSummary) {
    let expectedSize = try? expectedPixelSize(of: input, width: width, loader: loader)
    if let expectedSize, width != nil {
      try ImageLimits.checkScaled(
        width: expectedSize.width, height: expectedSize.height, maxPixels: loader.maxPixels, name: input.path)
    }
    let decoding = BackgroundTask { () -> Result<RasterImage, ImageError> in
      Result { () throws(ImageError) in try loader.load(contentsOf: input, targetWidth: width) }
    }
    // While another core decodes, this one reads the fonts, lays the captions out for the size the
    // header promises, turns them into paths and strokes their outlines until the picture is there;
    // after decoding only the filling, and any outline not stroked yet, is left for both cores.
    let early = PreparedCaptions(
      captions, imageWidth: expectedSize?.width ?? 1000, imageHeight: expectedSize?.height ?? 1000,
      until: { decoding.isFinished })
    let picture = try decoding.wait().get()
    let prepared =
      early.fits(picture)
      ? early : PreparedCaptions(captions, imageWidth: picture.width, imageHeight: picture.height)
    guard let image = prepared.layout.frame.compose(picture) else {
      throw ImageError(
        path: input.path, kind: .outOfMemory, reason: "not enough memory for the meme's frame")
    }
    prepared.draw(onto: image)
    return (
      image,
      summary(of: image, layout: prepared.layout, picture: picture, damage: image.damage, encoding: encoding)
    )
  }

  /// A cut or turned file: the crop is in the source's own pixels, so the source is decoded whole,
  /// transformed pixel for pixel, and only then scaled to `width`.
  private static func renderTransformed(
    _ captions: MemeCaptions, imageAt input: URL, transform: PictureTransform, width: Int?,
    loader: ImageLoader, encoding: ExportEncoding
  ) throws(ImageError) -> (image: RasterImage, summary: ExportSummary) {
    let full = try loader.pixelSize(ofImageAt: input)
    try MemeExporter.check(transform, fits: full, name: input.path)
    let turned = transform.outputSize(sourceWidth: full.width, sourceHeight: full.height)
    var size = turned
    if let width {
      size = (width, max(1, Int((Double(width) * Double(turned.height) / Double(turned.width)).rounded())))
      try ImageLimits.checkScaled(
        width: size.width, height: size.height, maxPixels: loader.maxPixels, name: input.path)
    }
    let source = try loader.load(contentsOf: input)
    try MemeExporter.check(transform, fits: (source.width, source.height), name: input.path)
    guard
      let image = transform.render(source, outputWidth: size.width, outputHeight: size.height)
    else {
      throw ImageError(
        path: input.path, kind: .outOfMemory, reason: "not enough memory to transform the picture")
    }
    guard let (output, layout) = MemeRenderer.render(captions, picture: image) else {
      throw ImageError(
        path: input.path, kind: .outOfMemory, reason: "not enough memory for the meme's frame")
    }
    return (
      output, summary(of: output, layout: layout, picture: source, damage: source.damage, encoding: encoding)
    )
  }

  private static func summary(
    of image: RasterImage, layout: MemeLayout, picture: RasterImage, damage: String?, encoding: ExportEncoding
  ) -> ExportSummary {
    ExportSummary(
      width: image.width, height: image.height, font: layout.font,
      overflowingCaptions: layout.overflowingCaptions, overflowingBoxes: layout.overflowingBoxes,
      damage: damage, openedSmaller: picture.openedSmaller, encoding: encoding)
  }

  /// The size `load(contentsOf:targetWidth:)` will produce, from the header alone.
  private static func expectedPixelSize(of input: URL, width: Int?, loader: ImageLoader) throws(ImageError)
    -> (width: Int, height: Int)
  {
    let full = try loader.pixelSize(ofImageAt: input)
    guard let width, full.width > 0 else { return full }
    // Saturating: `width` comes from the caller unchecked, and any size here only shapes the early layout.
    return (
      width, max(1, Int(saturating: (Double(width) * Double(full.height) / Double(full.width)).rounded()))
    )
  }
}
