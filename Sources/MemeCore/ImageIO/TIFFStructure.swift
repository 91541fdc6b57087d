// SPDX-License-Identifier: GPL-3.0-or-later

/// Reads the numbers of a TIFF structure (a TIFF file, or an EXIF segment's body) in its byte order,
/// every read bounds-checked: nil past the end of the bytes.
struct TIFFStructure {
  let bytes: UnsafeRawBufferPointer
  let littleEndian: Bool

  /// Nil when `bytes` do not start with a TIFF byte-order mark.
  init?(_ bytes: UnsafeRawBufferPointer) {
    guard bytes.count >= 8 else { return nil }
    switch (bytes[0], bytes[1]) {
    case (0x49, 0x49): littleEndian = true
    case (0x4D, 0x4D): littleEndian = false
    default: return nil
    }
    self.bytes = bytes
  }

  func uint16(at offset: Int) -> Int? {
    guard offset >= 0, offset + 2 <= bytes.count else { return nil }
    let (a, b) = (Int(bytes[offset]), Int(bytes[offset + 1]))
    return littleEndian ? a | b << 8 : a << 8 | b
  }

  func uint32(at offset: Int) -> Int? {
    guard let low = uint16(at: littleEndian ? offset : offset + 2),
      let high = uint16(at: littleEndian ? offset + 2 : offset)
    else { return nil }
    return low | high << 16
  }
}
