// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// An animated file made under a size limit.
typealias FittedAnimation = Fitted<AnimationFit>

/// Makes an animated export fit a size limit, from frames read, drawn and captioned once.
///
/// Every frame goes first to the normal export (streamed into memory, only counted once it passes
/// the limit, and given up at four times the limit; see `MeasuringSink`) and is kept: at its own size when the frames together stay within half the
/// animation's memory budget, else made smaller once, as much as that takes. When the normal export
/// does not fit, the kept frames are encoded again, never decoded again:
///
/// - **GIF** by frame size: the short side is searched by the bracketed secant of `Search` (log size
///   against log length, about 2), every try a whole encode, until a file fits with at least 95% of
///   the limit or the lengths are neighbours. When not even `SizeFitter.minimumShortSide` pixels
///   fit, libimagequant's quality at that size, down to `lowestGIFQuality` (fewer colours a frame).
/// - **WebP** (lossy) by quality, from the one asked for down to `lowestWebPQuality`, then by size at
///   that quality as a GIF is. A lossless WebP, whose quality is its effort, by size only.
///
/// Every frame and its delay is kept whatever the limit; a limit that not even the smallest frames
/// at the lowest quality meet fails with `ImageError.Kind.overSizeLimit`, and nothing is written.
final class AnimationFitter {
  static let fullGIFQuality = AnimationFit.fullQuality
  static let lowestGIFQuality = 10
  static let lowestWebPQuality = AnimationFit.lowestWebPQuality
  /// The most whole encodes one search makes: each encodes every frame.
  static let maximumTries = 12

  private let format: AnimationFormat
  private let width: Int
  private let height: Int
  private let heldWidth: Int
  private let heldHeight: Int
  /// An encoder of the file's kind (its play count, transparency, palettes and description) for
  /// frames of a size, in a format, at a GIF palette quality.
  private let encoder:
    (_ width: Int, _ height: Int, AnimationFormat, _ gifQuality: Int) throws(ImageError) -> AnimationEncoder
  private let limit: Int
  private let name: String
  private let cancellation: Cancellation
  private var frames: [(image: RasterImage, delay: Int)] = []
  private var normal: AnimationEncoder?
  private var normalSink: CancellableSink<MeasuringSink>
  private var encodeCount = 1

  /// A fitter of `frameCount` frames of `width` × `height` pixels, whose kept copies may take
  /// `memory` bytes.
  init(
    format: AnimationFormat, width: Int, height: Int, frameCount: Int, memory: Int, playCount: Int,
    transparent: Bool, palettes: GIFPalettes, description: String?, limit: Int, name: String,
    cancellation: Cancellation
  ) throws(ImageError) {
    self.format = format
    self.width = width
    self.height = height
    let frameBytes = Double(width) * Double(height) * 4 * Double(max(1, frameCount))
    let share = min(1, (Double(memory) / frameBytes).squareRoot())
    let short = min(width, height)
    let held = FittedSize.size(
      shortSide: max(min(short, SizeFitter.minimumShortSide), Int(Double(short) * share)), width: width,
      height: height)
    heldWidth = held.width
    heldHeight = held.height
    encoder = { (width, height, format, gifQuality) throws(ImageError) in
      try AnimationEncoder(
        format: format, width: width, height: height, playCount: playCount, transparent: transparent,
        description: description, gifQuality: gifQuality, gifPalettes: palettes, name: name)
    }
    self.limit = limit
    self.name = name
    self.cancellation = cancellation
    normalSink = CancellableSink(base: MeasuringSink(limit: limit), cancellation: cancellation, name: name)
    normal = try encoder(width, height, format, Self.fullGIFQuality)
  }

  /// Adds the next frame, shown for `delay` milliseconds, at the meme's full size.
  func add(_ frame: RasterImage, delay: Int) throws(ImageError) {
    if let normal {
      do {
        try normal.add(frame, delay: delay, to: &normalSink)
      } catch  where normalSink.base.isPastBound {
        // Far over the limit already: the rest of the normal export is not worth encoding.
        self.normal = nil
      }
    }
    try cancellation.check(name: name)
    frames.append((try scaled(frame, width: heldWidth, height: heldHeight), delay))
  }

  /// The normal export when it fits, else the file the search finds (see the type's comment).
  func finish() throws(ImageError) -> FittedAnimation {
    if let normal {
      do {
        try normal.finish(to: &normalSink)
        if let bytes = normalSink.base.fittingBytes {
          return made(bytes, width: width, height: height, format: format, gifQuality: nil, isNormal: true)
        }
      } catch  where normalSink.base.isPastBound {}
    }
    normal = nil
    // Too large, by as much as was measured: the search's first point.
    let over = (min(width, height), normalSink.base.measured)
    switch format {
    case .gif:
      if let found = try fitBySize(format: .gif, gifQuality: Self.fullGIFQuality, known: over) {
        return found
      }
      return try fitGIFQuality()
    case .webp(lossless: true, _):
      if let found = try fitBySize(format: format, gifQuality: nil, known: over) { return found }
    case .webp(lossless: false, let quality):
      let lowest = min(quality, Self.lowestWebPQuality)
      let lowestFormat = AnimationFormat.webp(lossless: false, quality: lowest)
      let atLowest = try encode(side: heldSide, format: lowestFormat, gifQuality: nil)
      if let bytes = atLowest.bytes {
        return try fitWebPQuality(from: quality, fitting: (lowest, bytes))
      }
      if let found = try fitBySize(format: lowestFormat, gifQuality: nil, known: (heldSide, atLowest.count)) {
        return found
      }
    }
    throw overLimit()
  }

  private var heldSide: Int { min(heldWidth, heldHeight) }
  private var smallestSide: Int { min(SizeFitter.minimumShortSide, min(width, height)) }

  /// The longest short side, at most the kept frames', whose file in `format` fits; nil when not
  /// even `smallestSide` does. `known` is a length already measured and found too large.
  private func fitBySize(format: AnimationFormat, gifQuality: Int?, known: (side: Int, bytes: Int))
    throws(ImageError) -> FittedAnimation?
  {
    var search = Search(limit: limit)
    search.record(known.side, bytes: known.bytes, file: nil)
    var best: (side: Int, bytes: [UInt8])?
    var tries = 0
    while tries < Self.maximumTries {
      let low = search.fit?.key ?? (smallestSide - 1)
      let high = min(search.fail?.key ?? heldSide + 1, heldSide + 1)
      if high - low <= 1 { break }
      if let fit = search.fit, Double(fit.bytes) >= Double(limit) * SizeFitter.closeEnoughShare { break }
      let side = search.next(
        between: low, high, target: 0.975, defaultSlope: 2, position: { log(Double($0)) },
        key: { Int(min(exp($0), Double(Int32.max)).rounded(.down)) })
      let tried = try encode(side: side, format: format, gifQuality: gifQuality)
      search.record(side, bytes: tried.count, file: nil)
      if let bytes = tried.bytes, side > best?.side ?? 0 { best = (side, bytes) }
      tries += 1
    }
    if best == nil, search.fail?.key ?? Int.max > smallestSide {
      // The tries ran out before the smallest length: it settles whether any fits.
      if let bytes = try encode(side: smallestSide, format: format, gifQuality: gifQuality).bytes {
        best = (smallestSide, bytes)
      }
    }
    guard let best else { return nil }
    let size = FittedSize.size(shortSide: best.side, width: width, height: height)
    return made(best.bytes, width: size.width, height: size.height, format: format, gifQuality: gifQuality)
  }

  /// A GIF of the smallest frames, at the highest palette quality that fits.
  private func fitGIFQuality() throws(ImageError) -> FittedAnimation {
    let side = smallestSide
    guard let lowest = try encode(side: side, format: .gif, gifQuality: Self.lowestGIFQuality).bytes else {
      throw overLimit()
    }
    var fits = (quality: Self.lowestGIFQuality, bytes: lowest)
    var over = Self.fullGIFQuality
    while over - fits.quality > 1 {
      let middle = fits.quality + (over - fits.quality) / 2
      if let bytes = try encode(side: side, format: .gif, gifQuality: middle).bytes {
        fits = (middle, bytes)
      } else {
        over = middle
      }
    }
    let size = FittedSize.size(shortSide: side, width: width, height: height)
    return made(fits.bytes, width: size.width, height: size.height, format: .gif, gifQuality: fits.quality)
  }

  /// A lossy WebP of the kept frames at the highest quality below `quality` that fits, `fitting`
  /// being one that does.
  private func fitWebPQuality(from quality: Int, fitting: (quality: Int, bytes: [UInt8])) throws(ImageError)
    -> FittedAnimation
  {
    var fits = fitting
    var over = quality
    while over - fits.quality > 1 {
      let middle = fits.quality + (over - fits.quality) / 2
      let format = AnimationFormat.webp(lossless: false, quality: middle)
      if let bytes = try encode(side: heldSide, format: format, gifQuality: nil).bytes {
        fits = (middle, bytes)
      } else {
        over = middle
      }
    }
    return made(
      fits.bytes, width: heldWidth, height: heldHeight, format: .webp(lossless: false, quality: fits.quality),
      gifQuality: nil)
  }

  /// Every kept frame, made `side` pixels on its short side, encoded whole in `format`: its bytes when
  /// they fit, and how many there were (see `MeasuringSink`).
  private func encode(side: Int, format: AnimationFormat, gifQuality: Int?) throws(ImageError) -> (
    bytes: [UInt8]?, count: Int
  ) {
    try cancellation.check(name: name)
    let size = FittedSize.size(shortSide: side, width: width, height: height)
    let encoder = try self.encoder(size.width, size.height, format, gifQuality ?? Self.fullGIFQuality)
    var sink = CancellableSink(base: MeasuringSink(limit: limit), cancellation: cancellation, name: name)
    encodeCount += 1
    do {
      for frame in frames {
        try encoder.add(
          try scaled(frame.image, width: size.width, height: size.height), delay: frame.delay, to: &sink)
      }
      try encoder.finish(to: &sink)
    } catch  where sink.base.isPastBound {}
    return (sink.base.fittingBytes, sink.base.measured)
  }

  private func scaled(_ frame: RasterImage, width: Int, height: Int) throws(ImageError) -> RasterImage {
    guard frame.width != width || frame.height != height else { return frame }
    guard let scaled = frame.scaled(toWidth: width, height: height) else {
      throw ImageError(
        path: name, kind: .outOfMemory, reason: localized("not enough memory to make the meme smaller"))
    }
    return scaled
  }

  private func made(
    _ bytes: [UInt8], width: Int, height: Int, format: AnimationFormat, gifQuality: Int?,
    isNormal: Bool = false
  ) -> FittedAnimation {
    let paletteQuality: Int? =
      if case .gif = format { gifQuality ?? Self.fullGIFQuality } else { nil }
    return FittedAnimation(
      bytes: bytes,
      fit: AnimationFit(
        fitted: FittedSize(
          limit: limit, width: width, height: height, originalWidth: self.width, originalHeight: self.height,
          byteCount: bytes.count, encodeCount: encodeCount, isNormalExport: isNormal),
        format: format, gifQuality: paletteQuality))
  }

  private func overLimit() -> ImageError {
    let size = FittedSize.size(shortSide: smallestSide, width: width, height: height)
    let kind =
      switch format {
      case .gif: "GIF"
      case .webp: "WebP"
      }
    return ImageError(
      path: name, kind: .overSizeLimit,
      reason: String(
        format: localized("no %@ of the meme fits in %@, not even with its frames %@ × %@ pixels"), kind,
        SizeFitter.byteCountText(limit), PixelCount.grouped(size.width), PixelCount.grouped(size.height)))
  }
}
