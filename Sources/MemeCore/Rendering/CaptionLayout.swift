// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeGraphics

/// One caption fitted into its band: the largest font size at which its ink, outline included,
/// fits the band, wrapped at word boundaries.
///
/// All geometry is in image pixels. Pango lays the text out once, at a fixed reference font size,
/// and it is drawn scaled to the fitted size: with hinting off (see `PangoContextFactory`) a layout
/// scales exactly, so the search for a size never makes Pango load a font per candidate size, and
/// the caption is the same picture at every image size.
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

  /// A `PangoLayout *` at the reference size, or `nil` for an empty caption.
  private let layout: OpaquePointer?
  private let origin: (x: Double, y: Double)
  /// From the reference size the layout is made at to the fitted size.
  private let scale: Double
  private let outlineWidth: Double
  /// Colour emoji have no outline path, so text with them is filled with `pango_cairo_show_layout`.
  private let hasColorGlyphs: Bool

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
      scale = 1
      outlineWidth = 0
      hasColorGlyphs = false
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
    hasColorGlyphs = text.unicodeScalars.contains { $0.properties.isEmojiPresentation || $0.value == 0xFE0F }
    fontSize = size
    scale = size / Fitter.referenceSize
    fits = fit != nil
    outlineWidth = size * CaptionGeometry.outlineWidthToFontSize
    // Centre the ink horizontally; hug the band's outer edge vertically.
    let x = band.x + band.width / 2 - (ink.x + ink.width / 2)
    let y: Double =
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
  /// first with round joins (miter joins spike on M, W and V), then the text is filled on top,
  /// with `pango_cairo_show_layout` when colour emoji must appear.
  func draw(on context: OpaquePointer, style: CaptionStyle) {
    guard let layout else { return }
    cairo_save(context)
    cairo_rectangle(context, band.x, band.y, band.width, band.height)
    cairo_clip(context)
    cairo_new_path(context)
    appendPath(to: context)
    setOutlineStroke(on: context, width: outlineWidth, style: style)
    if hasColorGlyphs {
      cairo_stroke(context)
      setSource(style.textColor, on: context)
      cairo_save(context)
      cairo_translate(context, origin.x, origin.y)
      cairo_scale(context, scale, scale)
      pango_cairo_show_layout(context, layout)
      cairo_restore(context)
    } else {
      // The outline path is the glyph path: filling it gives the same letters as show_layout
      // without rasterising every glyph into Cairo's glyph cache first, which at export sizes
      // (glyphs a thousand pixels tall) costs more time and memory than the fill itself.
      cairo_stroke_preserve(context)
      setSource(style.textColor, on: context)
      cairo_fill(context)
    }
    cairo_restore(context)
  }

  /// Adds the glyph outlines to the current path, in the context's current user space.
  private func appendPath(to context: OpaquePointer) {
    guard let layout else { return }
    // Save and restore leave the current path alone and undo only the transformation, so the
    // stroke that follows measures its width in image pixels, not in reference-size units.
    cairo_save(context)
    cairo_translate(context, origin.x, origin.y)
    cairo_scale(context, scale, scale)
    pango_cairo_layout_path(context, layout)
    cairo_restore(context)
  }

  /// The caption as a plain Cairo path in image coordinates, which any thread may draw; `nil` for
  /// an empty caption or one with colour emoji, which only Pango can draw.
  func outlinePath(style: CaptionStyle) -> CaptionPath? {
    guard layout != nil, !hasColorGlyphs else { return nil }
    // A tiny scratch surface: the path is recorded in user space, no pixels are touched.
    let scratch = cairo_image_surface_create(CAIRO_FORMAT_A8, 1, 1)
    let context = cairo_create(scratch)!
    defer {
      cairo_destroy(context)
      cairo_surface_destroy(scratch)
    }
    appendPath(to: context)
    return CaptionPath(path: cairo_copy_path(context), band: band, outlineWidth: outlineWidth, style: style)
  }
}

/// A caption reduced to a Cairo path: only Cairo is needed to draw it, so the two captions of an
/// export can be drawn on two cores at once, each into its own rows of the image.
final class CaptionPath: @unchecked Sendable {
  // Immutable after creation; Cairo only reads the path when appending it.
  private let path: UnsafeMutablePointer<cairo_path_t>
  let band: ImageRect
  let outlineWidth: Double
  let style: CaptionStyle

  init(path: UnsafeMutablePointer<cairo_path_t>, band: ImageRect, outlineWidth: Double, style: CaptionStyle) {
    self.path = path
    self.band = band
    self.outlineWidth = outlineWidth
    self.style = style
  }

  deinit {
    cairo_path_destroy(path)
  }

  /// Draws into the rows of `image` that the band covers, through a surface of its own over those
  /// rows, so another thread may draw the other band of the same image at the same time.
  func draw(onRowsOf image: RasterImage) {
    let span = self.rows(in: image)
    let (firstRow, endRow) = (span.lowerBound, span.upperBound)
    guard endRow > firstRow else { return }
    let rows = cairo_image_surface_create_for_data(
      image.pixels + firstRow * image.stride, CAIRO_FORMAT_ARGB32, Int32(image.width),
      Int32(endRow - firstRow), Int32(image.stride))
    let context = cairo_create(rows)!
    cairo_translate(context, 0, -Double(firstRow))
    cairo_rectangle(context, band.x, band.y, band.width, band.height)
    cairo_clip(context)
    cairo_append_path(context, path)
    setOutlineStroke(on: context, width: outlineWidth, style: style)
    cairo_stroke_preserve(context)
    setSource(style.textColor, on: context)
    cairo_fill(context)
    cairo_destroy(context)
    cairo_surface_finish(rows)
    cairo_surface_destroy(rows)
  }
}

private func setOutlineStroke(on context: OpaquePointer, width: Double, style: CaptionStyle) {
  // Curves flattened to within half a pixel look the same and halve the polygon the wide round
  // stroke turns into (Cairo's default is a tenth of a pixel).
  cairo_set_tolerance(context, 0.5)
  cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
  cairo_set_line_cap(context, CAIRO_LINE_CAP_ROUND)
  cairo_set_line_width(context, width)
  setSource(style.outlineColor, on: context)
}

private func setSource(_ color: RGBAColor, on context: OpaquePointer) {
  cairo_set_source_rgba(context, color.red, color.green, color.blue, color.alpha)
}

/// Measures a layout at candidate sizes and searches for the largest that fits.
///
/// The font stays at `referenceSize`; a candidate size is tried by widening the layout in
/// proportion instead, which wraps exactly as the scaled text would.
private final class Fitter {
  static let referenceSize = 128.0
  let layout: OpaquePointer
  let band: ImageRect
  private(set) var lastWrap = PANGO_WRAP_WORD

  init(layout: OpaquePointer, band: ImageRect, font: ResolvedFont) {
    self.layout = layout
    self.band = band
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
    let outline: Double = size * CaptionGeometry.outlineWidthToFontSize
    let scale: Double = size / Self.referenceSize
    let pangoUnits = Double(PANGO_SCALE)
    let width: Double = (band.width - outline) / scale * pangoUnits
    pango_layout_set_wrap(layout, wrap)
    pango_layout_set_width(layout, Int32(saturating: max(1, width)))
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
