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
  ///
  /// With `outline`, the outline stroked ahead into that mask (see `OutlineMask`) is painted
  /// instead of stroking; the mask is already clipped to the band, so it is painted before the clip.
  func draw(on context: OpaquePointer, outline: OutlineMask? = nil) {
    cairo_save(context)
    outline?.paint(style.outlineColor, on: context)
    clipToBand(context)
    cairo_set_tolerance(context, Self.tolerance)
    if outline == nil { strokeOutline(on: context, color: style.outlineColor) }
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

  /// Limits drawing on `context` to the band.
  func clipToBand(_ context: OpaquePointer) {
    cairo_rectangle(context, band.x, band.y, band.width, band.height)
    cairo_clip(context)
  }

  /// Strokes the outline of every run in `color`: the one stroke both `draw(on:outline:)` and
  /// `OutlineMask` make.
  func strokeOutline(on context: OpaquePointer, color: RGBAColor) {
    cairo_new_path(context)
    // One stroke for all runs, so a translucent outline is not darker where two runs overlap.
    for outline in outlines { cairo_append_path(context, outline) }
    cairo_set_tolerance(context, Self.tolerance)
    cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
    cairo_set_line_cap(context, CAIRO_LINE_CAP_ROUND)
    cairo_set_line_width(context, outlineWidth)
    setSource(color, on: context)
    cairo_stroke(context)
  }

  /// Curves flattened to within half a pixel look the same and halve the polygon the wide round
  /// stroke turns into (Cairo's default is a tenth of a pixel). The fill flattens them alike.
  static let tolerance = 0.5

  /// Does ahead what drawing at image size would otherwise do first: renders the colour glyph images
  /// (see `ColorGlyphRun.prerender()`).
  func prerenderColorGlyphs() {
    for run in colorRuns { run.prerender() }
  }

  /// Draws into the rows of `image` that the band covers, through a surface of its own over those
  /// rows, so another thread may draw the other band of the same image at the same time; with
  /// `outline`, from the outline stroked ahead.
  func draw(onRowsOf image: RasterImage, outline: OutlineMask? = nil) {
    let span = rows(in: image)
    let (firstRow, endRow) = (span.lowerBound, span.upperBound)
    guard endRow > firstRow else { return }
    let rows = cairo_image_surface_create_for_data(
      image.pixels + firstRow * image.stride, CAIRO_FORMAT_ARGB32, Int32(image.width),
      Int32(endRow - firstRow), Int32(image.stride))
    let context = cairo_create(rows)!
    cairo_translate(context, 0, -Double(firstRow))
    draw(on: context, outline: outline)
    cairo_destroy(context)
    cairo_surface_finish(rows)
    cairo_surface_destroy(rows)
  }
}

func setSource(_ color: RGBAColor, on context: OpaquePointer) {
  cairo_set_source_rgba(context, color.red, color.green, color.blue, color.alpha)
}
