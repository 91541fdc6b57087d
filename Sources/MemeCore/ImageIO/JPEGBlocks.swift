// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeGraphics
import CMemeJPEG
import Glibc

/// A JPEG held as its DCT coefficient blocks, turned upright losslessly (see `meme_jpeg_blocks.h`):
/// rows of it can be decoded, drawn on and put back, and every other block is written out unchanged.
/// Unchecked Sendable: it is read on one thread while others decode, replace and write rows (see
/// `meme_jpeg_blocks.h`); `JPEGBlockExport` keeps to its rules.
final class JPEGBlocks: @unchecked Sendable {
  /// Why the blocks cannot be had, for the caller to fall back to decoding and encoding pixels.
  enum Refusal: Error {
    /// The picture is fine, but the block path cannot serve it.
    case unsuitable(String)
    /// libjpeg failed on the data.
    case failed(String)
    /// The cancellation given to `init` was set.
    case cancelled
    /// The photo has more scans than any decoding path allows (see `meme_jpeg_decode.h`): no
    /// other path may decode it either.
    case tooManyScans
  }

  private let handle: OpaquePointer
  /// The file's bytes, which libjpeg reads from until the blocks are freed.
  private let source: FileBytes
  /// Asked by libjpeg before each MCU row (kept alive here: C holds it unretained).
  private let stop: Stop
  let width: Int
  let height: Int
  /// The height of one MCU row, the unit rows are decoded and replaced in.
  let mcuHeight: Int
  let mcuWidth: Int
  let isGrey: Bool
  /// Whether the photo's Huffman-coded data is copied for the rows no caption touches (see
  /// `meme_jpeg_blocks_keeps_code`).
  let keepsCode: Bool

  /// Reads the header, for blocks to be turned upright for `orientation` (`read()` reads them);
  /// every call on them stops within an MCU row once `cancellation` is set, refusing with
  /// `.cancelled`.
  init(_ source: FileBytes, orientation: ExifOrientation, cancellation: Cancellation) throws(Refusal) {
    var handle: OpaquePointer?
    let stop = Stop(cancellation: cancellation)
    let status = Self.call { reason, size in
      meme_jpeg_blocks_open(
        source.base.assumingMemoryBound(to: UInt8.self), source.count, Int32(orientation.rawValue),
        { context in Unmanaged<Stop>.fromOpaque(context!).takeUnretainedValue().isStopped ? 1 : 0 },
        Unmanaged.passUnretained(stop).toOpaque(), &handle, reason, size)
    }
    try status.get()
    self.handle = handle!
    self.source = source
    self.stop = stop
    width = Int(meme_jpeg_blocks_width(handle))
    height = Int(meme_jpeg_blocks_height(handle))
    mcuWidth = Int(meme_jpeg_blocks_mcu_width(handle))
    mcuHeight = Int(meme_jpeg_blocks_mcu_height(handle))
    isGrey = meme_jpeg_blocks_is_grey(handle) != 0
    keepsCode = meme_jpeg_blocks_keeps_code(handle) != 0
  }

  deinit {
    meme_jpeg_blocks_free(handle)
  }

  /// Reads the coefficients and turns them upright. The other methods may be called on other
  /// threads meanwhile: each waits for the rows it needs (see `meme_jpeg_blocks.h`).
  func read() throws(Refusal) {
    try Self.call { reason, size in meme_jpeg_blocks_read(handle, reason, size) }.get()
  }

  /// Stops whatever runs on the blocks (reading, writing) within an MCU row, as a cancellation
  /// would: the export has given up on them.
  func abandon() {
    stop.abandoned.cancel()
  }

  /// Makes `encoded()` wait at MCU-aligned `rows` until they are released (after redrawing them).
  func hold(_ rows: Range<Int>) {
    meme_jpeg_blocks_hold_rows(handle, Int32(rows.lowerBound), Int32(rows.upperBound))
  }

  func release(_ rows: Range<Int>) {
    meme_jpeg_blocks_release_rows(handle, Int32(rows.lowerBound), Int32(rows.upperBound))
  }

  /// The MCU rows covering `rows`, as pixel rows (the last one ends at the picture's bottom).
  func mcuAligned(_ rows: Range<Int>) -> Range<Int> {
    let first = rows.lowerBound / mcuHeight * mcuHeight
    let end = min(height, (rows.upperBound + mcuHeight - 1) / mcuHeight * mcuHeight)
    return first..<max(first, end)
  }

  /// Starts decoding MCU-aligned `rows`, top to bottom (see `RowDecoder`).
  func decoding(_ rows: Range<Int>) throws(Refusal) -> RowDecoder {
    var decoder: OpaquePointer?
    try Self.call { reason, size in
      meme_jpeg_blocks_start_decoding(
        handle, Int32(rows.lowerBound), Int32(rows.upperBound), &decoder, reason, size)
    }.get()
    return RowDecoder(decoder!, of: self)
  }

  /// Rows of the blocks decoded to pixels piece after piece, as decoding the whole picture gives
  /// them: one decoder for all the rows of a caption, so the rows around each piece are decoded once
  /// (chroma blends across MCU rows). It reads the MCU row after a piece before handing the piece
  /// over, so a piece may be replaced as soon as it is decoded.
  final class RowDecoder {
    private let handle: OpaquePointer
    /// The blocks it decodes, kept alive while it does.
    private let blocks: JPEGBlocks

    fileprivate init(_ handle: OpaquePointer, of blocks: JPEGBlocks) {
      self.handle = handle
      self.blocks = blocks
    }

    deinit { meme_jpeg_row_decoder_free(handle) }

    /// Decodes the next `strip.height` rows into `strip` (as wide as the picture), waiting for them
    /// to be read.
    func decode(into strip: RasterImage) throws(Refusal) {
      try JPEGBlocks.call { reason, size in
        meme_jpeg_row_decoder_read(
          handle, Int32(strip.height), strip.pixels, Int32(strip.stride), reason, size)
      }.get()
      strip.markDirty()
    }
  }

  /// Re-encodes MCU-aligned `rows` from `strip` and takes the blocks of each MCU where `strip` differs
  /// from `original` (same layout). Returns how many MCUs were replaced.
  func replace(_ rows: Range<Int>, from strip: RasterImage, original: UnsafePointer<UInt8>) throws(Refusal)
    -> Int
  {
    cairo_surface_flush(strip.surface)
    var replaced = 0
    try Self.call { reason, size in
      meme_jpeg_blocks_replace_rows(
        handle, Int32(rows.lowerBound), Int32(rows.upperBound), strip.pixels, original, Int32(strip.stride),
        &replaced, reason, size)
    }.get()
    return replaced
  }

  /// Puts `band` (as wide as the picture, a whole number of MCU rows high) above the photo: its
  /// rows are encoded with the photo's tables and written before the photo's, whose blocks all move
  /// down unchanged. Returns how many MCUs the band has. Before `encoded()`, at most once.
  func setBand(_ band: RasterImage) throws(Refusal) -> Int {
    cairo_surface_flush(band.surface)
    var mcus = 0
    try Self.call { reason, size in
      meme_jpeg_blocks_set_band(
        handle, Int32(band.height), band.pixels, Int32(band.stride), &mcus, reason, size)
    }.get()
    return mcus
  }

  /// The finished JPEG, with `xmp` (an APP1 segment's data, see `DescriptionMetadata`) when given.
  func encoded(xmp: [UInt8]? = nil) throws(Refusal) -> MallocBytes {
    var output: UnsafeMutablePointer<UInt8>?
    var size: UInt = 0
    try Self.call { reason, length in
      (xmp ?? []).withUnsafeBufferPointer { segment in
        meme_jpeg_blocks_write(
          handle, segment.baseAddress, xmp == nil ? 0 : segment.count, &output, &size, reason, length)
      }
    }.get()
    return MallocBytes(adopting: output!, count: Int(size))
  }

  /// Runs a C call that reports a status and a reason.
  fileprivate static func call(
    _ body: (UnsafeMutablePointer<CChar>, Int) -> meme_blocks_status
  ) -> Result<Void, Refusal> {
    var reason = [CChar](repeating: 0, count: 256)
    let status = reason.withUnsafeMutableBufferPointer { body($0.baseAddress!, $0.count) }
    let text = String(messageIn: reason)
    switch status {
    case MEME_BLOCKS_OK: return .success(())
    case MEME_BLOCKS_UNSUITABLE: return .failure(.unsuitable(text))
    case MEME_BLOCKS_CANCELLED: return .failure(.cancelled)
    case MEME_BLOCKS_TOO_MANY_SCANS: return .failure(.tooManyScans)
    default: return .failure(.failed(text))
    }
  }
}

/// What libjpeg asks before each MCU row: whether the export was cancelled or gave up on the blocks.
private final class Stop: Sendable {
  let cancellation: Cancellation
  let abandoned = Cancellation()

  init(cancellation: Cancellation) {
    self.cancellation = cancellation
  }

  var isStopped: Bool { cancellation.isCancelled || abandoned.isCancelled }
}

/// Bytes in a buffer from `malloc`, freed with the object. Unchecked Sendable: never changed after
/// it is made (the writing thread hands it over whole).
final class MallocBytes: @unchecked Sendable {
  private let base: UnsafeMutablePointer<UInt8>
  let count: Int

  init(adopting base: UnsafeMutablePointer<UInt8>, count: Int) {
    self.base = base
    self.count = count
  }

  deinit { free(base) }

  var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }
}
