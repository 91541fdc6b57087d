// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore

/// What `mememe render` says of a render beside the file: warnings on standard error, and with
/// `--verbose` what `--max-bytes` made of the file, in one line.
enum RenderReport {
  /// A warning for every caption and text box too long to fit, which is cut off.
  static func warnAboutCutCaptions(_ captions: Set<CaptionPosition>, boxes: [Int]) {
    for position in CaptionPosition.allCases.filter(captions.contains) {
      printToStandardError("warning: the \(position) caption is too long to fit and is cut off")
    }
    for index in boxes {
      printToStandardError("warning: --caption #\(index + 1) is too long to fit its box and is cut off")
    }
  }

  /// What a still render says on standard error whether or not `--verbose` is given: a PNG written
  /// as a JPEG elsewhere, a damaged picture, a picture opened smaller than it is.
  static func warnAboutStill(
    _ summary: ExportSummary, written: ImageDestination, input: String, maxPixels: Int
  ) {
    if let fit = summary.fit, fit.formatChanged {
      // Said whether or not --verbose is given: the file is not where, or not what, was asked for.
      let target: String
      if case .file(let url) = written { target = url.path } else { target = written.name }
      printToStandardError(
        "mememe: as PNG the meme is over \(PixelCount.grouped(fit.limit)) bytes; wrote a JPEG to "
          + "\(quoted(target)) instead")
    }
    if let damage = summary.damage {
      // The meme was made, from what could be decoded: say so rather than pass it off as whole.
      printToStandardError(
        "warning: \(quoted(input)): the picture is damaged and parts of it may look wrong (\(damage))")
    }
    if let opened = summary.openedSmaller {
      // The meme was made, smaller than the photo: say so, and which limit made it so.
      printToStandardError(
        "warning: \(quoted(input)): \(opened.message()): the picture is "
          + "\(PixelCount.grouped(opened.fileWidth)) × \(PixelCount.grouped(opened.fileHeight)) pixels, "
          + "over the limit of \(PixelCount.described(maxPixels)) (--max-pixels)")
    }
  }

  /// `--verbose`'s lines: on standard output, unless that carries the image itself.
  static func printVerbose(_ lines: [String], besides destination: ImageDestination) {
    for line in lines {
      if destination == .standardOutput { printToStandardError(line) } else { print(line) }
    }
  }

  /// What --max-bytes made of a still file.
  static func explanation(of fit: SizeFit) -> String {
    var encodes = "\(fit.encodeCount) whole encode\(fit.encodeCount == 1 ? "" : "s")"
    if fit.sampleEncodeCount > 0 {
      encodes += " and \(fit.sampleEncodeCount) sample\(fit.sampleEncodeCount == 1 ? "" : "s") of its rows"
    }
    return explanation(of: fit.fitted, quality: "JPEG quality \(fit.quality ?? 0)", encodes: encodes)
  }

  /// What --max-bytes made of an animated file.
  static func explanation(of fit: AnimationFit) -> String {
    let quality: String
    switch fit.format {
    case .gif: quality = "GIF palette quality \(fit.gifQuality ?? AnimationFit.fullQuality)"
    case .webp(lossless: true, _): quality = "lossless WebP"
    case .webp(lossless: false, let value): quality = "WebP quality \(value)"
    }
    return explanation(
      of: fit.fitted, quality: quality,
      encodes: "\(fit.encodeCount) whole encode\(fit.encodeCount == 1 ? "" : "s")")
  }

  /// The line both kinds of file share: the limit, and what fitted it.
  private static func explanation(of fit: FittedSize, quality: String, encodes: String) -> String {
    let limit = "size limit \(PixelCount.grouped(fit.limit)) bytes"
    let bytes = "\(PixelCount.grouped(fit.byteCount)) bytes (\(fit.shareOfLimit) of the limit)"
    if fit.isNormalExport { return "\(limit): the file fits as it is, \(bytes)" }
    let size =
      "\(fit.width)×\(fit.height)\(fit.isScaled ? " (scaled from \(fit.originalWidth)×\(fit.originalHeight))" : "")"
    return "\(limit): \(quality), \(size), \(bytes), \(encodes) tried"
  }

  /// Says on standard error that a still format got only an animation's first frame (the
  /// picture's, or an animated sticker's).
  static func noteFramesLeftOut(input: String, format: ImageFormat, captions: MemeCaptions) {
    let name = format == .png ? "PNG" : "JPEG"
    guard let info = AnimationReader.info(ofImageAt: URL(fileURLWithPath: input)), info.isAnimated else {
      if captions.hasAnimatedLayers {
        printToStandardError(
          "note: a sticker is animated; a \(name) holds its first frame only: write .gif or .webp for every frame"
        )
      }
      return
    }
    printToStandardError(
      "note: \(quoted(input)) is animated (\(info.frameCount) frames); a \(name) holds its first frame only: "
        + "write .gif or .webp for every frame")
  }
}
