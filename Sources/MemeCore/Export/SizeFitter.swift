// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Makes a meme's file fit a size limit, from the one rendered picture.
///
/// The normal export comes first (a PNG, or a JPEG at the quality asked for) and is kept when it
/// fits. Otherwise the largest JPEG that fits is looked for:
///
/// 1. **Quality**, at the full size, from `highestQuality` (95, or below the quality whose file was
///    already too large) down to `lowestQuality` (70), by bisection. Each step is measured twice
///    over: on a sample (every eighth MCU row of a large picture, `JPEGTrials`), which predicts the
///    whole file's size to a percent or so for an eighth of the work, and bisects down to the
///    highest quality predicted to fit; then that quality and the next one up are encoded whole, at
///    once on two cores, and measured. Each whole encode corrects the sample's prediction; the search
///    goes on between the qualities measured to fit and not to until they are neighbours: the
///    answer is the highest quality that fits, measured. (A file found too large is never taken
///    for one that fits on a prediction's word: only whole encodes decide.)
/// 2. **Size**, at `lowestQuality`, when even that quality is too large at full size (measured, or
///    predicted more than 5% over): the picture is made smaller, keeping its aspect ratio. The
///    length of its short side is searched on samples of the smaller pictures (only their sampled
///    rows are made smaller), by a bracketed secant of log size against log length aiming at 98.5% of
///    the limit; the length found is then made smaller whole and encoded, and the search goes on
///    between the lengths measured to fit and not to, until a file fits with at least 95% of the
///    limit or the lengths are neighbours.
///
/// Nothing is decoded or drawn again: every try encodes the same pixels, or a copy of them made
/// smaller once for that size (see `JPEGTrials`).
///
/// **Impossible limits.** A picture is never made smaller than `minimumShortSide` (16 pixels, one
/// JPEG MCU) on its short side: a limit that not even that size meets at `lowestQuality` (a JPEG's
/// headers and tables alone take about 600 bytes, the description's XMP more) fails with
/// `ImageError.Kind.overSizeLimit`, and nothing is written.
///
/// The limit counts every byte of the file, the description's XMP included.
public enum SizeFitter {
  /// The quality the search starts from for a PNG that became a JPEG.
  public static let highestQuality = 95
  /// The lowest quality tried; below it, the picture is made smaller instead.
  public static let lowestQuality = 70
  /// The shortest the picture's short side may become.
  public static let minimumShortSide = 16

  /// `image` in `format` with `description` (see `DescriptionMetadata`) when that file is at most
  /// `limit` bytes, else the largest JPEG of it that is. Throws `.overSizeLimit` when no JPEG fits.
  ///
  /// `earlierEncodes` counts files the caller already encoded for this limit (a JPEG block path's,
  /// too large), for the report; with any, no file made here is the normal export.
  public static func encode(
    _ image: RasterImage, as format: ImageFormat, limit: Int, description: String?, name: String = "image",
    earlierEncodes: Int = 0, cancellation: Cancellation = Cancellation()
  ) throws(ImageError) -> FittedImage {
    switch format {
    case .png:
      // A PNG far over the limit (estimated from a twelfth of its rows) is not encoded: what would
      // be compressed before it went over costs as much as several JPEG tries.
      let estimate = PNGEncoder.estimatedSize(image)
      if let estimate, estimate > limit + limit / 2 {
        let trials = try JPEGTrials(image, name: name)
        return try fitJPEG(
          trials, limit: limit, description: description, requestedFormat: format,
          highestQuality: highestQuality, lowestQuality: lowestQuality, tooLarge: nil,
          earlierEncodes: earlierEncodes, earlierSamples: 1, name: name, cancellation: cancellation)
      }
      var sink = CancellableSink(base: LimitedSink(limit: limit), cancellation: cancellation, name: name)
      do {
        try ImageWriter.encode(image, as: .png, description: description, to: &sink, name: name)
        return FittedImage(
          bytes: sink.base.bytes,
          fit: SizeFit(
            limit: limit, requestedFormat: format, format: format, width: image.width, height: image.height,
            originalWidth: image.width, originalHeight: image.height, byteCount: sink.base.bytes.count,
            encodeCount: earlierEncodes + 1, isNormalExport: earlierEncodes == 0))
      } catch  where sink.base.exceeded {
        // Stopped as soon as it went over: only what was compressed by then was spent.
      }
      let trials = try JPEGTrials(image, name: name)
      return try fitJPEG(
        trials, limit: limit, description: description, requestedFormat: format,
        highestQuality: highestQuality,
        lowestQuality: lowestQuality, tooLarge: nil, earlierEncodes: earlierEncodes + 1,
        earlierSamples: estimate == nil ? 0 : 1, name: name, cancellation: cancellation)
    case .jpeg(let quality):
      let quality = min(max(quality, 1), 100)
      let trials = try JPEGTrials(image, name: name)
      try cancellation.check(name: name)
      let overhead = JPEGMetadata.segmentSize(description)
      // The normal export, measured while another core samples the picture for what may follow.
      let bytes = try trials.encodeWhileSampling(quality: quality) + overhead
      if bytes <= limit {
        return FittedImage(
          bytes: file(trials.file(0), description: description),
          fit: SizeFit(
            limit: limit, requestedFormat: format, format: format, width: image.width, height: image.height,
            originalWidth: image.width, originalHeight: image.height, byteCount: bytes,
            encodeCount: earlierEncodes + 1, isNormalExport: earlierEncodes == 0,
            sampleEncodeCount: trials.sampleEncodeCount))
      }
      return try fitJPEG(
        trials, limit: limit, description: description, requestedFormat: format,
        highestQuality: quality, lowestQuality: min(lowestQuality, quality), tooLarge: bytes,
        earlierEncodes: earlierEncodes, earlierSamples: 0, name: name, cancellation: cancellation)
    }
  }

  /// The largest JPEG of `image` at most `limit` bytes, from `highest` quality down, with no normal
  /// export first: for a caller that knows its normal export is too large (a sent meme's file).
  /// `requestedFormat` is the format the caller had (for `SizeFit.formatChanged`).
  public static func fitJPEG(
    _ image: RasterImage, limit: Int, description: String?, requestedFormat: ImageFormat,
    highest: Int = highestQuality, earlierEncodes: Int = 0, name: String = "image",
    cancellation: Cancellation = Cancellation()
  ) throws(ImageError) -> FittedImage {
    let trials = try JPEGTrials(image, name: name)
    let highest = min(max(highest, 1), 100)
    return try fitJPEG(
      trials, limit: limit, description: description, requestedFormat: requestedFormat,
      highestQuality: highest,
      lowestQuality: min(lowestQuality, highest), tooLarge: nil, earlierEncodes: earlierEncodes,
      earlierSamples: 0, name: name, cancellation: cancellation)
  }

  /// The search (see the type's comment). `tooLarge` is the size of the file at `highestQuality`
  /// when it is already known (and too large).
  private static func fitJPEG(
    _ trials: JPEGTrials, limit: Int, description: String?, requestedFormat: ImageFormat, highestQuality: Int,
    lowestQuality: Int, tooLarge: Int?, earlierEncodes: Int, earlierSamples: Int, name: String,
    cancellation: Cancellation
  ) throws(ImageError) -> FittedImage {
    var sizes = PredictedJPEGSizes(
      trials: trials, limit: limit, overhead: JPEGMetadata.segmentSize(description))
    let qualityLow = max(1, min(lowestQuality, highestQuality))
    var search = Search(limit: limit)
    if let tooLarge {
      search.record(highestQuality, bytes: tooLarge, file: nil)
      try sizes.calibrate(quality: highestQuality, measured: tooLarge)
    }
    // 1. Quality, at full size: the highest the sample says fits, and the next one up, encoded whole
    // at once; again between what those measured until they are neighbours.
    var lowestOver = false
    while true {
      let low = search.fit?.key ?? qualityLow - 1
      let high = search.fail?.key ?? highestQuality + 1
      if high - low <= 1 { break }
      try cancellation.check(name: name)
      var guess = low
      var over = high
      while over - guess > 1 {
        let middle = guess + (over - guess + 1) / 2
        if try sizes.predicted(quality: middle) <= sizes.aim(0.995) { guess = middle } else { over = middle }
      }
      var tries: [Int]
      if guess > low {
        tries = [guess]
        if guess + 1 < high, trials.parallelTries > 1 { tries.append(guess + 1) }
      } else if search.fit == nil, try sizes.predicted(quality: qualityLow) > sizes.aim(1.05) {
        // Even the lowest quality is clearly too large: on to smaller sizes, its size predicted.
        lowestOver = true
        break
      } else {
        tries = [low + 1]
      }
      try cancellation.check(name: name)
      let measured = try trials.encode(qualities: tries)
      for (index, quality) in tries.enumerated() {
        search.record(quality, bytes: measured[index] + sizes.overhead, file: trials.file(index))
        try sizes.calibrate(quality: quality, measured: measured[index] + sizes.overhead)
      }
    }
    if let fit = search.fit, let file = search.fitFile {
      return FittedImage(
        bytes: Self.file(file, description: description),
        fit: SizeFit(
          limit: limit, requestedFormat: requestedFormat, format: .jpeg(quality: fit.key),
          width: trials.width,
          height: trials.height, originalWidth: trials.width, originalHeight: trials.height,
          byteCount: fit.bytes,
          encodeCount: earlierEncodes + trials.encodeCount, isNormalExport: false,
          sampleEncodeCount: earlierSamples + trials.sampleEncodeCount))
    }
    // 2. Size, at the lowest quality, which is too large at full size: the short side the samples
    // of smaller sizes say fits, encoded whole, until one fits closely enough.
    let quality = qualityLow
    let fullShortSide = min(trials.width, trials.height)
    let atFullSize = lowestOver ? try sizes.predicted(quality: quality) : search.fail?.bytes ?? Int.max
    var scaled = Search(limit: limit)
    scaled.record(fullShortSide, bytes: atFullSize, file: nil)
    var smallest = (side: fullShortSide, bytes: atFullSize)
    while true {
      let low = scaled.fit?.key ?? (minimumShortSide - 1)
      let high = scaled.fail?.key ?? fullShortSide
      if high - low <= 1 { break }
      if let fit = scaled.fit, fit.bytes * 100 >= limit * 95 { break }
      try cancellation.check(name: name)
      let next = try sizes.shortSide(
        between: low, high, quality: quality, cancellation: cancellation, name: name)
      try cancellation.check(name: name)
      let size = FittedSize.size(shortSide: next, width: trials.width, height: trials.height)
      let bytes = try trials.encode(width: size.width, height: size.height, quality: quality) + sizes.overhead
      scaled.record(next, bytes: bytes, file: trials.file(0))
      try sizes.calibrate(shortSide: next, quality: quality, measured: bytes)
      if next < smallest.side { smallest = (next, bytes) }
    }
    guard let fit = scaled.fit, let file = scaled.fitFile else {
      let size = FittedSize.size(shortSide: smallest.side, width: trials.width, height: trials.height)
      throw ImageError(
        path: name, kind: .overSizeLimit,
        reason: String(
          format: localized("no JPEG of the meme fits in %@: even %@ × %@ pixels at quality %ld take %@"),
          byteCountText(limit), PixelCount.grouped(size.width), PixelCount.grouped(size.height), quality,
          byteCountText(smallest.bytes)))
    }
    let size = FittedSize.size(shortSide: fit.key, width: trials.width, height: trials.height)
    return FittedImage(
      bytes: Self.file(file, description: description),
      fit: SizeFit(
        limit: limit, requestedFormat: requestedFormat, format: .jpeg(quality: quality), width: size.width,
        height: size.height, originalWidth: trials.width, originalHeight: trials.height, byteCount: fit.bytes,
        encodeCount: earlierEncodes + trials.encodeCount, isNormalExport: false,
        sampleEncodeCount: earlierSamples + trials.sampleEncodeCount))
  }

  /// `count` bytes in words: "1,234 bytes".
  static func byteCountText(_ count: Int) -> String {
    String(format: localizedPlural("%@ byte", "%@ bytes", count), PixelCount.grouped(count))
  }

  /// Where libjpeg puts `quality` on its scale of quantisation: the log of the factor it scales the
  /// standard tables by, negated so it grows with the quality. File sizes are close to a straight
  /// line in it (and not in the quality itself, which steepens near 100).
  static func qualityPosition(_ quality: Int) -> Double {
    let quality = Double(min(max(quality, 1), 100))
    // Quality 100 scales by 0, which libjpeg's smallest quantiser (1) makes about 1.
    let scale = quality < 50 ? 5000 / quality : 200 - 2 * quality
    return -log(max(scale, 1))
  }

  /// The highest quality at or below `position` (the inverse of `qualityPosition`).
  static func qualityFor(_ position: Double) -> Int {
    let scale = exp(-position)
    if scale <= 1 { return 100 }
    let quality = scale <= 100 ? (200 - scale) / 2 : 5000 / scale
    guard quality.isFinite else { return quality > 0 ? 100 : 1 }
    return Int(min(max(quality.rounded(.down), 1), 100))
  }

  /// The JPEG in `jpeg` with the description's XMP put in.
  private static func file(_ jpeg: [UInt8], description: String?) -> [UInt8] {
    jpeg.withUnsafeBytes { file($0, description: description) }
  }

  private static func file(_ jpeg: UnsafeRawBufferPointer, description: String?) -> [UInt8] {
    var sink = ArraySink()
    // An ArraySink never fails.
    try? JPEGMetadata.write(jpeg, description: description, to: &sink)
    return sink.bytes
  }
}
