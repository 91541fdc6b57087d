// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeGraphics
@_spi(Fuzzing) import MemeCore

/// Pixels of any value, any size and any strip length through the PNG encoder, then back through
/// gdk-pixbuf (not MemeMe's own loader, so the encoder is judged by another PNG reader): the decoded
/// pixels must be exactly the encoded ones.
enum PNGRoundTripTarget {
  static let maximumSide = 160

  static func run(_ bytes: UnsafeRawBufferPointer) throws(FuzzFinding) {
    var input = FuzzInput(bytes)
    let width = input.integer(in: 1...maximumSide)
    let height = input.integer(in: 1...maximumSide)
    let hasAlpha = input.flag()
    // From one strip per row to a single strip: the strips' deflate streams are joined into one.
    let stripBytes = input.integer(in: 1...(maximumSide * 4 + 1) * maximumSide)
    let pattern = Array(input.remaining)
    guard let image = RasterImage(width: width, height: height, hasAlpha: hasAlpha) else { return }
    fill(image, from: pattern)
    let png: [UInt8]
    do {
      png = try ImageWriter.encodePNG(image, stripBytes: stripBytes)
    } catch {
      throw FuzzFinding("encoding \(width)×\(height) failed: \(error)")
    }
    try compare(image, with: try decodeWithPixbuf(png), stripBytes: stripBytes)
  }

  /// Premultiplied ARGB words from the pattern, repeated; each colour channel is cut to the
  /// alpha, as premultiplied pixels must be. Opaque images get alpha 255 everywhere.
  private static func fill(_ image: RasterImage, from pattern: [UInt8]) {
    for y in 0..<image.height {
      // SAFETY: a Cairo ARGB32 row holds `width` 4-byte-aligned pixels.
      let row = UnsafeMutableRawPointer(image.pixels + y * image.stride).assumingMemoryBound(to: UInt32.self)
      for x in 0..<image.width {
        let index = (y * image.width + x) * 4
        func byte(_ offset: Int) -> UInt32 {
          pattern.isEmpty
            ? UInt32(truncatingIfNeeded: index + offset) : UInt32(pattern[(index + offset) % pattern.count])
        }
        let alpha = image.hasAlpha ? byte(0) : 255
        row[x] = alpha << 24 | min(byte(1), alpha) << 16 | min(byte(2), alpha) << 8 | min(byte(3), alpha)
      }
    }
    image.markDirty()
  }

  /// The PNG decoded by gdk-pixbuf's loader: width, height, channels, row stride and pixels.
  private static func decodeWithPixbuf(_ png: [UInt8]) throws(FuzzFinding) -> Pixbuf {
    let loader = gdk_pixbuf_loader_new_with_type("png", nil)!
    defer { g_object_unref(loader) }
    var writeError: UnsafeMutablePointer<GError>?
    var closeError: UnsafeMutablePointer<GError>?
    defer {
      g_clear_error(&writeError)
      g_clear_error(&closeError)
    }
    let wrote = png.withUnsafeBufferPointer {
      gdk_pixbuf_loader_write(loader, $0.baseAddress, gsize($0.count), &writeError)
    }
    // Closing is required even after a failed write; its error then adds nothing.
    let closed = gdk_pixbuf_loader_close(loader, &closeError)
    guard wrote != 0, closed != 0, let pixbuf = gdk_pixbuf_loader_get_pixbuf(loader) else {
      let message = (writeError ?? closeError).map { String(cString: $0.pointee.message) } ?? "no picture"
      throw FuzzFinding("gdk-pixbuf cannot read the PNG: \(message)")
    }
    return Pixbuf(pixbuf)
  }

  private static func compare(_ image: RasterImage, with decoded: Pixbuf, stripBytes: Int) throws(FuzzFinding)
  {
    guard decoded.width == image.width, decoded.height == image.height,
      decoded.channels == (image.hasAlpha ? 4 : 3)
    else {
      throw FuzzFinding(
        "\(image.width)×\(image.height) came back \(decoded.width)×\(decoded.height)×\(decoded.channels)")
    }
    for y in 0..<image.height {
      // SAFETY: a Cairo ARGB32 row holds `width` 4-byte-aligned pixels.
      let row = UnsafeRawPointer(image.pixels + y * image.stride).assumingMemoryBound(to: UInt32.self)
      for x in 0..<image.width {
        let word = row[x]
        let alpha = word >> 24
        let straight = decoded.pixel(x: x, y: y)
        // Straight alpha back to premultiplied, rounded as Cairo rounds.
        let back = [straight.red, straight.green, straight.blue].map { (UInt32($0) * alpha + 127) / 255 }
        let expected = [word >> 16 & 0xFF, word >> 8 & 0xFF, word & 0xFF]
        guard UInt32(straight.alpha) == alpha, back == expected else {
          throw FuzzFinding(
            "\(image.width)×\(image.height) in strips of \(stripBytes) bytes: pixel (\(x), \(y)) was "
              + "\(String(word, radix: 16)), came back as \(straight)")
        }
      }
    }
  }
}

/// A decoded GdkPixbuf's pixels, read only.
private struct Pixbuf {
  let width: Int
  let height: Int
  let channels: Int
  let stride: Int
  let bytes: [UInt8]

  init(_ pixbuf: OpaquePointer) {
    width = Int(gdk_pixbuf_get_width(pixbuf))
    height = Int(gdk_pixbuf_get_height(pixbuf))
    channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
    stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
    let count = Int(gdk_pixbuf_get_byte_length(pixbuf))
    bytes = Array(UnsafeBufferPointer(start: gdk_pixbuf_read_pixels(pixbuf), count: count))
  }

  func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
    let start = y * stride + x * channels
    return (bytes[start], bytes[start + 1], bytes[start + 2], channels == 4 ? bytes[start + 3] : 255)
  }
}
