// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeGraphics

/// One caption fitted into its band: the largest font size at which its ink, outline included,
/// fits the band, wrapped at word boundaries.
///
/// All geometry is in image pixels. The layout does not depend on the scale it is drawn at
/// (see `PangoContextFactory`), so drawing it through a scaled Cairo context gives the same picture,
/// scaled.
public final class CaptionLayout {
  public let position: CaptionPosition
  /// The text as drawn: normalised and, by default, upper-cased.
  public let text: String
  /// The part of the image this caption owns. Nothing is drawn outside it.
  public let band: ImageRect
  public let fontSize: Double
  /// False when even the smallest font size does not fit the band; the caption is then cut at the
  /// band's edges and the editor warns.
  public let fits: Bool
  /// Where the ink, outline included, lands in the image before clipping to the band.
  public let inkRect: ImageRect

  /// A `PangoLayout *`, or `nil` for an empty caption.
  private let layout: OpaquePointer?
  private let origin: (x: Double, y: Double)
  private let outlineWidth: Double

  init(text: String, position: CaptionPosition, imageWidth: Int, imageHeight: Int, font: ResolvedFont) {
    self.position = position
    self.text = text
    band = CaptionGeometry.band(for: position, imageWidth: imageWidth, imageHeight: imageHeight)
    guard !text.isEmpty, band.width > 0, band.height > 0 else {
      layout = nil
      fontSize = 0
      fits = true
      inkRect = ImageRect(x: band.x + band.width / 2, y: band.y, width: 0, height: 0)
      origin = (0, 0)
      outlineWidth = 0
      return
    }
    let context = PangoContextFactory.makeContext()
    let layout = pango_layout_new(context)!
    g_object_unref(UnsafeMutableRawPointer(context))  // the layout keeps its own reference
    pango_layout_set_text(layout, text, -1)
    pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
    let fitter = Fitter(layout: layout, band: band, font: font)
    let sizes = CaptionGeometry.fontSizeRange(band: band, imageWidth: imageWidth)
    // Words are only broken when one does not fit on its own line even at the smallest size.
    let fit =
      fitter.largestFittingSize(in: sizes, wrap: PANGO_WRAP_WORD)
      ?? fitter.largestFittingSize(in: sizes, wrap: PANGO_WRAP_WORD_CHAR)
    let size = fit ?? sizes.lowerBound
    let ink = fitter.measure(size: size, wrap: fit == nil ? PANGO_WRAP_WORD_CHAR : fitter.lastWrap)
    self.layout = layout
    fontSize = size
    fits = fit != nil
    outlineWidth = size * CaptionGeometry.outlineWidthToFontSize
    // Centre the ink horizontally; hug the band's outer edge vertically.
    let x = band.x + band.width / 2 - (ink.x + ink.width / 2)
    let y =
      switch position {
      case .top: band.y - ink.y
      case .bottom: band.maxY - ink.maxY
      }
    origin = (x, y)
    inkRect = ImageRect(x: ink.x + x, y: ink.y + y, width: ink.width, height: ink.height)
  }

  deinit {
    if let layout { g_object_unref(UnsafeMutableRawPointer(layout)) }
  }

  /// Draws the caption on `context` (a `cairo_t *`) in image coordinates: the outline is stroked
  /// first with round joins (miter joins spike on M, W and V), then the text is filled with
  /// `pango_cairo_show_layout` so colour emoji and fallback fonts appear.
  func draw(on context: OpaquePointer, style: CaptionStyle) {
    guard let layout else { return }
    cairo_save(context)
    cairo_rectangle(context, band.x, band.y, band.width, band.height)
    cairo_clip(context)
    cairo_translate(context, origin.x, origin.y)
    cairo_new_path(context)
    pango_cairo_layout_path(context, layout)
    cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
    cairo_set_line_cap(context, CAIRO_LINE_CAP_ROUND)
    cairo_set_line_width(context, outlineWidth)
    setSource(style.outlineColor, on: context)
    cairo_stroke(context)
    setSource(style.textColor, on: context)
    pango_cairo_show_layout(context, layout)
    cairo_restore(context)
  }

  private func setSource(_ color: RGBAColor, on context: OpaquePointer) {
    cairo_set_source_rgba(context, color.red, color.green, color.blue, color.alpha)
  }
}

/// Measures a layout at candidate sizes and searches for the largest that fits.
private final class Fitter {
  let layout: OpaquePointer
  let band: ImageRect
  let description: FontDescription
  private(set) var lastWrap = PANGO_WRAP_WORD

  init(layout: OpaquePointer, band: ImageRect, font: ResolvedFont) {
    self.layout = layout
    self.band = band
    description = FontDescription(family: font.family, bold: font.isBold, pixelSize: 1)
  }

  /// Bisection on Pango's measurements: about a dozen layouts instead of one per point size.
  func largestFittingSize(in sizes: ClosedRange<Double>, wrap: PangoWrapMode) -> Double? {
    lastWrap = wrap
    guard fits(size: sizes.lowerBound, wrap: wrap) else { return nil }
    if fits(size: sizes.upperBound, wrap: wrap) { return sizes.upperBound }
    var fitting = sizes.lowerBound
    var tooLarge = sizes.upperBound
    // Stop when the bracket is below a hundredth of a pixel at the smallest size or a thousandth
    // of the range: further steps change nothing visible.
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

  /// The ink rectangle at `size`, grown by the half of the outline that lies outside the glyphs.
  /// Ink, not logical extents: accents, `$`, `|` and combining marks reach past the logical box.
  func measure(size: Double, wrap: PangoWrapMode) -> ImageRect {
    let outline = size * CaptionGeometry.outlineWidthToFontSize
    description.setPixelSize(size)
    pango_layout_set_font_description(layout, description.pointer)
    pango_layout_set_wrap(layout, wrap)
    pango_layout_set_width(layout, Int32(max(1, (band.width - outline) * Double(PANGO_SCALE))))
    var ink = PangoRectangle()
    pango_layout_get_extents(layout, &ink, nil)
    let scale = Double(PANGO_SCALE)
    return ImageRect(
      x: Double(ink.x) / scale - outline / 2, y: Double(ink.y) / scale - outline / 2,
      width: Double(ink.width) / scale + outline, height: Double(ink.height) / scale + outline)
  }
}
