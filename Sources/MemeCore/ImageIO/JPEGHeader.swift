// SPDX-License-Identifier: GPL-3.0-or-later

/// What MemeMe needs from a JPEG's markers before decoding: the frame size, the EXIF orientation
/// and the Adobe colour transform (which tells inverted CMYK apart).
struct JPEGHeader: Sendable {
  var width: Int
  var height: Int
  var components: Int
  var orientation: ExifOrientation
  /// The transform byte of an Adobe APP14 segment, when there is one.
  var adobeTransform: UInt8?

  enum Scan {
    case header(JPEGHeader)
    /// The data ends before the frame header: read more, or the file is truncated.
    case needsMoreData
    case corrupt(String)
  }

  /// Walks the marker segments from SOI up to the first frame header (SOFn). APP1 (EXIF) and APP14
  /// (Adobe) come before it in every valid file, so the walk never touches entropy-coded data.
  static func scan(_ bytes: UnsafeRawBufferPointer) -> Scan {
    guard bytes.count >= 2 else { return .needsMoreData }
    guard bytes[0] == 0xFF, bytes[1] == 0xD8 else { return .corrupt(localized("not a JPEG file")) }
    var orientation: ExifOrientation?
    var adobeTransform: UInt8?
    var index = 2
    while true {
      // Tolerate stray bytes between segments (libjpeg warns and skips them too), then fill bytes.
      while index < bytes.count, bytes[index] != 0xFF { index += 1 }
      while index < bytes.count, bytes[index] == 0xFF { index += 1 }
      guard index < bytes.count else { return .needsMoreData }
      let marker = bytes[index]
      index += 1
      switch marker {
      case 0x01, 0xD0...0xD8: continue  // standalone markers have no length
      case 0xD9: return .corrupt(localized("JPEG data ends before any image"))
      case 0xDA: return .corrupt(localized("JPEG image data starts before its frame header"))
      default: break
      }
      guard index + 2 <= bytes.count else { return .needsMoreData }
      let length = Int(bytes[index]) << 8 | Int(bytes[index + 1])
      guard length >= 2 else { return .corrupt(localized("JPEG segment has an invalid length")) }
      let payloadStart = index + 2
      let end = index + length
      switch marker {
      case 0xC0...0xCF where marker != 0xC4 && marker != 0xC8 && marker != 0xCC:
        // SOFn: precision, height, width, component count.
        guard payloadStart + 6 <= bytes.count else { return .needsMoreData }
        guard length >= 8 else { return .corrupt(localized("JPEG frame header is too short")) }
        let height = Int(bytes[payloadStart + 1]) << 8 | Int(bytes[payloadStart + 2])
        let width = Int(bytes[payloadStart + 3]) << 8 | Int(bytes[payloadStart + 4])
        guard width > 0, height > 0 else { return .corrupt(localized("JPEG frame has no size")) }
        return .header(
          JPEGHeader(
            width: width, height: height, components: Int(bytes[payloadStart + 5]),
            orientation: orientation ?? .upright, adobeTransform: adobeTransform))
      case 0xE1 where orientation == nil:
        guard end <= bytes.count else { return .needsMoreData }
        let payload = UnsafeRawBufferPointer(rebasing: bytes[payloadStart..<end])
        if payload.starts(with: Array("Exif\0\0".utf8)) {
          orientation = ExifOrientation(tiff: UnsafeRawBufferPointer(rebasing: payload[6...])) ?? .upright
        }
      case 0xEE:
        guard end <= bytes.count else { return .needsMoreData }
        let payload = UnsafeRawBufferPointer(rebasing: bytes[payloadStart..<end])
        if payload.count >= 12, payload.starts(with: Array("Adobe".utf8)) {
          adobeTransform = payload[11]
        }
      default:
        break
      }
      index = end
    }
  }
}
