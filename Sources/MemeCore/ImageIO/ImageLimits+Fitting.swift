// SPDX-License-Identifier: GPL-3.0-or-later

/// A photo over the pixel limit (a 108 or 200 MP phone photo) opens smaller, within the limit,
/// rather than not at all. Only JPEG (scaled by libjpeg's DCT scaling while it decodes) and
/// non-interlaced PNG (averaged down as its rows arrive) can be: neither ever holds the full-size
/// picture. The other formats are still refused above the limit, as they would be decoded whole.
extension ImageLimits {
  /// A picture with more than this many times the limit's pixels is refused even so: however
  /// little memory the scaling takes, decoding it takes time in proportion to its size, and such
  /// headers over tiny bodies are decompression bombs.
  static let largestFittedMultiple = ImageLoader.largestFittedMultiple

  /// Whether a picture of `width` × `height` is over `maxPixels` but can be opened scaled down.
  static func canFit(width: Int, height: Int, maxPixels: Int) -> Bool {
    let pixels = width.multipliedReportingOverflow(by: height)
    let ceiling = maxPixels.multipliedReportingOverflow(by: largestFittedMultiple)
    guard !pixels.overflow, pixels.partialValue > maxPixels else { return false }
    return ceiling.overflow || pixels.partialValue <= ceiling.partialValue
  }

  /// The largest size with the picture's aspect ratio (each side rounded down) that has at most
  /// `maxPixels`: what a PNG over the limit is averaged down to.
  static func fitted(width: Int, height: Int, maxPixels: Int) -> (width: Int, height: Int) {
    guard width * height > maxPixels else { return (width, height) }
    let scale = (Double(maxPixels) / (Double(width) * Double(height))).squareRoot()
    var size = (width: max(1, Int(Double(width) * scale)), height: max(1, Int(Double(height) * scale)))
    // Rounding in the square root can leave a row or a column too many.
    while size.width * size.height > maxPixels, size.width > 1 || size.height > 1 {
      if size.width * height >= size.height * width { size.width -= 1 } else { size.height -= 1 }
      size = (max(1, size.width), max(1, size.height))
    }
    return size
  }
}
