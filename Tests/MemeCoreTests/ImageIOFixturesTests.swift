// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeGraphics
import Foundation
import Testing

@testable import MemeCore

/// Test images and files made at test time: pictures drawn with Cairo, encoded with MemeMe's own
/// writers or gdk-pixbuf's savers, and byte-level surgery for the broken cases.
enum Fixtures {
  /// A folder that disappears when the returned closure runs.
  static func temporaryFolder() -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("mememe-io-\(UUID().uuidString)")
    try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  static func remove(_ url: URL) {
    try? FileManager.default.removeItem(at: url)
  }

  /// A grey picture with solid 16×16 blocks in two stored corners: red top-left, green top-right.
  static func markedImage(width: Int = 64, height: Int = 32) -> RasterImage {
    let image = RasterImage(width: width, height: height, hasAlpha: false)!
    let context = cairo_create(image.surface)
    cairo_set_source_rgb(context, 0.5, 0.5, 0.5)
    cairo_paint(context)
    cairo_set_source_rgb(context, 1, 0, 0)
    cairo_rectangle(context, 0, 0, 16, 16)
    cairo_fill(context)
    cairo_set_source_rgb(context, 0, 1, 0)
    cairo_rectangle(context, Double(width - 16), 0, 16, 16)
    cairo_fill(context)
    cairo_destroy(context)
    return image
  }

  /// An image filled with one colour (straight components), which may be translucent.
  static func filled(width: Int, height: Int, red: Double, green: Double, blue: Double, alpha: Double = 1)
    -> RasterImage
  {
    let image = RasterImage(width: width, height: height, hasAlpha: alpha < 1)!
    let context = cairo_create(image.surface)
    cairo_set_operator(context, CAIRO_OPERATOR_SOURCE)
    cairo_set_source_rgba(context, red, green, blue, alpha)
    cairo_paint(context)
    cairo_destroy(context)
    return image
  }

  /// Deterministic noise, so that compression and filters see realistic variety.
  static func noise(width: Int, height: Int, translucent: Bool, seed: UInt32 = 7) -> RasterImage {
    let image = RasterImage(width: width, height: height, hasAlpha: translucent)!
    var state = seed
    for y in 0..<height {
      let row = UnsafeMutableRawPointer(image.pixels + y * image.stride).assumingMemoryBound(to: UInt32.self)
      for x in 0..<width {
        state = state &* 1_664_525 &+ 1_013_904_223
        let alpha = translucent ? state >> 24 : 255
        let red = (state >> 16 & 0xFF) * alpha / 255
        let green = (state >> 8 & 0xFF) * alpha / 255
        let blue = UInt32(x * 255 / width) * alpha / 255
        row[x] = alpha << 24 | red << 16 | green << 8 | blue
      }
    }
    image.markDirty()
    return image
  }

  /// A JPEG of `image` with an EXIF APP1 segment carrying `orientation`, inserted right after SOI
  /// where cameras put it.
  static func jpeg(_ image: RasterImage, orientation: Int? = nil, quality: Int = 95) -> [UInt8] {
    let plain = try! ImageWriter.encode(image, as: .jpeg(quality: quality))
    guard let orientation else { return plain }
    // Big-endian TIFF header, IFD0 at offset 8 with one entry: Orientation (0x0112), SHORT, 1.
    let tiff: [UInt8] = [
      0x4D, 0x4D, 0x00, 0x2A, 0, 0, 0, 8,
      0, 1,
      0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, UInt8(orientation), 0, 0,
      0, 0, 0, 0,
    ]
    let payload = Array("Exif\0\0".utf8) + tiff
    let length = payload.count + 2
    let segment: [UInt8] = [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
    return Array(plain[0..<2]) + segment + Array(plain[2...])
  }

  /// `pixbuf`'s image saved by gdk-pixbuf in `type` ("png", "bmp", "tiff", "webp", ...).
  static func saved(_ image: RasterImage, as type: String, options: [(String, String)] = []) -> [UInt8] {
    let pixbuf = pixbuf(of: image)
    defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
    var keys = options.map { strdup($0.0) } + [nil]
    var values = options.map { strdup($0.1) } + [nil]
    defer { for pointer in keys + values { free(pointer) } }
    var buffer: UnsafeMutablePointer<gchar>?
    var size: gsize = 0
    var error: UnsafeMutablePointer<GError>?
    let saved = gdk_pixbuf_save_to_bufferv(pixbuf, &buffer, &size, type, &keys, &values, &error)
    precondition(saved != 0, "gdk-pixbuf could not save \(type)")
    defer { g_free(buffer) }
    return Array(UnsafeRawBufferPointer(start: buffer, count: Int(size)))
  }

  /// A little-endian TIFF (as gdk-pixbuf writes them) given an Orientation tag. gdk-pixbuf's saver
  /// writes none, so its FillOrder entry (whose value, 1, is the default) makes room for it,
  /// keeping the directory's size and its entries sorted by tag.
  static func tiff(_ bytes: [UInt8], orientation: Int) -> [UInt8] {
    var bytes = bytes
    func uint16(_ offset: Int) -> Int { Int(bytes[offset]) | Int(bytes[offset + 1]) << 8 }
    let directory = uint16(4) | uint16(6) << 16
    let count = uint16(directory)
    var entries = (0..<count).map { index in
      Array(bytes[directory + 2 + index * 12..<directory + 14 + index * 12])
    }
    entries.removeAll { $0[0] == 0x0A && $0[1] == 0x01 }
    precondition(entries.count == count - 1, "the TIFF has no FillOrder entry to replace")
    entries.append([0x12, 0x01, 3, 0, 1, 0, 0, 0, UInt8(orientation), 0, 0, 0])
    entries.sort { Int($0[0]) | Int($0[1]) << 8 < Int($1[0]) | Int($1[1]) << 8 }
    bytes.replaceSubrange(directory + 2..<directory + 2 + count * 12, with: entries.flatMap { $0 })
    return bytes
  }

  /// A straight-alpha RGBA pixbuf copy of an image.
  static func pixbuf(of image: RasterImage) -> OpaquePointer {
    let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 1, 8, Int32(image.width), Int32(image.height))!
    let rowstride = Int(gdk_pixbuf_get_rowstride(pixbuf))
    let pixels = gdk_pixbuf_get_pixels(pixbuf)!
    for y in 0..<image.height {
      for x in 0..<image.width {
        let color = image.color(atX: x, y: y)
        let pixel = pixels + y * rowstride + x * 4
        pixel[0] = UInt8((color.red * 255).rounded())
        pixel[1] = UInt8((color.green * 255).rounded())
        pixel[2] = UInt8((color.blue * 255).rounded())
        pixel[3] = UInt8((color.alpha * 255).rounded())
      }
    }
    return pixbuf
  }

  /// A PNG assembled by hand, for the kinds gdk-pixbuf cannot write (16-bit, grey): `rows` are
  /// unfiltered scanlines in the colour type's layout.
  static func handmadePNG(width: Int, height: Int, bitDepth: UInt8, colorType: UInt8, rows: [[UInt8]])
    -> [UInt8]
  {
    var raw: [UInt8] = []
    for row in rows { raw += [0] + row }
    let compressor = libdeflate_alloc_compressor(6)
    defer { libdeflate_free_compressor(compressor) }
    var stream = [UInt8](repeating: 0, count: libdeflate_zlib_compress_bound(compressor, raw.count))
    let count = libdeflate_zlib_compress(compressor, raw, raw.count, &stream, stream.count)
    let header = bigEndian(width) + bigEndian(height) + [bitDepth, colorType, 0, 0, 0]
    return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header)
      + chunk("IDAT", Array(stream[0..<count])) + chunk("IEND", [])
  }

  static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let body = Array(type.utf8) + data
    return bigEndian(data.count) + body + bigEndian(Int(libdeflate_crc32(0, body, body.count)))
  }

  static func bigEndian(_ value: Int) -> [UInt8] {
    [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
  }

  /// A 1×1 red GIF (global palette of two colours, one LZW-coded pixel).
  static let redPixelGIF: [UInt8] =
    Array("GIF89a".utf8) + [
      0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00,
      0xFF, 0x00, 0x00, 0x00, 0x00, 0x00,
      0x2C, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00,
      0x02, 0x02, 0x44, 0x01, 0x00,
      0x3B,
    ]

  /// A 1×1 GIF animation of two frames, red then blue, each shown for a second.
  static let redThenBlueGIF: [UInt8] =
    Array("GIF89a".utf8) + [
      0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00,
      0xFF, 0x00, 0x00, 0x00, 0x00, 0xFF,
      0x21, 0xF9, 0x04, 0x00, 0x64, 0x00, 0x00, 0x00,  // graphic control: 1 s delay
      0x2C, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00,
      0x02, 0x02, 0x44, 0x01, 0x00,  // LZW: clear, index 0, end
      0x21, 0xF9, 0x04, 0x00, 0x64, 0x00, 0x00, 0x00,
      0x2C, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00,
      0x02, 0x02, 0x4C, 0x01, 0x00,  // LZW: clear, index 1, end
      0x3B,
    ]

  /// The offset of the first marker segment `marker` (e.g. 0xC0 for SOF0) in a JPEG.
  static func jpegSegment(_ marker: UInt8, in bytes: [UInt8]) -> Int? {
    var index = 2
    while index + 4 <= bytes.count, bytes[index] == 0xFF {
      if bytes[index + 1] == marker { return index }
      index += 2 + (Int(bytes[index + 2]) << 8 | Int(bytes[index + 3]))
    }
    return nil
  }

  static func write(_ bytes: [UInt8], to url: URL) {
    try! Data(bytes).write(to: url)
  }

  static func contents(of url: URL) -> [UInt8] {
    [UInt8](try! Data(contentsOf: url))
  }

  /// Files in a folder whose names are not in `expected`: stray temporary files.
  static func strayFiles(in folder: URL, expected: Set<String>) -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { !expected.contains($0) }
  }
}

/// Channel distance in 0...255 units between a decoded pixel and the expected straight colour.
func distance(_ color: RGBAColor, _ red: Double, _ green: Double, _ blue: Double) -> Double {
  max(abs(color.red - red), abs(color.green - green), abs(color.blue - blue)) * 255
}

@Suite struct ImageIOFixturesTests {
  @Test func handmadePNGIsReadByGdkPixbuf() throws {
    let bytes = Fixtures.handmadePNG(width: 1, height: 1, bitDepth: 8, colorType: 0, rows: [[200]])
    let image = try ImageLoader().load(data: bytes, name: "grey.png")
    #expect(distance(image.color(atX: 0, y: 0), 200 / 255, 200 / 255, 200 / 255) < 0.5)
  }
}
