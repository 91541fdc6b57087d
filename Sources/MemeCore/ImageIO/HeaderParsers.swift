// SPDX-License-Identifier: GPL-3.0-or-later

/// The header parsers on their own, for the fuzzers: they read untrusted bytes before any decoder
/// does, so they are exercised apart from the decoding that usually hides their results.
@_spi(Fuzzing)
public enum HeaderParsers {
  /// The EXIF orientation (1...8) in a TIFF structure, or `nil` when there is none or it is damaged.
  public static func exifOrientation(tiff bytes: UnsafeRawBufferPointer) -> Int? {
    ExifOrientation(tiff: bytes)?.rawValue
  }

  /// What the JPEG marker walk finds: the frame size and orientation, or `nil` when it needs more
  /// data or calls the data corrupt.
  public static func jpegHeader(_ bytes: UnsafeRawBufferPointer) -> (
    width: Int, height: Int, orientation: Int
  )? {
    guard case .header(let header) = JPEGHeader.scan(bytes) else { return nil }
    return (header.width, header.height, header.orientation.rawValue)
  }

  /// Whether the PNG chunk walk accepts the data (it reaches IEND).
  public static func pngChunksAreWhole(_ bytes: UnsafeRawBufferPointer) -> Bool {
    PNGStructure.problem(in: bytes) == nil
  }
}
