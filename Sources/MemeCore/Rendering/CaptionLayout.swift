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

  /// The caption as drawn, or `nil` for an empty caption.
  let drawing: CaptionDrawing?

  /// A `PangoLayout *` at the reference size, or `nil` for an empty caption. Kept so tests can draw
  /// the same layout with Pango's own functions and compare.
  let layout: OpaquePointer?
  /// Where the layout's origin lands in the image, and the scale from the reference size to the
  /// fitted size.
  let origin: (x: Double, y: Double)
  let scale: Double
  let outlineWidth: Double

  init(
    text: String, position: CaptionPosition, imageWidth: Int, imageHeight: Int, font: ResolvedFont,
    style: CaptionStyle
  ) {
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
      drawing = nil
      return
    }
    let context = PangoContextFactory.makeContext()
    let layout = pango_layout_new(context)!
    g_object_unref(UnsafeMutableRawPointer(context))  // the layout keeps its own reference
    pango_layout_set_text(layout, text, -1)
    pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
    let fitter = CaptionFitter(layout: layout, band: band, font: font)
    let sizes = CaptionGeometry.fontSizeRange(band: band, imageWidth: imageWidth)
    // Words are only broken when one does not fit on its own line even at the smallest size.
    let fit =
      fitter.largestFittingSize(in: sizes, wrap: PANGO_WRAP_WORD)
      ?? fitter.largestFittingSize(in: sizes, wrap: PANGO_WRAP_WORD_CHAR)
    let size = fit ?? sizes.lowerBound
    let ink = fitter.measure(size: size, wrap: fit == nil ? PANGO_WRAP_WORD_CHAR : fitter.lastWrap)
    self.layout = layout
    fontSize = size
    scale = size / CaptionFitter.referenceSize
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
    drawing = CaptionDrawing(
      traced: CaptionTracer.trace(layout: layout, origin: origin, scale: scale), band: band,
      outlineWidth: outlineWidth, style: style)
  }

  /// How many lines the caption wraps onto (0 when empty), so the benchmarks can show that a
  /// "five-line" case really draws five lines at the sizes they measure.
  @_spi(Benchmark) public var lineCount: Int {
    layout.map { Int(pango_layout_get_line_count($0)) } ?? 0
  }

  deinit {
    if let layout { g_object_unref(UnsafeMutableRawPointer(layout)) }
  }
}
