// SPDX-License-Identifier: GPL-3.0-or-later

/// A walk over a PNG's chunk list, which tells a truncated file from a corrupt one before decoding
/// (gdk-pixbuf reports both with the same vague message).
enum PNGStructure {
  /// Why the chunk list is unusable, or `nil` when it reaches IEND.
  static func problem(in bytes: UnsafeRawBufferPointer) -> String? {
    var offset = 8
    var sawHeader = false
    while true {
      guard offset + 8 <= bytes.count else { return localized("file is truncated") }
      let length =
        Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8
        | Int(bytes[offset + 3])
      let type = (bytes[offset + 4], bytes[offset + 5], bytes[offset + 6], bytes[offset + 7])
      if !sawHeader, type != (0x49, 0x48, 0x44, 0x52) {
        return localized("corrupt PNG: the first chunk is not IHDR")
      }
      sawHeader = true
      guard length <= 0x7FFF_FFFF else { return localized("corrupt PNG: a chunk has an impossible length") }
      if type == (0x49, 0x45, 0x4E, 0x44) { return nil }  // IEND
      offset += 12 + length
    }
  }
}
