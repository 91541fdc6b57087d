// SPDX-License-Identifier: GPL-3.0-or-later

/// Where captions may go, relative to the image, so a meme looks the same at every size.
public enum CaptionGeometry {
  /// Space kept free at the left and right edges, as a fraction of the image width.
  static let horizontalMargin = 0.04
  /// Space kept free above the top caption and below the bottom one, as a fraction of the height.
  static let verticalMargin = 0.03
  /// The height of a caption's band, margin excluded, as a fraction of the image height: with the
  /// margin a caption claims at most a quarter of the picture.
  static let bandHeight = 0.22
  /// The largest font size, as a fraction of the image width: a one-word caption on a tall image
  /// must not become a wall of letters.
  static let maximumFontSizeToWidth = 0.15
  /// The smallest font size, as a fraction of the band height: below it a caption is unreadable and
  /// is reported as not fitting instead.
  static let minimumFontSizeToBand = 0.1
  /// The smallest font size in pixels, capped by the band's height: on a tiny picture (a 14×25 icon)
  /// a tenth of the band is a fraction of a pixel, and the caption would vanish. Captions are drawn
  /// at least this large and reported as overflowing instead.
  public static let minimumLegibleFontSize = 8.0
  /// The outline's stroke width as a fraction of the font size (half of it shows outside the glyph).
  static let outlineWidthToFontSize = 0.12

  /// The band a caption at `position` owns in an image of the given pixel size.
  public static func band(for position: CaptionPosition, imageWidth: Int, imageHeight: Int) -> ImageRect {
    let width = Double(imageWidth)
    let height = Double(imageHeight)
    let bandHeight = height * Self.bandHeight
    let y =
      switch position {
      case .top: height * verticalMargin
      case .bottom: height * (1 - verticalMargin) - bandHeight
      }
    return ImageRect(
      x: width * horizontalMargin, y: y, width: width * (1 - 2 * horizontalMargin), height: bandHeight)
  }

  /// The band of `position` in fractions of the picture's width and height: the classic caption as a
  /// `TextBox`. In pixels it is the band `band(for:imageWidth:imageHeight:)` gives, up to rounding.
  public static func relativeBand(for position: CaptionPosition) -> RelativeRect {
    let y =
      switch position {
      case .top: verticalMargin
      case .bottom: 1 - verticalMargin - bandHeight
      }
    return RelativeRect(x: horizontalMargin, y: y, width: 1 - 2 * horizontalMargin, height: bandHeight)
  }

  /// The range of font sizes (in pixels) the fitting searches for a caption in `band`.
  static func fontSizeRange(band: ImageRect, imageWidth: Int) -> ClosedRange<Double> {
    // Never taller than the band is wide: on a strip (20×20000) a tenth of the band's height would be
    // letters twenty times wider than the picture.
    let minimum = min(
      max(band.height * minimumFontSizeToBand, min(minimumLegibleFontSize, band.height)), max(band.width, 1))
    let maximum = max(minimum, min(band.height, Double(imageWidth) * maximumFontSizeToWidth))
    return minimum...maximum
  }
}
