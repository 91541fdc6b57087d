// SPDX-License-Identifier: GPL-3.0-or-later

/// Files small on disk that made gdk-pixbuf's loaders spin before MemeMe showed them only their
/// first frame or directory (issue 33), for the tests and the decode-bounds benchmark.
public enum SlowPictures {
  /// A `width` × `height` GIF of `frames` one-pixel frames, the first red at the top-left corner.
  public static func manyFrameGIF(width: Int, height: Int, frames: Int) -> [UInt8] {
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
  public static func manyDirectoryTIFF(extra: Int) -> [UInt8] {
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
}
