// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// What an export produced, for the caller to report.
public struct ExportSummary: Sendable {
  public let width: Int
  public let height: Int
  public let font: ResolvedFont
  public let overflowingCaptions: Set<CaptionPosition>
  /// The indices (in `MemeCaptions.boxes`) of the text boxes whose text does not fit them.
  public var overflowingBoxes: [Int] = []
  /// The decoder's complaint when the picture decoded with errors (see `RasterImage.damage`).
  public let damage: String?
  /// The picture's size in its file and as opened, when it was over the pixel limit and opened
  /// smaller (see `RasterImage.sizeInFile`); nil when it opened at its own size.
  public var openedSmaller: OpenedSmaller?
  /// Whether the photo's JPEG blocks were kept, or why the picture was encoded whole.
  public let encoding: ExportEncoding
  /// What a size limit made of the export (nil without one).
  public var fit: SizeFit?
  /// Where the file went: the destination asked for, or, when a size limit turned a PNG into a
  /// JPEG, the same name ending in `.jpg` when nothing had that name (a pipe or a device is written
  /// to as it is).
  public var output: ImageDestination?
}

/// Renders a meme from an image file straight to an image file at the source's resolution.
///
/// The decoded picture is drawn on in place and encoded from the same buffer, so an export holds one
/// full-size copy of the pixels; the text is prepared while the picture decodes, so an export costs
/// little more than decoding and encoding.
public enum MemeExporter {
  /// Decodes `input` (optionally straight to `width` pixels wide), draws `captions` on it and writes
  /// it atomically to `output`. An existing `output` is untouched when anything fails.
  @discardableResult
  public static func export(
    _ captions: MemeCaptions, imageAt input: URL, to output: URL, as format: ImageFormat,
    transform: PictureTransform = .identity, width: Int? = nil, loader: ImageLoader = ImageLoader(),
    reencodeReason: String? = nil, description: String? = nil, sizeLimit: Int? = nil
  ) throws(ImageError) -> ExportSummary {
    try export(
      captions, imageAt: input, to: .file(output), as: format, transform: transform, width: width,
      loader: loader, reencodeReason: reencodeReason, description: description, sizeLimit: sizeLimit)
  }

  /// As `export(_:imageAt:to:as:width:loader:)`, to a file or to standard output. A destination that
  /// cannot be written, or a `width` that would make more pixels than the loader allows, fails before
  /// anything is decoded. `transform` cuts and turns the upright source first (a crop outside the
  /// picture fails); the captions are laid out on the result and `width` scales the result.
  ///
  /// A JPEG photo exported as JPEG at its own size keeps every block no caption touches (see
  /// `JPEGBlockExport`) unless `reencodeReason` asks for a full encode (and says why, for the
  /// summary); the quality then only applies to pictures encoded whole.
  ///
  /// `description`, when it has text, goes into the file as its alt text (see
  /// `DescriptionMetadata`). With `sizeLimit` (bytes), the file is at most that large: the normal
  /// export when it fits, else the largest JPEG that does (see `SizeFitter`), which the summary's
  /// `fit` describes; a limit no JPEG can meet fails with `.overSizeLimit`, writing nothing. The
  /// block path's file is about as large as the photo's, so a photo more than a tenth over the
  /// limit goes straight to the pixels; one closer to it is tried on the block path first, and
  /// kept when its file fits.
  @discardableResult
  public static func export(
    _ captions: MemeCaptions, imageAt input: URL, to destination: ImageDestination, as format: ImageFormat,
    transform: PictureTransform = .identity, width: Int? = nil, loader: ImageLoader = ImageLoader(),
    reencodeReason: String? = nil, description: String? = nil, sizeLimit: Int? = nil
  ) throws(ImageError) -> ExportSummary {
    try ImageWriter.checkDestination(destination)
    var reason = reencodeReason
    if reason == nil {
      reason = blockPathObstacle(format: format, transform: transform, width: width, layout: captions.layout)
    }
    if reason == nil, let sizeLimit, let photoSize = try? ImageFile(path: input.path).size,
      photoSize > sizeLimit + sizeLimit / 10
    {
      reason = "the photo is over the size limit, and so would be its blocks"
    }
    var earlierEncodes = 0
    if reason == nil, let sizeLimit {
      switch try JPEGBlockExport.encode(
        captions, imageAt: input, loader: loader, description: description, cancellation: Cancellation())
      {
      case .encoded(let bytes, var summary):
        if bytes.count <= sizeLimit {
          try ImageWriter.write(bytes.bytes, to: destination)
          summary.fit = SizeFit(
            limit: sizeLimit, requestedFormat: format, format: format, width: summary.width,
            height: summary.height, originalWidth: summary.width, originalHeight: summary.height,
            byteCount: bytes.count, encodeCount: 1, isNormalExport: true, keptBlocks: true)
          summary.output = destination
          return summary
        }
        reason = "the file with the photo's blocks is over the size limit"
        earlierEncodes = 1
      case .declined(let why): reason = why
      }
    }
    if reason == nil {
      // Decode once: the block path and the pixel path below never both read a whole photo. The
      // block path declines from the header (before reading anything) for every photo it cannot
      // carry, and once reading it declines only for damaged data, at libjpeg's first warning, or
      // for a photo that changes its tables between scans; a photo past the scan limit fails here
      // and is not read again. Its work cannot be shared with the pixel path in those cases: it stops
      // part-way, and holds coefficients, while the pixel path must decode every block with
      // libjpeg's repairs of the damage (the warning the user is shown comes from them).
      switch try JPEGBlockExport.export(
        captions, imageAt: input, to: destination, loader: loader, description: description,
        cancellation: Cancellation())
      {
      case .exported(var summary):
        summary.output = destination
        return summary
      case .declined(let why): reason = why
      }
    }
    let encoding = ExportEncoding.encoded(reason: reason ?? "")
    let finish = Finish(
      destination: destination, format: format, description: description, sizeLimit: sizeLimit,
      earlierEncodes: earlierEncodes)
    guard transform.isIdentity else {
      return try exportTransformed(
        captions, imageAt: input, transform: transform, width: width, loader: loader, encoding: encoding,
        finish: finish)
    }
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
    let layout = prepared.layout
    let written = try finish.write(image)
    return ExportSummary(
      width: image.width, height: image.height, font: layout.font,
      overflowingCaptions: layout.overflowingCaptions, overflowingBoxes: layout.overflowingBoxes,
      damage: image.damage, openedSmaller: picture.openedSmaller, encoding: encoding, fit: written.fit,
      output: written.output)
  }

  /// The last step of an export from pixels: the rendered meme encoded and written, under the size
  /// limit when there is one.
  private struct Finish {
    let destination: ImageDestination
    let format: ImageFormat
    let description: String?
    let sizeLimit: Int?
    /// Files encoded before the pixels were drawn (the block path's, over the limit).
    let earlierEncodes: Int

    func write(_ image: RasterImage) throws(ImageError) -> (fit: SizeFit?, output: ImageDestination) {
      guard let sizeLimit else {
        try ImageWriter.write(image, to: destination, as: format, description: description)
        return (nil, destination)
      }
      let fitted = try SizeFitter.encode(
        image, as: format, limit: sizeLimit, description: description, name: destination.name,
        earlierEncodes: earlierEncodes)
      let output = MemeExporter.destination(destination, for: fitted.fit)
      let result = fitted.bytes.withUnsafeBytes { bytes -> Result<Void, ImageError> in
        Result { () throws(ImageError) in
          guard output != destination, case .file(let url) = output else {
            return try ImageWriter.write(bytes, to: output)
          }
          // A name nobody gave: it is written only while nothing has it, never replaced.
          do throws(ImageError) {
            try ImageWriter.writeNew(encoded: bytes, to: url)
          } catch  where ImageWriter.isExisting(error) {
            throw ImageError(
              path: error.path, kind: .writeFailed,
              reason: String(
                format: localized(
                  "exists; as PNG the meme is over %@ bytes and its JPEG would go here, so nothing was written"
                ), PixelCount.grouped(sizeLimit)))
          }
        }
      }
      try result.get()
      return (fitted.fit, output)
    }
  }

  /// Where a file made under a size limit goes: `destination`, or, when the fit turned a PNG into a
  /// JPEG, the same name ending in `.jpg` (see `SizeFit.fileURL(for:)`). A pipe or a device keeps its
  /// name: it is written to, not replaced. The export writes that other name only while nothing has
  /// it: a file or a symbolic link of that name (even one to nothing) fails the export, unchanged.
  public static func destination(_ destination: ImageDestination, for fit: SizeFit) -> ImageDestination {
    guard fit.formatChanged, case .file(let url) = destination,
      case .replace = try? OutputTarget(path: ImageWriter.path(of: url))
    else { return destination }
    return .file(fit.fileURL(for: url))
  }

  /// Writes `captions` on the JPEG photo at `input` as a JPEG keeping every block no caption touches,
  /// or returns `nil` (having written nothing) when the block path cannot serve this photo. Once
  /// `cancellation` is set it stops within an MCU row and throws `.cancelled`, writing nothing.
  public static func exportKeepingJPEGBlocks(
    _ captions: MemeCaptions, imageAt input: URL, to destination: ImageDestination,
    loader: ImageLoader = ImageLoader(), description: String? = nil,
    cancellation: Cancellation = Cancellation()
  ) throws(ImageError) -> ExportSummary? {
    try ImageWriter.checkDestination(destination)
    switch try JPEGBlockExport.export(
      captions, imageAt: input, to: destination, loader: loader, description: description,
      cancellation: cancellation)
    {
    case .exported(let summary): return summary
    case .declined: return nil
    }
  }

  /// The JPEG file `exportKeepingJPEGBlocks` would write, in memory (for a share, which hands the same
  /// bytes to its target and to Sent Memes), or `nil` when the block path cannot serve this photo.
  public static func encodeKeepingJPEGBlocks(
    _ captions: MemeCaptions, imageAt input: URL, loader: ImageLoader = ImageLoader(),
    description: String? = nil,
    cancellation: Cancellation = Cancellation()
  ) throws(ImageError) -> Data? {
    switch try JPEGBlockExport.encode(
      captions, imageAt: input, loader: loader, description: description, cancellation: cancellation)
    {
    case .encoded(let bytes, _): return Data(bytes.bytes)
    case .declined: return nil
    }
  }

  /// Why an export in `format` cannot keep a JPEG photo's blocks whatever the photo, or `nil`.
  private static func blockPathObstacle(
    format: ImageFormat, transform: PictureTransform, width: Int?, layout: MemeLayoutKind
  ) -> String? {
    guard case .jpeg = format else { return "the output is not a JPEG" }
    switch layout.jpegBlockPolicy {
    case .encodeWhole(let reason): return reason
    case .keepPhoto, .photoBelowBand: break
    }
    if width != nil { return "a width was given" }
    if !transform.isIdentity { return "the picture is cropped, turned or mirrored" }
    return nil
  }

  /// A cut or turned export: the crop is in the source's own pixels, so the source is decoded whole,
  /// transformed pixel for pixel, and only then scaled to `width`.
  private static func exportTransformed(
    _ captions: MemeCaptions, imageAt input: URL, transform: PictureTransform, width: Int?,
    loader: ImageLoader,
    encoding: ExportEncoding, finish: Finish
  ) throws(ImageError) -> ExportSummary {
    try ImageWriter.checkDestination(finish.destination)
    let full = try loader.pixelSize(ofImageAt: input)
    try check(transform, fits: full, name: input.path)
    let turned = transform.outputSize(sourceWidth: full.width, sourceHeight: full.height)
    var size = turned
    if let width {
      size = (width, max(1, Int((Double(width) * Double(turned.height) / Double(turned.width)).rounded())))
      try ImageLimits.checkScaled(
        width: size.width, height: size.height, maxPixels: loader.maxPixels, name: input.path)
    }
    let source = try loader.load(contentsOf: input)
    try check(transform, fits: (source.width, source.height), name: input.path)
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
    let written = try finish.write(output)
    return ExportSummary(
      width: output.width, height: output.height, font: layout.font,
      overflowingCaptions: layout.overflowingCaptions, overflowingBoxes: layout.overflowingBoxes,
      damage: source.damage, openedSmaller: source.openedSmaller, encoding: encoding, fit: written.fit,
      output: written.output)
  }

  /// Fails with one line when `transform`'s crop does not lie inside a picture of `size`.
  public static func check(
    _ transform: PictureTransform, fits size: (width: Int, height: Int), name: String
  ) throws(ImageError) {
    guard transform.validated(sourceWidth: size.width, sourceHeight: size.height) == nil,
      let crop = transform.crop
    else { return }
    throw ImageError(
      path: name, kind: .unsupported,
      reason:
        "the crop \(crop.x),\(crop.y),\(crop.width),\(crop.height) is not inside the \(size.width)×\(size.height) picture"
    )
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
