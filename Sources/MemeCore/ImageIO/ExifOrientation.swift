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
    guard let tiff = TIFFStructure(bytes) else { return nil }
    guard tiff.uint16(at: 2) == 42, let directory = tiff.uint32(at: 4),
      let entryCount = tiff.uint16(at: directory)
    else {
      return nil
    }
    for index in 0..<entryCount {
      let entry = directory + 2 + index * 12
      guard let tag = tiff.uint16(at: entry), let type = tiff.uint16(at: entry + 2) else { return nil }
      guard tag == 0x0112 else { continue }
      // SHORT is what the standard says; a few writers use LONG. The value sits inline either way.
      let value: Int? =
        switch type {
        case 3: tiff.uint16(at: entry + 8)
        case 4: tiff.uint32(at: entry + 8)
        default: nil
        }
      guard let value, let orientation = ExifOrientation(rawValue: value) else { return nil }
      self = orientation
      return
    }
    return nil
  }
}
