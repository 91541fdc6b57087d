// SPDX-License-Identifier: GPL-3.0-or-later

/// How a camera says its pixels must be turned to appear upright (TIFF/EXIF tag 0x0112).
enum ExifOrientation: Int, Sendable {
  case upright = 1
  case mirrored = 2
  case upsideDown = 3
  case flipped = 4
  case transposed = 5
  case rotatedClockwise = 6
  case transverse = 7
  case rotatedCounterClockwise = 8

  /// Whether the upright image is the stored one turned a quarter (width and height swap).
  var swapsAxes: Bool { rawValue >= 5 }

  /// Reads the orientation from IFD0 of a TIFF structure (the body of an EXIF APP1 segment after
  /// "Exif\0\0", or a whole TIFF file). Every offset is bounds-checked: camera and editor EXIF is
  /// often damaged, and a bad tag must never crash or be trusted.
  init?(tiff bytes: UnsafeRawBufferPointer) {
    guard bytes.count >= 8 else { return nil }
    let littleEndian: Bool
    switch (bytes[0], bytes[1]) {
    case (0x49, 0x49): littleEndian = true
    case (0x4D, 0x4D): littleEndian = false
    default: return nil
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
    guard uint16(at: 2) == 42, let directory = uint32(at: 4), let entryCount = uint16(at: directory) else {
      return nil
    }
    for index in 0..<entryCount {
      let entry = directory + 2 + index * 12
      guard let tag = uint16(at: entry), let type = uint16(at: entry + 2) else { return nil }
      guard tag == 0x0112 else { continue }
      // SHORT is what the standard says; a few writers use LONG. The value sits inline either way.
      let value: Int? =
        switch type {
        case 3: uint16(at: entry + 8)
        case 4: uint32(at: entry + 8)
        default: nil
        }
      guard let value, let orientation = ExifOrientation(rawValue: value) else { return nil }
      self = orientation
      return
    }
    return nil
  }
}
