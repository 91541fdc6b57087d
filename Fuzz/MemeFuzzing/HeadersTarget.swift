// SPDX-License-Identifier: GPL-3.0-or-later
@_spi(Fuzzing) import MemeCore

/// The parsers that read untrusted headers before any decoder: the EXIF orientation in a TIFF
/// structure, the JPEG marker walk (which runs the EXIF parser on an APP1 segment) and the PNG
/// chunk walk. Their answers must be in range whatever the bytes.
enum HeadersTarget {
  static func run(_ bytes: UnsafeRawBufferPointer) throws(FuzzFinding) {
    if let orientation = HeaderParsers.exifOrientation(tiff: bytes), !(1...8).contains(orientation) {
      throw FuzzFinding("EXIF orientation \(orientation) is not one of 1...8")
    }
    if let header = HeaderParsers.jpegHeader(bytes) {
      guard (1...65535).contains(header.width), (1...65535).contains(header.height),
        (1...8).contains(header.orientation)
      else {
        throw FuzzFinding("JPEG header \(header.width)×\(header.height), orientation \(header.orientation)")
      }
    }
    _ = HeaderParsers.pngChunksAreWhole(bytes)
  }
}
