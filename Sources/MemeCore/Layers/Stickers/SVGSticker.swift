// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// SVG stickers: drawn by librsvg through gdk-pixbuf's SVG loader, fed from memory.
///
/// Fed from memory, the loader has no file to resolve a reference against, so an SVG can reach no
/// other file or address (`<image href="/etc/…">`, `xi:include`, external `<use>`); librsvg's own
/// limits bound the document (elements, nesting, references followed). The size it asks for is
/// checked against the pixel limit before any pixel is allocated, as for any picture. SVG is read
/// for stickers only: a meme's picture is a photo or a drawing already in pixels.
enum SVGSticker {
  /// The largest SVG file read: a drawing of any use as a sticker is far smaller.
  static let largestFile = 32 << 20

  /// The picture at `url` drawn, when the file is an SVG; nil when it is another format.
  static func decodeIfSVG(at url: URL, loader: ImageLoader = ImageLoader()) throws(ImageError) -> RasterImage?
  {
    let file = try ImageFile(path: url.path)
    guard isSVG(try file.prefix(512)) else { return nil }
    guard file.size <= largestFile else {
      throw ImageError(
        path: url.path, kind: .tooLarge,
        reason: String(format: localized("SVG file is larger than %ld MB"), largestFile >> 20))
    }
    let contents = try file.readAll(limit: largestFile)
    return try PixbufDecoder.decodeSVG(contents.bytes, name: url.path, maxPixels: loader.maxPixels)
  }

  /// Whether `head` (a file's first bytes) starts an SVG document: past a byte order mark and
  /// white space, an XML declaration, a comment, a doctype or the `<svg` element, with `<svg`
  /// somewhere in it.
  static func isSVG(_ head: [UInt8]) -> Bool {
    var bytes = head[...]
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
    bytes = bytes.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    let text = String(decoding: bytes, as: UTF8.self)
    guard ["<?xml", "<svg", "<!--", "<!DOCTYPE svg"].contains(where: text.hasPrefix) else { return false }
    return text.contains("<svg")
  }
}
