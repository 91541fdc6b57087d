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
    // While another core decodes, this one reads the fonts, lays the captions out for the size the
    // header promises and turns them into paths; after decoding only the filling is left.
    let expectedSize = try? expectedPixelSize(of: input, width: width, loader: loader)
    let early = PreparedCaptions(
      captions, imageWidth: expectedSize?.width ?? 1000, imageHeight: expectedSize?.height ?? 1000)
    let image = try decoding.wait().get()
    let prepared =
      early.fits(image)
      ? early : PreparedCaptions(captions, imageWidth: image.width, imageHeight: image.height)
    prepared.draw(onto: image)
    let layout = prepared.layout
    try ImageWriter.write(image, to: output, as: format)
    return ExportSummary(
      width: image.width, height: image.height, font: layout.font,
      overflowingCaptions: layout.overflowingCaptions)
  }

  /// The size `load(contentsOf:targetWidth:)` will produce, from the header alone.
  private static func expectedPixelSize(of input: URL, width: Int?, loader: ImageLoader) throws(ImageError)
    -> (width: Int, height: Int)
  {
    let full = try loader.pixelSize(ofImageAt: input)
    guard let width, full.width > 0 else { return full }
    // Saturating: `width` comes from the caller unchecked, and any size here only shapes the early layout.
    return (
      width, max(1, Int(saturating: (Double(width) * Double(full.height) / Double(full.width)).rounded()))
    )
  }
}
