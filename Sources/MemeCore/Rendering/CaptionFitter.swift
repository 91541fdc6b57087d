// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeGraphics

/// Measures a layout at candidate sizes and searches for the largest that fits.
///
/// The font stays at `referenceSize`; a candidate size is tried by widening the layout in
/// proportion instead, which wraps exactly as the scaled text would.
final class CaptionFitter {
  static let referenceSize = 128.0
  let layout: OpaquePointer
  let band: ImageRect
  /// The outline's width as a fraction of the font size (0 for the texts of Band and Poster).
  let outlineToFontSize: Double
  private(set) var lastWrap = PANGO_WRAP_WORD

  init(
    layout: OpaquePointer, band: ImageRect, font: ResolvedFont,
    outlineToFontSize: Double = CaptionGeometry.outlineWidthToFontSize
  ) {
    self.layout = layout
    self.band = band
    self.outlineToFontSize = outlineToFontSize
    let description = FontDescription(family: font.family, bold: font.isBold, pixelSize: Self.referenceSize)
    pango_layout_set_font_description(layout, description.pointer)
  }

  /// Bisection on Pango's measurements: about a dozen layouts instead of one per point size.
  func largestFittingSize(in sizes: ClosedRange<Double>, wrap: PangoWrapMode) -> Double? {
    lastWrap = wrap
    guard fits(size: sizes.lowerBound, wrap: wrap) else { return nil }
    if fits(size: sizes.upperBound, wrap: wrap) { return sizes.upperBound }
    var fitting = sizes.lowerBound
    var tooLarge = sizes.upperBound
    // Stop when the bracket is below a hundredth of the smallest size or a thousandth of the
    // range: further steps change nothing visible.
    let precision = max(sizes.lowerBound * 0.01, (tooLarge - fitting) / 1000)
    while tooLarge - fitting > precision {
      let middle = (fitting + tooLarge) / 2
      if fits(size: middle, wrap: wrap) { fitting = middle } else { tooLarge = middle }
    }
    return fitting
  }

  func fits(size: Double, wrap: PangoWrapMode) -> Bool {
    let ink = measure(size: size, wrap: wrap)
    return ink.width <= band.width && ink.height <= band.height
  }

  /// The ink rectangle at `size` in image pixels (relative to the layout's origin), grown by the
  /// half of the outline that lies outside the glyphs. Ink, not logical extents: accents, `$`, `|`
  /// and combining marks reach past the logical box.
  func measure(size: Double, wrap: PangoWrapMode) -> ImageRect {
    let outline: Double = size * outlineToFontSize
    let scale: Double = size / Self.referenceSize
    let pangoUnits = Double(PANGO_SCALE)
    let width: Double = (band.width - outline) / scale * pangoUnits
    pango_layout_set_wrap(layout, wrap)
    // A very wide picture (a 20000-pixel banner) asks for more Pango units than Int32 holds. At least
    // one em wide: a size whose outline alone is wider than the band asks for less than nothing, and
    // Pango 1.50 aborts while wrapping some text (emoji, combining marks) at a width of a few units.
    // Such a size does not fit whatever the width, so the search is not changed by it.
    let oneEm = Self.referenceSize * pangoUnits
    pango_layout_set_width(layout, Int32(min(Double(Int32.max), max(oneEm, width))))
    var ink = PangoRectangle()
    pango_layout_get_extents(layout, &ink, nil)
    let toPixels: Double = scale / pangoUnits
    let x: Double = Double(ink.x) * toPixels
    let y: Double = Double(ink.y) * toPixels
    let inkWidth: Double = Double(ink.width) * toPixels
    let inkHeight: Double = Double(ink.height) * toPixels
    return ImageRect(
      x: x - outline / 2, y: y - outline / 2, width: inkWidth + outline, height: inkHeight + outline)
  }
}
