// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// What an export produced, for the caller to report.
public struct ExportSummary: Sendable {
  public let width: Int
  public let height: Int
  public let font: ResolvedFont
  public let overflowingCaptions: Set<CaptionPosition>
}

/// Renders a meme from an image file straight to an image file at the source's resolution.
///
/// The decoded picture is drawn on in place and encoded from the same buffer, so an export holds one
/// full-size copy of the pixels; the text is prepared while the picture decodes, so an export costs
/// little more than decoding and encoding.
public enum MemeExporter {
  /// Decodes `input` (optionally straight to `width` pixels wide), draws `captions` on it and writes
  /// it atomically to `output`. An existing `output` is untouched when anything fails.
  @discardableResult
  public static func export(
    _ captions: MemeCaptions, imageAt input: URL, to output: URL, as format: ImageFormat, width: Int? = nil,
    loader: ImageLoader = ImageLoader()
  ) throws(ImageError) -> ExportSummary {
    let decoding = BackgroundTask { () -> Result<RasterImage, ImageError> in
      Result { () throws(ImageError) in try loader.load(contentsOf: input, targetWidth: width) }
    }
    // While another core decodes, this one reads the fonts and shapes the text at a nominal size,
    // so the real layout after decoding takes a fraction of a millisecond.
    _ = MemeLayout(captions: captions, imageWidth: 1000, imageHeight: 1000)
    let image = try decoding.wait().get()
    let layout = MemeRenderer.render(captions, onto: image)
    try ImageWriter.write(image, to: output, as: format)
    return ExportSummary(
      width: image.width, height: image.height, font: layout.font,
      overflowingCaptions: layout.overflowingCaptions)
  }
}
