// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeGraphics
import Foundation

/// The checks every decoder applies from the header, before allocating pixels (public for a GIF of
/// a video, scaled by MemeVideo).
public enum ImageLimits {
  /// Cairo cannot create image surfaces with a side longer than this.
  static let maximumSide = ImageLoader.maximumSide

  static func check(width: Int, height: Int, maxPixels: Int, name: String) throws(ImageError) {
    try check(
      width: width, height: height, maxPixels: maxPixels, name: name,
      saying: localized("image is %@ × %@ pixels (%@), more than the limit of %@"))
  }

  /// The pixel limit holds for what is made, not only for what is read: scaling a 1 × 1 picture to
  /// 32767 pixels wide would make a gigapixel image.
  public static func checkScaled(width: Int, height: Int, maxPixels: Int, name: String) throws(ImageError) {
    try check(
      width: width, height: height, maxPixels: maxPixels, name: name,
      saying: localized("scaled to %@ × %@, the image would have %@, more than the limit of %@"))
  }

  /// Fails with `.tooLarge` when `width` × `height` is over `maxPixels`, saying so with `format`
  /// (the width, the height, the pixel count and the limit).
  private static func check(width: Int, height: Int, maxPixels: Int, name: String, saying format: String)
    throws(ImageError)
  {
    let pixels = width.multipliedReportingOverflow(by: height)
    guard !pixels.overflow, pixels.partialValue <= maxPixels else {
      let counts = counts(pixels, limit: maxPixels)
      throw ImageError(
        path: name, kind: .tooLarge,
        reason: String(
          format: format, PixelCount.grouped(width), PixelCount.grouped(height), counts.count, counts.limit))
    }
  }

  private static func counts(_ pixels: (partialValue: Int, overflow: Bool), limit: Int) -> (
    count: String, limit: String
  ) {
    PixelCount.described(pixels.overflow ? Int.max : pixels.partialValue, overLimit: limit)
  }

  static func checkSides(width: Int, height: Int, name: String) throws(ImageError) {
    guard width <= maximumSide, height <= maximumSide else {
      throw ImageError(
        path: name, kind: .tooLarge,
        reason: String(
          format: localized("image is %@ × %@ pixels; sides longer than %@ pixels are not supported"),
          PixelCount.grouped(width), PixelCount.grouped(height), PixelCount.grouped(maximumSide)))
    }
  }

  static func outOfMemory(width: Int, height: Int, name: String) -> ImageError {
    ImageError(
      path: name, kind: .outOfMemory,
      reason: String(
        format: localized("not enough memory for a %@ × %@ image"), PixelCount.grouped(width),
        PixelCount.grouped(height)))
  }

  /// `image` as it is, or resampled to exactly `targetWidth` pixels wide. The height keeps the
  /// aspect ratio of `fullSize` (the upright size before any DCT scaling, which rounds) when given.
  /// The result is held to the same limits as a decoded picture: widening a narrow picture can make
  /// it far larger than its file promised.
  static func resized(
    _ image: RasterImage, toWidth targetWidth: Int?, fullSize: (width: Int, height: Int)? = nil,
    maxPixels: Int, name: String
  ) throws(ImageError) -> RasterImage {
    guard let targetWidth, targetWidth != image.width else { return image }
    guard targetWidth > 0, targetWidth <= maximumSide else {
      throw ImageError(
        path: name, kind: .unsupported,
        reason: String(format: localized("cannot scale to a width of %ld pixels"), targetWidth))
    }
    let (aspectWidth, aspectHeight) = fullSize ?? (image.width, image.height)
    let targetHeight = max(
      1, Int((Double(targetWidth) * Double(aspectHeight) / Double(aspectWidth)).rounded()))
    try checkSides(width: targetWidth, height: targetHeight, name: name)
    try checkScaled(width: targetWidth, height: targetHeight, maxPixels: maxPixels, name: name)
    guard let scaled = image.scaled(toWidth: targetWidth, height: targetHeight) else {
      throw outOfMemory(width: targetWidth, height: targetHeight, name: name)
    }
    return scaled
  }
}

extension RasterImage {
  /// Whether every pixel is fully opaque (a translucent-capable image may still be).
  var isOpaque: Bool {
    guard hasAlpha else { return true }
    cairo_surface_flush(surface)
    for y in 0..<height {
      // SAFETY: a Cairo ARGB32 row holds `width` 4-byte-aligned pixels.
      let row = UnsafeRawPointer(pixels + y * stride).assumingMemoryBound(to: UInt32.self)
      for x in 0..<width where row[x] < 0xFF00_0000 { return false }
    }
    return true
  }
}
