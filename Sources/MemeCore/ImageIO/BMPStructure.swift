// SPDX-License-Identifier: GPL-3.0-or-later

/// Checks a BMP's headers for the sizes gdk-pixbuf's loader trusts before it allocates: it grows its
/// buffer to the info header's stated size and then to the palette's, so files of a few hundred
/// bytes claiming a 4 GB header or four billion colours made it ask for 4 GB.
enum BMPStructure {
  /// Why the headers are unusable, or `nil` when they are plausible.
  static func problem(in bytes: UnsafeRawBufferPointer) -> String? {
    func uint32(at offset: Int) -> Int? {
      guard offset + 4 <= bytes.count else { return nil }
      return (0..<4).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
    }
    let problem = localized("corrupt BMP: its headers claim more data than the file holds")
    // The file header (14 bytes), then the info header, which starts with its own size.
    guard let headerSize = uint32(at: 14) else { return nil }
    guard 14 + headerSize <= bytes.count else { return problem }
    // The core header of OS/2 bitmaps (12 bytes) has no colour count; every later one has it at 32.
    guard headerSize >= 40, let colorsUsed = uint32(at: 14 + 32) else { return nil }
    // Each palette entry takes four bytes of the file, after the headers.
    guard colorsUsed <= (bytes.count - 14 - headerSize) / 4 else { return problem }
    return nil
  }
}
