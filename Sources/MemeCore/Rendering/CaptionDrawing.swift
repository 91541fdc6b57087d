// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeGraphics

/// A caption ready to draw, in image pixels: the one drawing path behind the editor canvas, every
/// export, thumbnails and the command line.
///
/// It holds only Cairo objects (a path and thread-safe scaled fonts), so the two captions of an
/// export can be drawn on two cores at once, each into its own rows of the image, while the editor
/// draws the same object scaled onto the screen.
final class CaptionDrawing: @unchecked Sendable {
  // Immutable after creation; Cairo only reads a path when appending it.
  /// The glyph outlines, one path per run of glyphs in one font (see `CaptionTracer`).
  private let outlines: [UnsafeMutablePointer<cairo_path_t>]
  private let colorRuns: [ColorGlyphRun]
  let band: ImageRect
  let outlineWidth: Double
  let style: CaptionStyle

  init(
    outlines: [UnsafeMutablePointer<cairo_path_t>], colorRuns: [ColorGlyphRun], band: ImageRect,
    outlineWidth: Double, style: CaptionStyle
  ) {
    self.outlines = outlines
    self.colorRuns = colorRuns
    self.band = band
    self.outlineWidth = outlineWidth
    self.style = style
  }

  deinit {
    for outline in outlines { cairo_path_destroy(outline) }
  }

  /// Draws on `context` (a `cairo_t *`) in image coordinates, clipped to the band: the outline is
  /// stroked first with round joins (miter joins spike on M, W and V), the glyphs are filled on top,
  /// then the colour glyphs are painted in their own colours.
  func draw(on context: OpaquePointer) {
    cairo_save(context)
    cairo_rectangle(context, band.x, band.y, band.width, band.height)
    cairo_clip(context)
    cairo_new_path(context)
    // One stroke for all runs, so a translucent outline is not darker where two runs overlap.
    for outline in outlines { cairo_append_path(context, outline) }
    // Curves flattened to within half a pixel look the same and halve the polygon the wide round
    // stroke turns into (Cairo's default is a tenth of a pixel).
    cairo_set_tolerance(context, 0.5)
    cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
    cairo_set_line_cap(context, CAIRO_LINE_CAP_ROUND)
    cairo_set_line_width(context, outlineWidth)
    setSource(style.outlineColor, on: context)
    cairo_stroke(context)
    // Filling the outline paths gives the same letters as Pango's show_layout without rasterising
    // every glyph into Cairo's glyph cache first, which at export sizes (glyphs a thousand pixels
    // tall) costs more time and memory than the fill itself.
    setSource(style.textColor, on: context)
    for outline in outlines {
      cairo_append_path(context, outline)
      cairo_fill(context)
    }
    for run in colorRuns { run.draw(on: context) }
    cairo_restore(context)
  }

  /// Whether every pixel this caption draws is grey (so it can be drawn on a greyscale JPEG).
  var drawsOnlyGrey: Bool {
    colorRuns.isEmpty && style.textColor.isGrey && style.outlineColor.isGrey
  }

  /// Does ahead what drawing at image size would otherwise do first: renders the colour glyph images
  /// (see `ColorGlyphRun.prerender()`).
  func prerenderColorGlyphs() {
    for run in colorRuns { run.prerender() }
  }

  /// Draws into the rows of `image` that the band covers, through a surface of its own over those
  /// rows, so another thread may draw the other band of the same image at the same time.
  func draw(onRowsOf image: RasterImage) {
    draw(onStrip: image, fromPictureRow: 0, pictureHeight: image.height)
  }

  /// Draws onto `strip`, which holds the rows of a picture `pictureHeight` rows high from
  /// `firstRow` on: the band's rows within the strip, exactly as drawing on the whole picture would
  /// (an export that re-encodes only the rows under the captions draws them this way).
  func draw(onStrip strip: RasterImage, fromPictureRow firstRow: Int, pictureHeight: Int) {
    let span = rows(inPictureHeight: pictureHeight).clamped(to: firstRow..<firstRow + strip.height)
    guard !span.isEmpty else { return }
    let rows = cairo_image_surface_create_for_data(
      strip.pixels + (span.lowerBound - firstRow) * strip.stride, CAIRO_FORMAT_ARGB32, Int32(strip.width),
      Int32(span.count), Int32(strip.stride))
    let context = cairo_create(rows)!
    cairo_translate(context, 0, -Double(span.lowerBound))
    draw(on: context)
    cairo_destroy(context)
    cairo_surface_finish(rows)
    cairo_surface_destroy(rows)
  }

  /// The rows of a picture `pictureHeight` rows high that drawing may change: those the outlines'
  /// stroke reaches (the fill lies inside it), with a margin for antialiasing, within the band.
  /// Colour glyphs are images of their own, so a caption with any claims its whole band.
  func inkRows(inPictureHeight pictureHeight: Int) -> Range<Int> {
    let band = rows(inPictureHeight: pictureHeight)
    guard colorRuns.isEmpty else { return band }
    let scratch = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1)
    let context = cairo_create(scratch)!
    for outline in outlines { cairo_append_path(context, outline) }
    cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
    cairo_set_line_cap(context, CAIRO_LINE_CAP_ROUND)
    cairo_set_line_width(context, outlineWidth)
    var (left, top, right, bottom) = (0.0, 0.0, 0.0, 0.0)
    cairo_stroke_extents(context, &left, &top, &right, &bottom)
    cairo_destroy(context)
    cairo_surface_destroy(scratch)
    guard bottom > top, right > left else { return band.lowerBound..<band.lowerBound }
    // Two rows of margin: the extents are computed at Cairo's default tolerance, drawing at 0.5.
    let first = min(max(band.lowerBound, Int(top.rounded(.down)) - 2), band.upperBound)
    return first..<max(first, min(band.upperBound, Int(bottom.rounded(.up)) + 2))
  }
}

private func setSource(_ color: RGBAColor, on context: OpaquePointer) {
  cairo_set_source_rgba(context, color.red, color.green, color.blue, color.alpha)
}
