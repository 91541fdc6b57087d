// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeGraphics
import CMemeJPEG
import Foundation
import Glibc

/// JPEG through libjpeg-turbo, straight into and out of Cairo's pixel buffer: decoding through
/// libjpeg's own API with a progress monitor (`meme_jpeg_decode.h`), encoding through TurboJPEG.
///
/// Cairo's native-endian ARGB32 word is stored as the bytes B, G, R, A on little-endian machines,
/// which is TurboJPEG's BGRA (decoding writes A = 255, the right premultiplied value for opaque
/// pixels) and BGRX (encoding ignores A); big-endian machines store A, R, G, B. Rows are passed
/// with Cairo's stride as the pitch, so no full-size intermediate buffer exists on either side.
enum JPEGCodec {
  #if _endian(little)
    private static let decodedFormat = TJPF_BGRA
    private static let encodedFormat = TJPF_BGRX
  #else
    private static let decodedFormat = TJPF_ARGB
    private static let encodedFormat = TJPF_XRGB
  #endif

  /// Decodes through libjpeg with a progress monitor (see `meme_jpeg_decode.h`): a picture with more
  /// scans than any encoder writes fails in one line as damaged instead of keeping a core busy for
  /// minutes, and `cancellation` stops the decoding within a few rows.
  static func decode(
    _ bytes: UnsafeRawBufferPointer, name: String, maxPixels: Int, targetWidth: Int?,
    resamplesToTarget: Bool = true, cancellation: Cancellation? = nil
  ) throws(ImageError) -> RasterImage {
    let header: JPEGHeader
    switch JPEGHeader.scan(bytes) {
    case .header(let found): header = found
    case .needsMoreData: throw ImageError(path: name, kind: .corrupt, reason: localized("file is truncated"))
    case .corrupt(let reason):
      throw ImageError(
        path: name, kind: .corrupt, reason: String(format: localized("corrupt JPEG: %@"), reason))
    }
    let source = bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
    var width: Int32 = 0
    var height: Int32 = 0
    var cmyk: Int32 = 0
    // The size check uses libjpeg's own reading of the header, before any pixel is allocated.
    var reason = [CChar](repeating: 0, count: 256)
    guard
      meme_jpeg_decode_header(source, bytes.count, &width, &height, &cmyk, &reason, reason.count)
        == MEME_DECODE_OK
    else {
      throw ImageError(
        path: name, kind: .corrupt,
        reason: String(format: localized("corrupt JPEG: %@"), String(messageIn: reason)))
    }
    // Over the limit, the photo is decoded smaller by the DCT scaling, never at full size first.
    let fitting = fittingFactor(width: Int(width), height: Int(height), maxPixels: maxPixels)
    if fitting == nil {
      try ImageLimits.check(width: Int(width), height: Int(height), maxPixels: maxPixels, name: name)
    }

    let uprightWidth = Int(header.orientation.swapsAxes ? height : width)
    let factor = [targetWidth.map { scalingFactor(from: uprightWidth, toAtLeast: $0) }, fitting]
      .compactMap { $0 }.min { $0.num * $1.denom < $1.num * $0.denom }
    let decodedWidth = factor.map { scaled(Int(width), by: $0) } ?? Int(width)
    let decodedHeight = factor.map { scaled(Int(height), by: $0) } ?? Int(height)
    try ImageLimits.checkSides(width: decodedWidth, height: decodedHeight, name: name)
    guard let image = RasterImage(width: decodedWidth, height: decodedHeight, hasAlpha: false) else {
      throw ImageLimits.outOfMemory(width: decodedWidth, height: decodedHeight, name: name)
    }

    // CMYK cannot be colour-converted by libjpeg; decode the four channels into the same 4-byte
    // pixels and convert them in place afterwards.
    let isCMYK = cmyk != 0
    var warnings: Int32 = 0
    var warning = [CChar](repeating: 0, count: 256)
    let stop = DecodeStop(cancellation)
    let status = withExtendedLifetime(stop) {
      meme_jpeg_decode(
        source, bytes.count, Int32(factor?.num ?? 1), Int32(factor?.denom ?? 1), image.pixels,
        Int32(decodedWidth), Int32(decodedHeight), Int32(image.stride), isCMYK ? 1 : 0,
        cancellation == nil ? nil : DecodeStop.callback, stop.context, nil, &warnings, &warning,
        warning.count, &reason,
        reason.count)
    }
    switch status {
    case MEME_DECODE_OK: break
    case MEME_DECODE_CANCELLED:
      throw ImageError(path: name, kind: .cancelled, reason: localized("cancelled"))
    case MEME_DECODE_TOO_MANY_SCANS:
      throw tooManyScans(name: name)
    default:
      throw ImageError(
        path: name, kind: .corrupt,
        reason: String(format: localized("corrupt JPEG: %@"), String(messageIn: reason)))
    }
    var damage: String?
    if warnings > 0 {
      let message = String(messageIn: warning)
      // Warnings leave a usable image, except a missing end, which leaves grey rows behind.
      if message.contains("Premature end") {
        throw ImageError(path: name, kind: .corrupt, reason: localized("file is truncated"))
      }
      damage = message
    }
    if isCMYK {
      convertCMYKInPlace(image, inverted: header.adobeTransform != nil)
    }
    image.markDirty()

    guard let upright = image.oriented(header.orientation) else {
      throw ImageLimits.outOfMemory(width: decodedHeight, height: decodedWidth, name: name)
    }
    let fullSize = header.orientation.swapsAxes ? (Int(height), Int(width)) : (Int(width), Int(height))
    let result = try ImageLimits.resized(
      upright, toWidth: resamplesToTarget ? targetWidth : nil, fullSize: fullSize, maxPixels: maxPixels,
      name: name)
    result.damage = damage
    if fitting != nil { result.sizeInFile = fullSize }
    return result
  }

  /// The one line for a JPEG stopped at the scan limit (a scan bomb, or a badly broken file).
  static func tooManyScans(name: String) -> ImageError {
    ImageError(
      path: name, kind: .corrupt,
      reason: String(
        format: localized("the picture is damaged: it has more than %ld scans"), Int(MEME_JPEG_MAX_SCANS)))
  }

  /// Encodes with 4:2:0 chroma subsampling, the usual choice for photos and what other meme tools
  /// produce. Translucent pixels are flattened on white.
  static func encode(_ image: RasterImage, quality: Int, name: String) throws(ImageError) -> TurboJPEGBuffer {
    guard let handle = tjInitCompress() else {
      throw ImageError(path: name, kind: .outOfMemory, reason: localized("cannot start the JPEG encoder"))
    }
    defer { tjDestroy(handle) }
    image.flush()
    var flattened: FlattenedPixels?
    if image.hasAlpha, !image.isOpaque {
      guard let copy = FlattenedPixels(image) else {
        throw ImageLimits.outOfMemory(width: image.width, height: image.height, name: name)
      }
      flattened = copy
    }
    // Hand TurboJPEG a worst-case buffer up front. Only the pages it writes become resident, whereas
    // letting it grow its own buffer copies the output into a twice-as-large block at every step.
    let subsampling = Int32(TJSAMP_420.rawValue)
    var size = tjBufSize(Int32(image.width), Int32(image.height), subsampling)
    var output = size > 0 && size <= UInt(Int32.max) ? tjAlloc(Int32(size)) : nil
    var flags = TJFLAG_NOREALLOC
    if output == nil {
      size = 0
      flags = 0
    }
    let status = tjCompress2(
      handle, flattened?.base ?? image.pixels, Int32(image.width), Int32(flattened?.stride ?? image.stride),
      Int32(image.height), Int32(encodedFormat.rawValue), &output, &size, subsampling,
      Int32(min(max(quality, 1), 100)), flags)
    guard status == 0, let output else {
      if let output { tjFree(output) }
      throw ImageError(
        path: name, kind: .writeFailed,
        reason: String(format: localized("cannot encode JPEG: %@"), errorText(handle)))
    }
    return TurboJPEGBuffer(adoptingTurboJPEGBuffer: output, count: Int(size))
  }

  /// The size (before orientation) a `width` × `height` JPEG opens at: its own within `maxPixels`,
  /// else the largest DCT scaling's within it (see `fittingFactor`).
  static func openedSize(width: Int, height: Int, maxPixels: Int) -> (width: Int, height: Int) {
    guard let factor = fittingFactor(width: width, height: height, maxPixels: maxPixels) else {
      return (width, height)
    }
    return (scaled(width, by: factor), scaled(height, by: factor))
  }

  /// For a photo over `maxPixels` that can be opened smaller (`ImageLimits.canFit`), the largest
  /// DCT scaling factor below 1 whose result is within the limit: libjpeg decodes straight to that
  /// size, so no more than the limit's pixels are ever held (a 12000 × 9000 photo opens at 7/8, as
  /// 10500 × 7875). nil for a photo within the limit, or one too large even to be scaled.
  static func fittingFactor(width: Int, height: Int, maxPixels: Int) -> tjscalingfactor? {
    guard ImageLimits.canFit(width: width, height: height, maxPixels: maxPixels) else { return nil }
    var count: Int32 = 0
    guard let factors = tjGetScalingFactors(&count) else { return nil }
    var best: tjscalingfactor?
    for factor in UnsafeBufferPointer(start: factors, count: Int(count))
    where factor.num < factor.denom
      && scaled(width, by: factor) * scaled(height, by: factor) <= maxPixels
      && best.map({ factor.num * $0.denom > $0.num * factor.denom }) ?? true
    {
      best = factor
    }
    return best
  }

  /// The smallest DCT scaling factor (at most 1) that still decodes at least `target` pixels wide.
  private static func scalingFactor(from width: Int, toAtLeast target: Int) -> tjscalingfactor {
    var count: Int32 = 0
    var best = tjscalingfactor(num: 1, denom: 1)
    guard target < width, let factors = tjGetScalingFactors(&count) else { return best }
    for factor in UnsafeBufferPointer(start: factors, count: Int(count))
    where factor.num <= factor.denom && scaled(width, by: factor) >= target
      && factor.num * best.denom < best.num * factor.denom
    {
      best = factor
    }
    return best
  }

  /// TJSCALED: the size libjpeg produces for `size` at `factor` (rounding up).
  private static func scaled(_ size: Int, by factor: tjscalingfactor) -> Int {
    (size * Int(factor.num) + Int(factor.denom) - 1) / Int(factor.denom)
  }

  private static func errorText(_ handle: tjhandle) -> String {
    tjGetErrorStr2(handle).map { String(cString: $0) } ?? localized("unknown error")
  }

  /// Turns CMYK bytes (C, M, Y, K in each 4-byte pixel) into opaque ARGB32 words. Files written
  /// by Adobe software (marked by an APP14 segment) store the channels inverted.
  private static func convertCMYKInPlace(_ image: RasterImage, inverted: Bool) {
    for y in 0..<image.height {
      let row = image.pixels + y * image.stride
      // SAFETY: a Cairo ARGB32 row holds `width` 4-byte-aligned pixels.
      let words = UnsafeMutableRawPointer(row).assumingMemoryBound(to: UInt32.self)
      for x in 0..<image.width {
        let pixel = row + x * 4
        var (c, m, yellow, k) = (UInt32(pixel[0]), UInt32(pixel[1]), UInt32(pixel[2]), UInt32(pixel[3]))
        if !inverted { (c, m, yellow, k) = (255 - c, 255 - m, 255 - yellow, 255 - k) }
        // With inverted ink values, each colour is simply (ink × key) / 255.
        let red = (c * k + 127) / 255
        let green = (m * k + 127) / 255
        let blue = (yellow * k + 127) / 255
        words[x] = 0xFF00_0000 | red << 16 | green << 8 | blue
      }
    }
  }
}

/// An opaque ARGB32 copy of a translucent image composited over white, for the JPEG encoder.
final class FlattenedPixels {
  let base: UnsafeMutablePointer<UInt8>
  let stride: Int

  init?(_ image: RasterImage) {
    stride = image.width * 4
    guard let memory = malloc(stride * image.height) else { return nil }
    base = memory.assumingMemoryBound(to: UInt8.self)
    for y in 0..<image.height {
      // SAFETY: both rows hold `width` 4-byte-aligned pixels (Cairo's stride and ours are multiples of 4).
      let source = UnsafeRawPointer(image.pixels + y * image.stride).assumingMemoryBound(to: UInt32.self)
      let target = UnsafeMutableRawPointer(base + y * stride).assumingMemoryBound(to: UInt32.self)
      for x in 0..<image.width {
        let word = source[x]
        // Premultiplied "over white": each channel gains white × (1 - alpha) = 255 - alpha, which
        // cannot carry into the next channel because a premultiplied channel never exceeds alpha.
        let white = 255 - (word >> 24)
        target[x] = 0xFF00_0000 | ((word & 0xFF_FFFF) &+ (white << 16 | white << 8 | white))
      }
    }
  }

  deinit { free(base) }
}
