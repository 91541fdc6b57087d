// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeGraphics
import Glibc

/// The deflate implementation behind PNG output.
@_spi(Benchmark)
public enum PNGDeflater: Sendable {
  /// libdeflate at `level` (1...12). Level 4 is MemeMe's choice: on photographs it compresses
  /// filtered scanlines 3 to 7 times faster than zlib level 6 into files of about the same size.
  case libdeflate(level: Int32)
  /// zlib's `compress2` at `level` (0...9), kept for comparison in the benchmark.
  case zlib(level: Int32)

  public static let standard = PNGDeflater.libdeflate(level: 4)
}

/// A PNG writer: 8-bit RGBA (straight alpha) for translucent images, 8-bit RGB otherwise.
///
/// Memory: besides the image, one filtered copy of the pixels (freed before returning) and the
/// output, which is compressed straight into place between the PNG chunk headers, as one IDAT.
enum PNGEncoder {
  static func encode(_ image: RasterImage, deflater: PNGDeflater = .standard, name: String) throws(ImageError)
    -> EncodedBytes
  {
    let filter = PNGRowFilter(image: image, channels: image.hasAlpha ? 4 : 3)
    let filteredCount = filter.filteredCount
    guard let filtered = malloc(filteredCount)?.assumingMemoryBound(to: UInt8.self) else {
      throw ImageLimits.outOfMemory(width: image.width, height: image.height, name: name)
    }
    defer { free(filtered) }
    filter.filter(into: filtered)

    let headerCount = 8 + 25 + 8  // signature, IHDR chunk, IDAT length and type
    let trailerCount = 4 + 12  // IDAT CRC, IEND chunk
    let compressor: OpaquePointer?
    let bound: Int
    switch deflater {
    case .libdeflate(let level):
      compressor = libdeflate_alloc_compressor(level)
      guard let compressor else {
        throw ImageLimits.outOfMemory(width: image.width, height: image.height, name: name)
      }
      bound = libdeflate_zlib_compress_bound(compressor, filteredCount)
    case .zlib:
      compressor = nil
      bound = Int(compressBound(uLong(filteredCount)))
    }
    defer { if let compressor { libdeflate_free_compressor(compressor) } }

    guard let file = malloc(headerCount + bound + trailerCount)?.assumingMemoryBound(to: UInt8.self) else {
      throw ImageLimits.outOfMemory(width: image.width, height: image.height, name: name)
    }
    let stream = file + headerCount
    var streamCount = 0
    switch deflater {
    case .libdeflate:
      streamCount = libdeflate_zlib_compress(compressor, filtered, filteredCount, stream, bound)
    case .zlib(let level):
      var length = uLongf(bound)
      if compress2(stream, &length, filtered, uLong(filteredCount), level) == Z_OK {
        streamCount = Int(length)
      }
    }
    guard streamCount > 0, streamCount <= 0x7FFF_FFFF else {
      free(file)
      throw ImageError(path: name, kind: .writeFailed, reason: "cannot compress the PNG image data")
    }

    var writer = ChunkWriter(base: file)
    writer.append(bytes: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    let header =
      bigEndian(UInt32(image.width)) + bigEndian(UInt32(image.height))
      + [8, filter.channels == 4 ? 6 : 2, 0, 0, 0]  // depth, colour type, deflate, adaptive filters, no interlace
    writer.appendChunk(type: "IHDR", data: header)
    writer.appendChunkInPlace(type: "IDAT", dataCount: streamCount)
    writer.appendChunk(type: "IEND", data: [])
    // Give back the unused part of the worst-case bound (glibc shrinks large blocks in place).
    let total = writer.count
    let trimmed = realloc(file, total)?.assumingMemoryBound(to: UInt8.self) ?? file
    return EncodedBytes(adopting: trimmed, count: total, allocator: .system)
  }

  private static func bigEndian(_ value: UInt32) -> [UInt8] {
    [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
  }

  /// Lays PNG chunks (length, type, data, CRC-32 of type and data) into the output buffer.
  private struct ChunkWriter {
    let base: UnsafeMutablePointer<UInt8>
    var count = 0

    mutating func append(bytes: [UInt8]) {
      (base + count).update(from: bytes, count: bytes.count)
      count += bytes.count
    }

    mutating func appendChunk(type: String, data: [UInt8]) {
      append(bytes: bigEndian(UInt32(data.count)) + Array(type.utf8) + data)
      appendCRC(from: count - data.count - 4)
    }

    /// A chunk whose data was already written at its place, right after the length and type.
    mutating func appendChunkInPlace(type: String, dataCount: Int) {
      append(bytes: bigEndian(UInt32(dataCount)) + Array(type.utf8))
      count += dataCount
      appendCRC(from: count - dataCount - 4)
    }

    /// The CRC of everything from `start` (the chunk type) up to here.
    private mutating func appendCRC(from start: Int) {
      let crc = libdeflate_crc32(0, base + start, count - start)
      append(bytes: bigEndian(crc))
    }
  }
}
