// SPDX-License-Identifier: GPL-3.0-or-later

/// Whether a TIFF file ends before the data its own structure says it holds. gdk-pixbuf's TIFF
/// loader decodes what it was given and fills the rest with nothing, with no error, for a file cut
/// short after its pixel data. A truncated JPEG or PNG fails with one line; a TIFF now does too, with
/// the JPEG's reason. (GIF and WebP are walked by the animation reader, which finds where they end.)
enum TruncationCheck {
  /// `localized("file is truncated")` when `bytes` (a whole file of `container`) ends early.
  static func problem(in bytes: UnsafeRawBufferPointer, container: ImageContainer) -> String? {
    let truncated = container == .tiff && tiffIsTruncated(bytes)
    return truncated ? localized("file is truncated") : nil
  }

  /// The size of one value of each TIFF field type (BYTE, ASCII, SHORT, LONG, RATIONAL, SBYTE,
  /// UNDEFINED, SSHORT, SLONG, SRATIONAL, FLOAT, DOUBLE).
  private static let typeWidths: [Int: Int] = [
    1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 6: 1, 7: 1, 8: 2, 9: 4, 10: 8, 11: 4, 12: 8,
  ]

  /// Whether the first directory of a TIFF file, its values, or its strips or tiles reach past the
  /// end of the file. Offsets are read with every bound checked; a structure too damaged to read is
  /// left to the loader, which reports it.
  static func tiffIsTruncated(_ bytes: UnsafeRawBufferPointer) -> Bool {
    guard bytes.count >= 8 else { return true }
    guard let tiff = TIFFStructure(bytes) else { return false }
    guard let directory = tiff.uint32(at: 4) else { return true }
    guard let entryCount = tiff.uint16(at: directory) else { return true }
    // The entries and the next directory's offset.
    guard directory + 2 + entryCount * 12 + 4 <= bytes.count else { return true }
    /// The values of an entry of SHORTs or LONGs: inline when they fit in 4 bytes.
    func values(of entry: Int) -> [Int]? {
      guard let type = tiff.uint16(at: entry + 2), let count = tiff.uint32(at: entry + 4), count > 0 else {
        return nil
      }
      let width: Int
      switch type {
      case 3: width = 2
      case 4: width = 4
      default: return nil
      }
      let start: Int
      if count * width <= 4 {
        start = entry + 8
      } else {
        guard let offset = tiff.uint32(at: entry + 8) else { return nil }
        start = offset
      }
      guard count <= bytes.count, start + count * width <= bytes.count else { return [] }
      return (0..<count).compactMap {
        width == 2 ? tiff.uint16(at: start + $0 * 2) : tiff.uint32(at: start + $0 * 4)
      }
    }
    var offsets: [Int]?
    var counts: [Int]?
    for index in 0..<entryCount {
      let entry = directory + 2 + index * 12
      guard let tag = tiff.uint16(at: entry), let type = tiff.uint16(at: entry + 2),
        let count = tiff.uint32(at: entry + 4)
      else { return true }
      // Any value stored out of line (more than 4 bytes: a resolution, a colour map) must be there.
      if let width = typeWidths[type], count <= bytes.count, count * width > 4 {
        guard let offset = tiff.uint32(at: entry + 8), offset + count * width <= bytes.count else {
          return true
        }
      }
      switch tag {
      // StripOffsets and TileOffsets; StripByteCounts and TileByteCounts.
      case 273, 324: offsets = values(of: entry)
      case 279, 325: counts = values(of: entry)
      default: continue
      }
      // An array of values that lies past the end.
      if offsets?.isEmpty == true || counts?.isEmpty == true { return true }
    }
    guard let offsets, let counts else { return false }
    for (offset, count) in zip(offsets, counts) {
      let (end, overflow) = offset.addingReportingOverflow(count)
      if overflow || end > bytes.count { return true }
    }
    return false
  }
}
