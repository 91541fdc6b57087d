// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeGraphics
import Dispatch
import Foundation
import Glibc

/// A PNG writer: 8-bit RGBA (straight alpha) for translucent images, 8-bit RGB otherwise.
///
/// With libdeflate the rows are filtered and compressed in strips, as many at a time as there are
/// cores, and each round of strips is written out (one IDAT chunk each) before the next starts.
/// Memory beyond the image is a few strips' worth, however large the image.
enum PNGEncoder {
  /// Filtered bytes per strip: big enough that restarting the compressor's dictionary costs
  /// nothing measurable, small enough that a round of strips stays a few MiB.
  static let defaultStripBytes = 2 << 20
  /// libdeflate's level, on strips of rows compressed in parallel and joined into one stream. On
  /// photographs level 4 compresses filtered scanlines several times faster than zlib's default
  /// level 6 into files of about the same size (`mememe-benchmark` compares it with libpng's).
  static let deflateLevel: Int32 = 4

  /// `description`, when it has text, goes into an `iTXt` chunk before the image data (see
  /// `DescriptionMetadata`); nothing else but the pixels is written.
  static func encode(
    _ image: RasterImage, stripBytes: Int = defaultStripBytes,
    description: String? = nil, to sink: inout some ByteSink, name: String
  ) throws(ImageError) {
    let filter = PNGRowFilter(image: image, channels: image.hasAlpha ? 4 : 3)
    image.flush()
    try sink.write([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    // Depth 8, colour type RGBA (6) or RGB (2), deflate, adaptive filtering, no interlacing.
    let header =
      bigEndian(image.width) + bigEndian(image.height) + [8, filter.channels == 4 ? 6 : 2, 0, 0, 0]
    try writeChunk("IHDR", header, to: &sink)
    if let text = DescriptionMetadata.pngTextChunkData(description) {
      try writeChunk("iTXt", text, to: &sink)
    }
    try writeStrips(filter, level: deflateLevel, stripBytes: stripBytes, to: &sink, name: name)
    try writeChunk("IEND", [], to: &sink)
  }

  private static func writeStrips(
    _ filter: PNGRowFilter, level: Int32, stripBytes: Int, to sink: inout some ByteSink, name: String
  ) throws(ImageError) {
    let height = filter.image.height
    let rowsPerStrip = max(1, stripBytes / filter.lineBytes)
    let stripCount = (height + rowsPerStrip - 1) / rowsPerStrip
    let workerCount = max(1, min(ProcessInfo.processInfo.activeProcessorCount, 8, stripCount))
    var workers: [StripWorker] = []
    for _ in 0..<workerCount {
      guard let worker = StripWorker(level: level, capacity: min(rowsPerStrip, height) * filter.lineBytes)
      else {
        throw ImageLimits.outOfMemory(width: filter.image.width, height: height, name: name)
      }
      workers.append(worker)
    }
    var adler: UInt = 1
    for firstStrip in stride(from: 0, to: stripCount, by: workerCount) {
      let roundCount = min(workerCount, stripCount - firstStrip)
      let round = workers
      DispatchQueue.concurrentPerform(iterations: roundCount) { index in
        let strip = firstStrip + index
        let rows = (strip * rowsPerStrip)..<min(height, (strip + 1) * rowsPerStrip)
        round[index].compress(rows, of: filter, joinable: strip < stripCount - 1)
      }
      for (index, worker) in workers.prefix(roundCount).enumerated() {
        guard worker.compressedCount > 0 else {
          throw ImageError(
            path: name, kind: .writeFailed, reason: localized("cannot compress the PNG image data"))
        }
        let strip = firstStrip + index
        adler = strip == 0 ? worker.adler : adler32_combine(adler, worker.adler, worker.filteredCount)
        // The zlib stream is the IDAT chunks' data concatenated: header first, Adler-32 last.
        let data = worker.chunkData(
          zlibHeader: strip == 0, adler: strip == stripCount - 1 ? UInt32(adler) : nil)
        try writeChunk("IDAT", data, to: &sink)
      }
    }
  }

  /// About how many bytes `image`'s PNG takes, from every `sampling`-th strip of rows compressed
  /// as `encode` compresses them (on every core), or nil for a picture of fewer than
  /// 2 × `sampling` strips (encoding it is cheap). Strips spread evenly over the picture see its
  /// regions alike, so the estimate is close for a photo; a size limit takes it only as a hint that
  /// the PNG is far too large to try (see `SizeFitter`).
  static func estimatedSize(_ image: RasterImage, sampling: Int = 12) -> Int? {
    let filter = PNGRowFilter(image: image, channels: image.hasAlpha ? 4 : 3)
    let height = image.height
    let rowsPerStrip = max(1, defaultStripBytes / filter.lineBytes)
    let stripCount = (height + rowsPerStrip - 1) / rowsPerStrip
    guard stripCount >= 2 * sampling else { return nil }
    image.flush()
    let chosen = Array(stride(from: sampling / 2, to: stripCount, by: sampling))
    let workerCount = max(1, min(ProcessInfo.processInfo.activeProcessorCount, 8, chosen.count))
    var workers: [StripWorker] = []
    for _ in 0..<workerCount {
      guard
        let worker = StripWorker(level: deflateLevel, capacity: min(rowsPerStrip, height) * filter.lineBytes)
      else {
        return nil
      }
      workers.append(worker)
    }
    let total = Locked(0)
    let failed = Locked(false)
    let all = workers
    DispatchQueue.concurrentPerform(iterations: workerCount) { index in
      for item in stride(from: index, to: chosen.count, by: workerCount) {
        let strip = chosen[item]
        let rows = (strip * rowsPerStrip)..<min(height, (strip + 1) * rowsPerStrip)
        all[index].compress(rows, of: filter, joinable: false)
        let count = all[index].compressedCount
        if count == 0 { failed.withLock { $0 = true } }
        total.withLock { $0 += count }
      }
    }
    guard !failed.withLock({ $0 }) else { return nil }
    return total.withLock { $0 } * stripCount / chosen.count
  }

  /// A chunk: data length, type, data, CRC-32 of type and data.
  private static func writeChunk(_ type: String, _ data: UnsafeRawBufferPointer, to sink: inout some ByteSink)
    throws(ImageError)
  {
    let typeBytes = Array(type.utf8)
    var crc = libdeflate_crc32(0, typeBytes, typeBytes.count)
    crc = libdeflate_crc32(crc, data.baseAddress, data.count)
    try sink.write(bigEndian(data.count) + typeBytes)
    try sink.write(data)
    try sink.write(bigEndian(Int(crc)))
  }

  private static func writeChunk(_ type: String, _ data: [UInt8], to sink: inout some ByteSink)
    throws(ImageError)
  {
    let result = data.withUnsafeBytes { bytes -> Result<Void, ImageError> in
      Result { () throws(ImageError) in try writeChunk(type, bytes, to: &sink) }
    }
    try result.get()
  }

  static func bigEndian(_ value: Int) -> [UInt8] {
    [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
  }
}

/// One core's buffers for filtering and compressing a strip of rows.
// SAFETY: a worker is used by one thread at a time: its strip during a concurrent round, then by
// the writing thread after the round has ended.
private final class StripWorker: @unchecked Sendable {
  private let compressor: OpaquePointer
  private let filtered: UnsafeMutablePointer<UInt8>
  /// Deflate output, with room before it for the zlib header and after it for the Adler-32.
  private let output: UnsafeMutablePointer<UInt8>
  private let outputCapacity: Int
  private let scratch: UnsafeMutableRawBufferPointer
  /// The last strip's results; a count of 0 means compressing failed.
  private(set) var compressedCount = 0
  private(set) var adler: UInt = 1
  private(set) var filteredCount = 0

  private static let headRoom = 2
  private static let tailRoom = 4

  init?(level: Int32, capacity: Int) {
    guard let compressor = libdeflate_alloc_compressor(level) else { return nil }
    self.compressor = compressor
    outputCapacity = libdeflate_deflate_compress_bound(compressor, capacity) + DeflateJoin.extraCapacity
    filtered = .allocate(capacity: capacity)
    output = .allocate(capacity: StripWorker.headRoom + outputCapacity + StripWorker.tailRoom)
    scratch = .allocate(byteCount: 256 * 1024, alignment: 16)
  }

  deinit {
    libdeflate_free_compressor(compressor)
    filtered.deallocate()
    output.deallocate()
    scratch.deallocate()
  }

  func compress(_ rows: Range<Int>, of filter: PNGRowFilter, joinable: Bool) {
    filter.filterRows(rows, into: filtered)
    filteredCount = rows.count * filter.lineBytes
    adler = UInt(libdeflate_adler32(1, filtered, filteredCount))
    let stream = output + StripWorker.headRoom
    var count = libdeflate_deflate_compress(compressor, filtered, filteredCount, stream, outputCapacity)
    if count > 0, joinable {
      count = DeflateJoin.makeJoinable(stream, count: count, scratch: scratch) ?? 0
    }
    compressedCount = count
  }

  /// The compressed strip as IDAT data, preceded by the zlib header (CMF 0x78: deflate with a
  /// 32 KiB window; FLG 0x5E: "fast" level, no dictionary, check bits) and followed by the
  /// stream's Adler-32 when asked.
  func chunkData(zlibHeader: Bool, adler: UInt32?) -> UnsafeRawBufferPointer {
    var start = output + StripWorker.headRoom
    var count = compressedCount
    if zlibHeader {
      start -= 2
      start.update(from: [0x78, 0x5E], count: 2)
      count += 2
    }
    if let adler {
      (start + count).update(from: PNGEncoder.bigEndian(Int(adler)), count: 4)
      count += 4
    }
    return UnsafeRawBufferPointer(start: start, count: count)
  }
}
