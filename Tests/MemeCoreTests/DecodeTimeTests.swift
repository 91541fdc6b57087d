// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

@testable import MemeCore

/// Files small on disk that made gdk-pixbuf's loaders spin (issue 33) decode in well under a second:
/// MemeMe shows them only their first frame or directory.
@Suite struct DecodeTimeTests {
  /// A `width` × `height` GIF of `frames` one-pixel frames, the first red at the top-left corner.
  static func manyFrameGIF(width: Int, height: Int, frames: Int) -> [UInt8] {
    func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
    var bytes = Array("GIF89a".utf8) + le16(width) + le16(height) + [0x80, 0, 0, 255, 0, 0, 0, 0, 255]
    bytes += [0x21, 0xFF, 0x0B] + Array("NETSCAPE2.0".utf8) + [0x03, 0x01, 0x00, 0x00, 0x00]
    for frame in 0..<frames {
      bytes += [0x21, 0xF9, 0x04, 0x00, 0x00, 0x00, 0x00, 0x00]
      bytes += [0x2C] + le16(frame % width) + le16(frame / width % height) + le16(1) + le16(1) + [0x00]
      // LZW, 2-bit codes: clear, colour 0 or 1, end.
      bytes += [0x02, 0x02, frame % 2 == 0 ? 0x44 : 0x4C, 0x01, 0x00]
    }
    return bytes + [0x3B]
  }

  /// A 256 × 256 grey TIFF whose directory is followed by `extra` directories of one pixel each.
  static func manyDirectoryTIFF(extra: Int) -> [UInt8] {
    func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
    func le32(_ value: Int) -> [UInt8] { le16(value & 0xFFFF) + le16(value >> 16) }
    let side = 256
    let directorySize = 2 + 9 * 12 + 4
    let pixels = 8
    let firstDirectory = pixels + side * side
    let onePixel = firstDirectory + directorySize * (extra + 1)
    var bytes: [UInt8] = [0x49, 0x49, 42, 0] + le32(firstDirectory)
    bytes += [UInt8](repeating: 128, count: side * side)
    for index in 0...extra {
      let (size, data) = index == 0 ? (side, pixels) : (1, onePixel)
      let next = index < extra ? firstDirectory + directorySize * (index + 1) : 0
      let entries: [(Int, Int, Int)] = [
        (256, 3, size), (257, 3, size), (258, 3, 8), (259, 3, 1), (262, 3, 1), (273, 4, data), (277, 3, 1),
        (278, 3, size), (279, 4, size * size),
      ]
      bytes += le16(entries.count)
      for (tag, type, value) in entries {
        bytes += le16(tag) + le16(type) + le32(1) + (type == 3 ? le16(value) + [0, 0] : le32(value))
      }
      bytes += le32(next)
    }
    return bytes + [128]
  }

  @Test func aGIFOfTwentyThousandFramesDecodesItsFirstAtOnce() throws {
    let gif = Self.manyFrameGIF(width: 500, height: 500, frames: 20_000)
    let start = Date()
    let image = try ImageLoader().load(data: gif, name: "frames.gif")
    let elapsed = Date().timeIntervalSince(start)
    #expect(image.width == 500 && image.height == 500)
    #expect(image.color(atX: 0, y: 0).red > 0.9, "the first frame's red pixel")
    #expect(elapsed < 1, "took \(elapsed) s")
  }

  @Test func aTIFFOfEightyThousandDirectoriesDecodesItsFirstAtOnce() throws {
    let tiff = Self.manyDirectoryTIFF(extra: 80_000)
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("directories-\(UUID()).tiff")
    try Data(tiff).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let start = Date()
    let size = try ImageLoader().pixelSize(ofImageAt: url)
    let image = try ImageLoader().load(contentsOf: url)
    let elapsed = Date().timeIntervalSince(start)
    #expect(size.width == 256 && size.height == 256)
    #expect(image.width == 256 && image.height == 256)
    #expect(elapsed < 1, "took \(elapsed) s")
  }

  @Test func aGIFCutShortInItsFirstFrameStillFails() {
    let gif = Self.manyFrameGIF(width: 4, height: 4, frames: 3)
    // The first image descriptor starts after the header, the colour table and the two extensions.
    let firstImage = 6 + 7 + 6 + 19 + 8
    for kept in (firstImage + 1)..<(firstImage + 15) {
      #expect(throws: ImageError.self) { try ImageLoader().load(data: Array(gif[0..<kept]), name: "cut.gif") }
    }
  }
}
