// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeGraphics
import CMemeJPEG
import Dispatch
import Foundation
import Glibc

/// One rendered picture encoded as JPEG again and again, at other qualities and sizes, to measure
/// each try (see `SizeFitter`). Nothing is decoded or drawn again: every try starts from the same
/// pixels.
///
/// - **Whole tries** encode the whole picture (or a copy made smaller for that size, by averaging
///   areas, `meme_downscale.h`, on every core). Two can run at once, one per core, each with its own
///   encoder and an output buffer made once with room for the largest file the picture can make, so
///   a try writes into pages already in memory.
/// - **Sample tries** encode every `sampling`-th MCU row (16 pixel rows) of the picture, or of the
///   picture at a smaller size (only the rows of the sample are made smaller), copied together once
///   per size: an eighth of the work for a large picture. With the standard Huffman tables every MCU
///   row costs the same bits in the sample as in the whole file, so the sample's size times the rows
///   it stands for predicts the whole file's closely (within a percent or two, the same factor at
///   every quality; a whole try at one quality measures the factor for all).
/// - A translucent picture is flattened on white once, as `JPEGCodec.encode` does for each encode.
///
/// The files come out as `JPEGCodec.encode` writes them (4:2:0, standard Huffman tables, baseline).
final class JPEGTrials {
  let width: Int
  let height: Int
  /// Every how many MCU rows the sample takes one: 1 (the whole picture) for a picture of fewer
  /// than 64 MCU rows, up to 8.
  let sampling: Int
  private let name: String
  /// The pixels every try starts from (the picture's own, or the flattened copy).
  private let base: UnsafeMutablePointer<UInt8>
  private let stride: Int
  private let flattened: FlattenedPixels?
  /// Kept alive while `base` points into it.
  private let image: RasterImage
  private let lanes: [Lane]
  /// Files encoded whole (at any size), and sample files, for the caller's report.
  private(set) var encodeCount = 0
  private(set) var sampleEncodeCount = 0
  /// The sample of the full-size picture, made on first use, and its sizes by quality.
  private var fullSample: SampleImage?
  private var sampleSizes: [Int: Int] = [:]

  /// The MCU height at 4:2:0.
  static let mcuHeight = 16

  init(_ image: RasterImage, name: String) throws(ImageError) {
    guard image.width <= Int(Int32.max), image.height <= Int(Int32.max) else {
      throw ImageLimits.outOfMemory(width: image.width, height: image.height, name: name)
    }
    self.image = image
    self.name = name
    width = image.width
    height = image.height
    let rows = (height + Self.mcuHeight - 1) / Self.mcuHeight
    sampling = rows < 64 ? 1 : min(8, rows / 32)
    image.flush()
    if image.hasAlpha, !image.isOpaque {
      guard let copy = FlattenedPixels(image) else {
        throw ImageLimits.outOfMemory(width: image.width, height: image.height, name: name)
      }
      flattened = copy
      base = copy.base
      stride = copy.stride
    } else {
      flattened = nil
      base = image.pixels
      stride = image.stride
    }
    var lanes: [Lane] = []
    for _ in 0..<(ProcessInfo.processInfo.activeProcessorCount > 1 ? 2 : 1) {
      lanes.append(try Lane(width: width, height: height, name: name))
    }
    self.lanes = lanes
  }

  /// How many tries `encode(qualities:)` runs at once.
  var parallelTries: Int { lanes.count }

  /// Encodes the whole picture at each of `qualities` (at most `parallelTries`), at once on their
  /// own cores; returns the files' sizes. `file(_:)` holds each file until the next call.
  func encode(qualities: [Int]) throws(ImageError) -> [Int] {
    precondition(!qualities.isEmpty && qualities.count <= lanes.count)
    let source = UnsafeSendable((base, stride))
    let lanes = self.lanes
    let (width, height) = (self.width, self.height)
    let run: @Sendable (Int) -> Void = { index in
      let (base, stride) = source.value
      lanes[index].encode(base, width: width, height: height, stride: stride, quality: qualities[index])
    }
    if qualities.count == 1 {
      run(0)
    } else {
      DispatchQueue.concurrentPerform(iterations: qualities.count, execute: run)
    }
    encodeCount += qualities.count
    return try qualities.indices.map { (index) throws(ImageError) in try lanes[index].result(name: name) }
  }

  /// As `encode(qualities: [quality])`, while another core makes the sample and encodes it at
  /// `quality` (see `sampleSize(quality:)`): the first whole try also measures the sample's factor.
  func encodeWhileSampling(quality: Int) throws(ImageError) -> Int {
    guard lanes.count > 1, fullSample == nil else {
      _ = try sampleSize(quality: quality)
      return try encode(qualities: [quality])[0]
    }
    let sampled = Locked<Result<Void, ImageError>?>(nil)
    let work = UnsafeSendable(self)
    DispatchQueue.concurrentPerform(iterations: 2) { index in
      let trials = work.value
      if index == 0 {
        trials.lanes[0].encode(
          trials.base, width: trials.width, height: trials.height, stride: trials.stride, quality: quality)
      } else {
        // SAFETY: the sample and its sizes are only touched by this thread until the round ends,
        // and this lane only by it.
        let result = Result { () throws(ImageError) in _ = try trials.sampleSize(quality: quality) }
        sampled.withLock { $0 = result }
      }
    }
    encodeCount += 1
    try sampled.withLock { $0 }?.get()
    return try lanes[0].result(name: name)
  }

  /// The last file of try `index` of the last `encode` call.
  func file(_ index: Int) -> UnsafeRawBufferPointer { lanes[index].file }

  /// Encodes the picture scaled to `targetWidth` × `targetHeight` (each at most the picture's) at
  /// `quality`; returns the file's size (`file(0)` holds it).
  func encode(width targetWidth: Int, height targetHeight: Int, quality: Int) throws(ImageError) -> Int {
    guard targetWidth < width || targetHeight < height else { return try encode(qualities: [quality])[0] }
    let scaled = try downscaled(to: targetWidth, targetHeight, rows: [0..<targetHeight])
    defer { free(scaled.base) }
    lanes[0].encode(
      scaled.base, width: targetWidth, height: targetHeight, stride: scaled.stride, quality: quality)
    encodeCount += 1
    return try lanes[0].result(name: name)
  }

  /// The picture averaged down to `targetWidth` × `targetHeight`, as a try at that size encodes it
  /// (for the tests), or nil without memory.
  func downscaledImage(width targetWidth: Int, height targetHeight: Int) throws(ImageError) -> RasterImage? {
    let scaled = try downscaled(to: targetWidth, targetHeight, rows: [0..<targetHeight])
    defer { free(scaled.base) }
    guard let image = RasterImage(width: targetWidth, height: targetHeight, hasAlpha: false) else {
      return nil
    }
    for y in 0..<targetHeight {
      memcpy(image.pixels + y * image.stride, scaled.base + y * scaled.stride, targetWidth * 4)
    }
    image.markDirty()
    return image
  }

  /// The size of the sample of the whole picture at `quality`, and how many times fewer MCU rows it
  /// has than the picture (the factor to predict the whole file by, before it is measured).
  func sampleSize(quality: Int) throws(ImageError) -> (bytes: Int, rowsFactor: Double) {
    let sample: SampleImage
    if let made = fullSample {
      sample = made
    } else {
      sample = try makeSample(width: width, height: height)
      fullSample = sample
    }
    if let known = sampleSizes[quality] { return (known, sample.rowsFactor) }
    let bytes = try sample.size(quality: quality, lane: lanes[lanes.count - 1], name: name)
    sampleEncodeCount += 1
    sampleSizes[quality] = bytes
    return (bytes, sample.rowsFactor)
  }

  /// As `sampleSize(quality:)`, of the picture scaled to `targetWidth` × `targetHeight`.
  func sampleSize(width targetWidth: Int, height targetHeight: Int, quality: Int) throws(ImageError) -> (
    bytes: Int, rowsFactor: Double
  ) {
    let sample = try makeSample(width: targetWidth, height: targetHeight)
    defer { sample.release() }
    let bytes = try sample.size(quality: quality, lane: lanes[lanes.count - 1], name: name)
    sampleEncodeCount += 1
    return (bytes, sample.rowsFactor)
  }

  /// Every `sampling`-th MCU row of the picture at `targetWidth` × `targetHeight`, made smaller if
  /// need be, copied together.
  private func makeSample(width targetWidth: Int, height targetHeight: Int) throws(ImageError) -> SampleImage
  {
    let mcuRows = (targetHeight + Self.mcuHeight - 1) / Self.mcuHeight
    let taken = Swift.stride(from: 0, to: mcuRows, by: sampling).map { row in
      (row * Self.mcuHeight)..<min(targetHeight, (row + 1) * Self.mcuHeight)
    }
    let rowsFactor = Double(mcuRows) / Double(taken.count)
    if targetWidth == width, targetHeight == height {
      if sampling == 1 {
        return SampleImage(
          base: base, stride: stride, width: width, rows: height, owned: false, rowsFactor: 1)
      }
      let count = taken.reduce(0) { $0 + $1.count }
      guard let target = meme_big_bytes(width * 4 * count) else {
        throw ImageLimits.outOfMemory(width: width, height: count, name: name)
      }
      var row = 0
      for band in taken {
        for y in band {
          memcpy(target + row * width * 4, base + y * stride, width * 4)
          row += 1
        }
      }
      return SampleImage(
        base: target, stride: width * 4, width: width, rows: count, owned: true, rowsFactor: rowsFactor)
    }
    let scaled = try downscaled(to: targetWidth, targetHeight, rows: taken)
    return SampleImage(
      base: scaled.base, stride: scaled.stride, width: targetWidth, rows: taken.reduce(0) { $0 + $1.count },
      owned: true, rowsFactor: rowsFactor)
  }

  /// `rows` (ascending) of the picture averaged down to `targetWidth` × `targetHeight`, one after
  /// another, in bands on every core. The caller frees `base` of the result.
  private func downscaled(to targetWidth: Int, _ targetHeight: Int, rows: [Range<Int>]) throws(ImageError)
    -> (
      base: UnsafeMutablePointer<UInt8>, stride: Int
    )
  {
    let targetStride = targetWidth * 4
    guard let columns = meme_downscale_axis_new(Int32(width), Int32(targetWidth)),
      let axis = meme_downscale_axis_new(Int32(height), Int32(targetHeight))
    else {
      throw ImageLimits.outOfMemory(width: targetWidth, height: targetHeight, name: name)
    }
    defer {
      meme_downscale_axis_free(columns)
      meme_downscale_axis_free(axis)
    }
    let count = rows.reduce(0) { $0 + $1.count }
    guard let target = meme_big_bytes(targetStride * max(count, 1)) else {
      throw ImageLimits.outOfMemory(width: targetWidth, height: count, name: name)
    }
    // Bands: each range of rows cut into pieces of about an even share, each written where it goes.
    var pieces: [(rows: Range<Int>, offset: Int)] = []
    let share = max(Self.mcuHeight, (count + 7) / 8)
    var offset = 0
    for range in rows {
      for start in Swift.stride(from: range.lowerBound, to: range.upperBound, by: share) {
        let piece = start..<min(range.upperBound, start + share)
        pieces.append((piece, offset + start - range.lowerBound))
      }
      offset += range.count
    }
    let failed = Locked(false)
    // SAFETY: each piece writes its own rows of `target`; the source and the axes are only read.
    let work = UnsafeSendable((base, stride, target, columns, axis, pieces))
    DispatchQueue.concurrentPerform(iterations: pieces.count) { index in
      let (source, stride, target, columns, axis, pieces) = work.value
      let piece = pieces[index]
      if meme_downscale_rows(
        source, Int32(stride), target + piece.offset * targetStride, Int32(targetStride), columns, axis,
        Int32(piece.rows.lowerBound), Int32(piece.rows.upperBound)) != 0
      {
        failed.withLock { $0 = true }
      }
    }
    if failed.withLock({ $0 }) {
      free(target)
      throw ImageLimits.outOfMemory(width: targetWidth, height: targetHeight, name: name)
    }
    return (target, targetStride)
  }

  deinit {
    fullSample?.release()
  }
}

/// One core's encoder, and its output buffer, made once for the largest file and reused.
private final class Lane: @unchecked Sendable {
  // Unchecked Sendable: a lane is used by one thread at a time (its try in a round, then the caller).
  private let handle: tjhandle
  private let output: UnsafeMutablePointer<UInt8>
  private let capacity: UInt
  private var size: UInt = 0
  private var status: Int32 = 0

  #if _endian(little)
    private static let pixelFormat = Int32(TJPF_BGRX.rawValue)
  #else
    private static let pixelFormat = Int32(TJPF_XRGB.rawValue)
  #endif
  private static let subsampling = Int32(TJSAMP_420.rawValue)

  init(width: Int, height: Int, name: String) throws(ImageError) {
    guard let handle = tjInitCompress() else {
      throw ImageError(path: name, kind: .outOfMemory, reason: localized("cannot start the JPEG encoder"))
    }
    let capacity = tjBufSize(Int32(width), Int32(height), Self.subsampling)
    guard capacity > 0, capacity <= UInt(Int32.max), let buffer = tjAlloc(Int32(capacity)) else {
      tjDestroy(handle)
      throw ImageLimits.outOfMemory(width: width, height: height, name: name)
    }
    self.handle = handle
    output = buffer
    self.capacity = capacity
  }

  deinit {
    tjFree(output)
    tjDestroy(handle)
  }

  func encode(_ pixels: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int, quality: Int) {
    var buffer: UnsafeMutablePointer<UInt8>? = output
    size = capacity
    status = tjCompress2(
      handle, pixels, Int32(width), Int32(stride), Int32(height), Self.pixelFormat, &buffer, &size,
      Self.subsampling, Int32(min(max(quality, 1), 100)), TJFLAG_NOREALLOC)
  }

  func result(name: String) throws(ImageError) -> Int {
    guard status == 0 else {
      let message = tjGetErrorStr2(handle).map { String(cString: $0) } ?? localized("unknown error")
      throw ImageError(
        path: name, kind: .writeFailed, reason: String(format: localized("cannot encode JPEG: %@"), message))
    }
    return Int(size)
  }

  var file: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: output, count: Int(size)) }
}

/// Rows of a picture copied together to be encoded as one small picture.
private struct SampleImage {
  let base: UnsafeMutablePointer<UInt8>
  let stride: Int
  let width: Int
  let rows: Int
  /// Whether `base` is this sample's own memory (else the picture's).
  let owned: Bool
  /// How many times more MCU rows the picture has than the sample.
  let rowsFactor: Double

  func size(quality: Int, lane: Lane, name: String) throws(ImageError) -> Int {
    lane.encode(base, width: width, height: rows, stride: stride, quality: quality)
    return try lane.result(name: name)
  }

  func release() {
    if owned { free(base) }
  }
}

/// A value handed to other threads that the caller guarantees they use safely (see each use).
private struct UnsafeSendable<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
