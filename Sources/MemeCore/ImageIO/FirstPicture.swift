// SPDX-License-Identifier: GPL-3.0-or-later

/// Where a TIFF's first directory ends, so gdk-pixbuf is given only the picture MemeMe uses. Its
/// loader otherwise walks every directory: a TIFF with 80,000 empty directories after its picture
/// took ten times as long as the picture alone. (A GIF's first frame is read by the animation
/// reader's decoder, which reads nothing past it.)
enum FirstPicture {
  /// The pieces to hand the loader in place of `bytes`: the file with its first directory's link to
  /// the next one set to none (TIFF). `nil` to hand over the file as it is (another format, or a
  /// structure this walk cannot follow: the loader then reports what is wrong).
  static func pieces(of bytes: UnsafeRawBufferPointer, container: ImageContainer) -> [UnsafeRawBufferPointer]?
  {
    guard container == .tiff, let link = tiffNextDirectoryLink(bytes) else { return nil }
    return [
      UnsafeRawBufferPointer(rebasing: bytes[..<link]), noDirectory,
      UnsafeRawBufferPointer(rebasing: bytes[(link + 4)...]),
    ]
  }

  // Never written after it is made.
  nonisolated(unsafe) private static let noDirectory = UnsafeRawBufferPointer(
    UnsafeMutableRawBufferPointer.allocate(byteCount: 4, alignment: 1).initializeMemory(
      as: UInt8.self, repeating: 0))

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
