// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeGraphics
import Foundation

/// Small gradient PNGs for seeding, written directly (8-bit RGB, zlib-compressed) so the seeding tool
/// needs no image library beyond zlib.
enum GeneratedPNG {
  /// A diagonal gradient from `from` to `to`, each an (r, g, b) byte triple.
  static func gradient(width: Int, height: Int, from: [UInt8], to: [UInt8]) -> Data {
    var scanlines = [UInt8]()
    scanlines.reserveCapacity(height * (1 + width * 3))
    for y in 0..<height {
      scanlines.append(0)  // Filter type "None".
      for x in 0..<width {
        let t = Double(x + y) / Double(max(width + height - 2, 1))
        for channel in 0..<3 {
          scanlines.append(UInt8(Double(from[channel]) * (1 - t) + Double(to[channel]) * t))
        }
      }
    }
    var header = Data()
    header.appendBigEndian(UInt32(width))
    header.appendBigEndian(UInt32(height))
    header.append(contentsOf: [8, 2, 0, 0, 0])  // 8 bits, RGB, deflate, no filter set, no interlace.

    var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    png.appendChunk("IHDR", header)
    png.appendChunk("IDAT", zlibCompressed(scanlines))
    png.appendChunk("IEND", Data())
    return png
  }

  private static func zlibCompressed(_ bytes: [UInt8]) -> Data {
    var capacity = compressBound(uLong(bytes.count))
    var output = [UInt8](repeating: 0, count: Int(capacity))
    // Unsafe: zlib writes at most `capacity` bytes into `output` and reads `bytes.count` from `bytes`.
    let status = compress2(&output, &capacity, bytes, uLong(bytes.count), Z_BEST_COMPRESSION)
    precondition(status == Z_OK, "zlib compress2 failed: \(status)")
    return Data(output.prefix(Int(capacity)))
  }
}

extension Data {
  fileprivate mutating func appendBigEndian(_ value: UInt32) {
    Swift.withUnsafeBytes(of: value.bigEndian) { append(contentsOf: $0) }
  }

  fileprivate mutating func appendChunk(_ type: String, _ body: Data) {
    let typeAndBody = Data(type.utf8) + body
    appendBigEndian(UInt32(body.count))
    append(typeAndBody)
    // Unsafe: crc32 reads exactly typeAndBody.count bytes from the buffer.
    let checksum = typeAndBody.withUnsafeBytes { buffer in
      crc32(0, buffer.bindMemory(to: Bytef.self).baseAddress, uInt(buffer.count))
    }
    appendBigEndian(UInt32(checksum))
  }
}
