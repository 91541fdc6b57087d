// SPDX-License-Identifier: GPL-3.0-or-later

/// Where a GIF's first frame or a TIFF's first directory ends, so gdk-pixbuf is given only the
/// picture MemeMe uses. Its loaders otherwise read every frame of a GIF and walk every directory of
/// a TIFF (issue 33): a 460 KB GIF of 20,000 one-pixel frames kept a core busy for 6 s (60,000
/// frames, 32 s: the time grows faster than the frames), and a TIFF with 80,000 empty directories
/// after its picture took ten times as long as the picture alone.
enum FirstPicture {
  /// The pieces to hand the loader in place of `bytes`: the file up to the end of its first frame
  /// (GIF) followed by a trailer, or the file with its first directory's link to the next one set
  /// to none (TIFF). `nil` to hand over the file as it is (another format, or a structure this walk
  /// cannot follow: the loader then reports what is wrong).
  static func pieces(of bytes: UnsafeRawBufferPointer, container: ImageContainer) -> [UnsafeRawBufferPointer]?
  {
    switch container {
    case .gif:
      guard let end = gifFirstFrameEnd(bytes), end < bytes.count - 1 else { return nil }
      return [UnsafeRawBufferPointer(rebasing: bytes[..<end]), gifTrailer]
    case .tiff:
      guard let link = tiffNextDirectoryLink(bytes) else { return nil }
      return [
        UnsafeRawBufferPointer(rebasing: bytes[..<link]), noDirectory,
        UnsafeRawBufferPointer(rebasing: bytes[(link + 4)...]),
      ]
    default:
      return nil
    }
  }

  // Never written after they are made.
  nonisolated(unsafe) private static let gifTrailer = UnsafeRawBufferPointer(
    UnsafeMutableRawBufferPointer.allocate(byteCount: 1, alignment: 1).initializeMemory(
      as: UInt8.self, repeating: 0x3B))
  nonisolated(unsafe) private static let noDirectory = UnsafeRawBufferPointer(
    UnsafeMutableRawBufferPointer.allocate(byteCount: 4, alignment: 1).initializeMemory(
      as: UInt8.self, repeating: 0))

  /// The offset just past the first image's data (its last, empty sub-block), or `nil` when the file
  /// ends before it or is not laid out as a GIF.
  static func gifFirstFrameEnd(_ bytes: UnsafeRawBufferPointer) -> Int? {
    walkGIF(bytes).firstFrameEnd
  }

  /// Whether a GIF whose first frame is whole ends before its trailer (a later frame cut short).
  static func gifIsCutAfterItsFirstFrame(_ bytes: UnsafeRawBufferPointer) -> Bool {
    let walk = walkGIF(bytes, past: true)
    return walk.firstFrameEnd != nil && !walk.reachesTrailer
  }

  /// Walks a GIF's blocks (skipping their data, decoding nothing) to the end of its first image, or
  /// with `past` on to its trailer.
  private static func walkGIF(_ bytes: UnsafeRawBufferPointer, past: Bool = false) -> (
    firstFrameEnd: Int?, reachesTrailer: Bool
  ) {
    guard bytes.count >= 13 else { return (nil, false) }
    var index = 13
    // The global colour table: 3 × 2^(n+1) bytes when the flag is set.
    if bytes[10] & 0x80 != 0 { index += 3 << (Int(bytes[10] & 0x07) + 1) }
    /// Skips sub-blocks from `index` up to and past the empty one; false when the data ends first.
    func skipSubBlocks(_ index: inout Int) -> Bool {
      while index < bytes.count {
        let length = Int(bytes[index])
        index += 1 + length
        if length == 0 { return index <= bytes.count }
      }
      return false
    }
    var firstFrameEnd: Int?
    while index < bytes.count {
      switch bytes[index] {
      case 0x21:  // an extension: its label, then sub-blocks
        index += 2
        guard skipSubBlocks(&index) else { return (firstFrameEnd, false) }
      case 0x2C:  // an image: its descriptor, local colour table, LZW code size, sub-blocks
        guard index + 10 <= bytes.count else { return (firstFrameEnd, false) }
        let flags = bytes[index + 9]
        index += 10
        if flags & 0x80 != 0 { index += 3 << (Int(flags & 0x07) + 1) }
        index += 1
        guard index < bytes.count, skipSubBlocks(&index) else { return (firstFrameEnd, false) }
        if firstFrameEnd == nil { firstFrameEnd = index }
        if !past { return (firstFrameEnd, false) }
      case 0x3B:
        return (firstFrameEnd, true)
      default:
        return (firstFrameEnd, false)
      }
    }
    return (firstFrameEnd, false)
  }

  /// The offset of the first directory's link to the next (4 bytes), or `nil` when it has none or
  /// the file cannot hold it.
  static func tiffNextDirectoryLink(_ bytes: UnsafeRawBufferPointer) -> Int? {
    guard let tiff = TIFFStructure(bytes) else { return nil }
    // Classic TIFF only (42); BigTIFF (43) is left to the loader.
    guard tiff.uint16(at: 2) == 42, let directory = tiff.uint32(at: 4),
      let entries = tiff.uint16(at: directory)
    else { return nil }
    let link = directory + 2 + entries * 12
    guard let next = tiff.uint32(at: link), next != 0 else { return nil }
    return link
  }
}
