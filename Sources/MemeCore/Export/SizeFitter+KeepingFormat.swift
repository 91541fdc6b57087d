// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// What a size limit may change to make a file fit: its format (the largest JPEG that fits, the
/// default, which keeps the most pixels) or only its pixels (the format asked for, made smaller).
public enum SizeLimitStrategy: Sendable, Hashable {
  /// A PNG over the limit becomes the largest JPEG that fits (`SizeFitter.encode`).
  case largestJPEG
  /// The file keeps the format asked for: a PNG over the limit is made smaller until it fits
  /// (`SizeFitter.encodeKeepingFormat`). A JPEG is fitted as with `largestJPEG`, which keeps it a
  /// JPEG anyway.
  case keepFormat
}

extension SizeFitter {
  /// The search for a smaller PNG stops once a file fits with this share of the limit: closer
  /// costs another whole encode for a few pixels.
  static let closeEnoughShare = 0.95

  /// `image` in `format` at most `limit` bytes, under `strategy`: `encode` for `largestJPEG`;
  /// for `keepFormat`, `encodeKeepingFormat`.
  public static func encode(
    _ image: RasterImage, as format: ImageFormat, limit: Int, description: String?,
    strategy: SizeLimitStrategy,
    name: String = "image", earlierEncodes: Int = 0, cancellation: Cancellation = Cancellation()
  ) throws(ImageError) -> FittedImage {
    switch strategy {
    case .largestJPEG:
      return try encode(
        image, as: format, limit: limit, description: description, name: name, earlierEncodes: earlierEncodes,
        cancellation: cancellation)
    case .keepFormat:
      return try encodeKeepingFormat(
        image, as: format, limit: limit, description: description, name: name, earlierEncodes: earlierEncodes,
        cancellation: cancellation)
    }
  }

  /// `image` in `format` at most `limit` bytes, never in another format. A JPEG is fitted as
  /// `encode` fits it (quality first, then size). A PNG is the normal export when it fits; else the
  /// picture is made smaller, keeping its aspect ratio, until its PNG fits: the short side is
  /// searched by the bracketed secant of `Search` (log size against log length, about 2: a PNG's
  /// size follows its pixel count), every try a whole encode, until a file fits with at least 95%
  /// of the limit or the lengths are neighbours. A limit not even a 16-pixel short side meets fails
  /// with `ImageError.Kind.overSizeLimit`.
  public static func encodeKeepingFormat(
    _ image: RasterImage, as format: ImageFormat, limit: Int, description: String?, name: String = "image",
    earlierEncodes: Int = 0, cancellation: Cancellation = Cancellation()
  ) throws(ImageError) -> FittedImage {
    guard case .png = format else {
      return try encode(
        image, as: format, limit: limit, description: description, name: name, earlierEncodes: earlierEncodes,
        cancellation: cancellation)
    }
    var encodes = earlierEncodes
    let fullShortSide = min(image.width, image.height)
    var search = Search(limit: limit)
    var smallest: (side: Int, bytes: Int)?
    var side = fullShortSide
    while true {
      try cancellation.check(name: name)
      let size = FittedSize.size(shortSide: side, width: image.width, height: image.height)
      let bytes = try pngSize(
        of: image, width: size.width, height: size.height, limit: limit, description: description, name: name,
        cancellation: cancellation)
      encodes += 1
      bytes.file.withUnsafeBytes { file in
        search.record(side, bytes: bytes.count, file: bytes.count <= limit ? file : nil)
      }
      if smallest == nil || side < smallest!.side { smallest = (side, bytes.count) }
      if side == fullShortSide, bytes.count <= limit { break }  // the normal export fits
      let low = search.fit?.key ?? (minimumShortSide - 1)
      let high = search.fail?.key ?? fullShortSide + 1
      if high - low <= 1 { break }
      if let fit = search.fit, Double(fit.bytes) >= Double(limit) * closeEnoughShare { break }
      // Aim a little under the limit: a miss over it costs a whole encode more than one under.
      side = search.next(
        between: low, high, target: 0.975, defaultSlope: 2, position: { log(Double($0)) },
        key: { Int(min(exp($0), Double(Int32.max)).rounded(.down)) })
    }
    guard let fit = search.fit, let file = search.fitFile else {
      let side = smallest?.side ?? fullShortSide
      let size = FittedSize.size(shortSide: side, width: image.width, height: image.height)
      throw ImageError(
        path: name, kind: .overSizeLimit,
        reason: String(
          format: localized("no PNG of the meme fits in %@: even %@ × %@ pixels take %@"),
          byteCountText(limit), PixelCount.grouped(size.width), PixelCount.grouped(size.height),
          byteCountText(smallest?.bytes ?? 0)))
    }
    let size = FittedSize.size(shortSide: fit.key, width: image.width, height: image.height)
    return FittedImage(
      bytes: file,
      fit: SizeFit(
        limit: limit, requestedFormat: format, format: format, width: size.width, height: size.height,
        originalWidth: image.width, originalHeight: image.height, byteCount: fit.bytes, encodeCount: encodes,
        isNormalExport: earlierEncodes == 0 && fit.key == fullShortSide))
  }

  /// The PNG of `image` made `width` × `height` (itself at its own size), with `description`, and
  /// its size in bytes. A file more than four times the limit is not finished: its count is then
  /// that bound plus one, which is all the search needs to know (too large, and by how much at
  /// least), and its bytes are empty.
  private static func pngSize(
    of image: RasterImage, width: Int, height: Int, limit: Int, description: String?, name: String,
    cancellation: Cancellation
  ) throws(ImageError) -> (file: [UInt8], count: Int) {
    let source: RasterImage
    if width == image.width && height == image.height {
      source = image
    } else {
      guard let scaled = image.scaled(toWidth: width, height: height) else {
        throw ImageError(
          path: name, kind: .outOfMemory, reason: localized("not enough memory to make the meme smaller"))
      }
      source = scaled
    }
    let bound = limit > Int.max / 4 ? Int.max - 1 : limit * 4
    var sink = CancellableSink(base: LimitedSink(limit: bound), cancellation: cancellation, name: name)
    do {
      try ImageWriter.encode(source, as: .png, description: description, to: &sink, name: name)
    } catch  where sink.base.exceeded {
      return ([], bound + 1)
    }
    return (sink.base.bytes, sink.base.bytes.count)
  }
}
