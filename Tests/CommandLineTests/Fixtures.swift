// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeGraphics
import Foundation
import MemeCore

/// A temporary folder with input pictures made in code.
final class Fixtures {
  let folder: URL

  init() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("mememe-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: folder)
  }

  func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

  /// A grey picture with a red square in its top-left corner, so orientation can be checked.
  func image(width: Int, height: Int, alpha: Double = 1) -> RasterImage {
    let image = RasterImage(width: width, height: height, hasAlpha: alpha < 1)!
    let context = cairo_create(image.surface)!
    cairo_set_operator(context, CAIRO_OPERATOR_SOURCE)
    cairo_set_source_rgba(context, 0.5, 0.5, 0.5, alpha)
    cairo_paint(context)
    cairo_set_source_rgba(context, 1, 0, 0, 1)
    cairo_rectangle(context, 0, 0, Double(min(width, height)) / 8, Double(min(width, height)) / 8)
    cairo_fill(context)
    cairo_destroy(context)
    cairo_surface_flush(image.surface)
    return image
  }

  /// An opaque picture of pseudo-random noise (from `seed`): its files compress to almost nothing
  /// less than its pixels.
  func noise(width: Int, height: Int, seed: UInt32) -> RasterImage {
    let picture = image(width: width, height: height)
    var state = seed
    for offset in 0..<(picture.stride * picture.height) {
      state = state &* 1_103_515_245 &+ 12345
      picture.pixels[offset] = UInt8(truncatingIfNeeded: state >> 16) | (offset % 4 == 3 ? 0xFF : 0)
    }
    picture.markDirty()
    return picture
  }

  @discardableResult
  func write(_ image: RasterImage, as name: String, format: ImageFormat) throws -> String {
    try ImageWriter.write(image, to: URL(fileURLWithPath: path(name)), as: format)
    return path(name)
  }

  /// A JPEG whose pixels are stored sideways with an EXIF tag saying how to turn them upright.
  func jpegWithOrientation(_ orientation: UInt8, storedWidth: Int, storedHeight: Int, name: String) throws
    -> String
  {
    var bytes = try ImageWriter.encode(
      image(width: storedWidth, height: storedHeight), as: .jpeg(quality: 90))
    let tiff: [UInt8] =
      [0x49, 0x49, 0x2A, 0x00, 0x08, 0x00, 0x00, 0x00]  // little-endian TIFF header, IFD at 8
      + [0x01, 0x00]  // one entry
      + [0x12, 0x01, 0x03, 0x00, 0x01, 0x00, 0x00, 0x00, orientation, 0x00, 0x00, 0x00]  // Orientation SHORT
      + [0x00, 0x00, 0x00, 0x00]  // no next IFD
    let payload = Array("Exif".utf8) + [0, 0] + tiff
    let length = payload.count + 2
    let segment: [UInt8] = [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
    bytes.insert(contentsOf: segment, at: 2)  // right after SOI
    try Data(bytes).write(to: URL(fileURLWithPath: path(name)))
    return path(name)
  }

  func decode(_ path: String) throws -> RasterImage {
    try ImageLoader().load(contentsOf: URL(fileURLWithPath: path))
  }
}

func isWhite(_ color: RGBAColor) -> Bool { color.red > 0.9 && color.green > 0.9 && color.blue > 0.9 }
func isBlack(_ color: RGBAColor) -> Bool { color.red < 0.1 && color.green < 0.1 && color.blue < 0.1 }

func count(in image: RasterImage, rows: Range<Int>, matching predicate: (RGBAColor) -> Bool) -> Int {
  var count = 0
  for y in rows {
    for x in 0..<image.width where predicate(image.color(atX: x, y: y)) { count += 1 }
  }
  return count
}
