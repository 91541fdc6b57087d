// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeGraphics
import CMemeJPEG
import Dispatch
import Foundation
import Glibc

/// One rendered picture encoded as JPEG again and again, at other qualities and sizes, to measure
/// each try (see `SizeFitter`). Nothing is decoded or drawn again: every try starts from the same
/// pixels, and what can be shared between tries is made once.
///
/// - The encoder and its output buffer (room for the largest file the picture can make) are made
///   once and reused: a try writes into pages already in memory.
/// - A translucent picture is flattened on white once, as `JPEGCodec.encode` does for each encode.
/// - From the second try at full size on, the picture's colour conversion and chroma subsampling
///   (its YCbCr 4:2:0 planes) are made once and every full-size try compresses those planes: the
///   same file as from the pixels (TurboJPEG converts them the same way), in less time.
/// - A try at a smaller size encodes a copy made for that size by averaging areas
///   (`meme_downscale.h`), on every core, from the full-size pixels.
///
/// The files come out as `JPEGCodec.encode` writes them (4:2:0, standard Huffman tables, baseline).
final class JPEGTrials {
  let width: Int
  let height: Int
  private let name: String
  private let handle: tjhandle
  /// The pixels every try starts from (the picture's own, or the flattened copy).
  private let base: UnsafeMutablePointer<UInt8>
  private let stride: Int
  private let flattened: FlattenedPixels?
  /// Kept alive while `base` points into it.
  private let image: RasterImage
  private var output: UnsafeMutablePointer<UInt8>
  private let outputCapacity: UInt
  private var planes: UnsafeMutablePointer<UInt8>?
  private var fullSizeTries = 0
  /// How many files were encoded (at any size), for the caller's report.
  private(set) var encodeCount = 0

  private static let subsampling = Int32(TJSAMP_420.rawValue)
  #if _endian(little)
    private static let pixelFormat = Int32(TJPF_BGRX.rawValue)
  #else
    private static let pixelFormat = Int32(TJPF_XRGB.rawValue)
  #endif

  init(_ image: RasterImage, name: String) throws(ImageError) {
    guard image.width <= Int(Int32.max), image.height <= Int(Int32.max), let handle = tjInitCompress() else {
      throw ImageError(path: name, kind: .outOfMemory, reason: localized("cannot start the JPEG encoder"))
    }
    self.handle = handle
    self.image = image
    self.name = name
    width = image.width
    height = image.height
    cairo_surface_flush(image.surface)
    if image.hasAlpha, !image.isOpaque {
      guard let copy = FlattenedPixels(image) else {
        tjDestroy(handle)
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
    let capacity = tjBufSize(Int32(width), Int32(height), Self.subsampling)
    guard capacity > 0, capacity <= UInt(Int32.max), let buffer = tjAlloc(Int32(capacity)) else {
      tjDestroy(handle)
      throw ImageLimits.outOfMemory(width: width, height: height, name: name)
    }
    output = buffer
    outputCapacity = capacity
  }

  deinit {
    tjFree(output)
    planes.map { free($0) }
    tjDestroy(handle)
  }

  /// The last try's file, valid until the next try.
  private(set) var last = UnsafeRawBufferPointer(start: nil, count: 0)

  /// Encodes the whole picture at `quality`; returns the file's size (`last` holds it).
  func encode(quality: Int) throws(ImageError) -> Int {
    fullSizeTries += 1
    if fullSizeTries == 2, planes == nil { makePlanes() }
    var size = outputCapacity
    var buffer: UnsafeMutablePointer<UInt8>? = output
    let status: Int32
    if let planes {
      status = tjCompressFromYUV(
        handle, planes, Int32(width), 1, Int32(height), Self.subsampling, &buffer, &size,
        Int32(quality), TJFLAG_NOREALLOC)
    } else {
      status = tjCompress2(
        handle, base, Int32(width), Int32(stride), Int32(height), Self.pixelFormat, &buffer, &size,
        Self.subsampling, Int32(quality), TJFLAG_NOREALLOC)
    }
    return try finish(status, size: size)
  }

  /// Encodes the picture scaled to `targetWidth` × `targetHeight` (each at most the picture's) at
  /// `quality`; returns the file's size (`last` holds it).
  func encode(width targetWidth: Int, height targetHeight: Int, quality: Int) throws(ImageError) -> Int {
    guard targetWidth < width || targetHeight < height else { return try encode(quality: quality) }
    let scaled = try Self.downscaled(
      base, stride: stride, width: width, height: height, to: targetWidth, targetHeight, name: name)
    defer { free(scaled.base) }
    var size = outputCapacity
    var buffer: UnsafeMutablePointer<UInt8>? = output
    let status = tjCompress2(
      handle, scaled.base, Int32(targetWidth), Int32(scaled.stride), Int32(targetHeight), Self.pixelFormat,
      &buffer, &size, Self.subsampling, Int32(quality), TJFLAG_NOREALLOC)
    return try finish(status, size: size)
  }

  private func finish(_ status: Int32, size: UInt) throws(ImageError) -> Int {
    guard status == 0 else {
      let message = tjGetErrorStr2(handle).map { String(cString: $0) } ?? localized("unknown error")
      throw ImageError(
        path: name, kind: .writeFailed, reason: String(format: localized("cannot encode JPEG: %@"), message))
    }
    encodeCount += 1
    last = UnsafeRawBufferPointer(start: output, count: Int(size))
    return Int(size)
  }

  /// The picture's YCbCr planes, for the full-size tries after the first; without memory for them
  /// the tries encode from the pixels.
  private func makePlanes() {
    let size = tjBufSizeYUV2(Int32(width), 1, Int32(height), Self.subsampling)
    guard size > 0, size != UInt(bitPattern: -1), let memory = meme_big_buffer(Int(size)) else { return }
    let target = memory.assumingMemoryBound(to: UInt8.self)
    guard
      tjEncodeYUV3(
        handle, base, Int32(width), Int32(stride), Int32(height), Self.pixelFormat, target, 1,
        Self.subsampling, 0) == 0
    else {
      free(memory)
      return
    }
    planes = target
  }

  /// `width` × `height` opaque pixels at `base` averaged down to `targetWidth` × `targetHeight`, in
  /// bands of rows on every core. The caller frees `base` of the result.
  static func downscaled(
    _ base: UnsafePointer<UInt8>, stride: Int, width: Int, height: Int, to targetWidth: Int,
    _ targetHeight: Int, name: String
  ) throws(ImageError) -> (base: UnsafeMutablePointer<UInt8>, stride: Int) {
    let targetStride = targetWidth * 4
    guard let columns = meme_downscale_axis_new(Int32(width), Int32(targetWidth)),
      let rows = meme_downscale_axis_new(Int32(height), Int32(targetHeight))
    else {
      throw ImageLimits.outOfMemory(width: targetWidth, height: targetHeight, name: name)
    }
    defer {
      meme_downscale_axis_free(columns)
      meme_downscale_axis_free(rows)
    }
    guard let memory = meme_big_buffer(targetStride * targetHeight) else {
      throw ImageLimits.outOfMemory(width: targetWidth, height: targetHeight, name: name)
    }
    let target = memory.assumingMemoryBound(to: UInt8.self)
    let bands = max(1, min(ProcessInfo.processInfo.activeProcessorCount, 8, targetHeight / 16))
    let failed = Locked(false)
    // SAFETY: each band writes its own rows of `target`; the source and the axes are only read.
    let work = UnsafeSendable((base, target, columns, rows))
    DispatchQueue.concurrentPerform(iterations: bands) { band in
      let (source, target, columns, rows) = work.value
      let first = targetHeight * band / bands
      let end = targetHeight * (band + 1) / bands
      if meme_downscale_rows(
        source, Int32(stride), target, Int32(targetStride), columns, rows, Int32(first), Int32(end)) != 0
      {
        failed.withLock { $0 = true }
      }
    }
    if failed.withLock({ $0 }) {
      free(memory)
      throw ImageLimits.outOfMemory(width: targetWidth, height: targetHeight, name: name)
    }
    return (target, targetStride)
  }
}

/// A value handed to other threads that the caller guarantees they use safely (see each use).
private struct UnsafeSendable<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
