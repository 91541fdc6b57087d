// SPDX-License-Identifier: GPL-3.0-or-later
import CMemePNG
import Foundation

/// A PNG over the pixel limit, opened smaller: libpng reads it one row at a time and each row is
/// averaged into the smaller picture as it arrives (`meme_png_rows.h`), so memory holds the result
/// and a row, never the full-size picture. Interlaced PNGs cannot be read by rows: they are refused
/// as too large, as before.
enum PNGRows {
  /// The PNG's width, height and whether it is interlaced, from its IHDR (PNGStructure has checked
  /// that the file starts with one).
  static func header(of bytes: UnsafeRawBufferPointer) -> (width: Int, height: Int, interlaced: Bool)? {
    guard bytes.count >= 29 else { return nil }
    func word(_ at: Int) -> Int { (0..<4).reduce(0) { $0 << 8 | Int(bytes[at + $1]) } }
    return (word(16), word(20), bytes[28] != 0)
  }

  /// Whether a PNG of this header is opened smaller rather than refused.
  static func opensSmaller(_ bytes: UnsafeRawBufferPointer, maxPixels: Int) -> Bool {
    guard let header = header(of: bytes), !header.interlaced else { return false }
    return ImageLimits.canFit(width: header.width, height: header.height, maxPixels: maxPixels)
  }

  /// Decodes the PNG averaged down to the largest size within `maxPixels` (`ImageLimits.fitted`).
  static func decodeFitted(
    _ bytes: UnsafeRawBufferPointer, name: String, maxPixels: Int, cancellation: Cancellation?
  ) throws(ImageError) -> RasterImage {
    guard let header = header(of: bytes) else {
      throw ImageError(path: name, kind: .corrupt, reason: localized("file is truncated"))
    }
    let size = ImageLimits.fitted(width: header.width, height: header.height, maxPixels: maxPixels)
    try ImageLimits.checkSides(width: size.width, height: size.height, name: name)
    guard let image = RasterImage(width: size.width, height: size.height, hasAlpha: true) else {
      throw ImageLimits.outOfMemory(width: size.width, height: size.height, name: name)
    }
    image.flush()
    var translucent: Int32 = 0
    var reason = [CChar](repeating: 0, count: 256)
    let stop = DecodeStop(cancellation)
    let status = withExtendedLifetime(stop) {
      meme_png_decode_reduced(
        bytes.baseAddress, bytes.count, Int32(size.width), Int32(size.height), image.pixels,
        Int32(image.stride), &translucent, DecodeStop.callback, stop.context, &reason, reason.count)
    }
    switch status {
    case MEME_PNG_OK: break
    case MEME_PNG_CANCELLED:
      throw ImageError(path: name, kind: .cancelled, reason: localized("cancelled"))
    case MEME_PNG_NO_MEMORY:
      throw ImageLimits.outOfMemory(width: size.width, height: size.height, name: name)
    default:
      throw ImageError(
        path: name, kind: .corrupt,
        reason: String(format: localized("corrupt %@ image: %@"), "PNG", String(messageIn: reason)))
    }
    image.markDirty()
    image.hasAlpha = translucent != 0
    image.sizeInFile = (header.width, header.height)
    return image
  }
}
