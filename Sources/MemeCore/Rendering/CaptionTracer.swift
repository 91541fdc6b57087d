// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeGraphics

/// Turns a laid-out caption into what `CaptionDrawing` draws: the outlines of its ordinary glyphs as
/// Cairo paths, one per run of glyphs in one font, and its colour glyphs (emoji) as positioned
/// glyphs of their fonts.
///
/// One path per run because fonts disagree on which way their contours turn (TrueType clockwise,
/// CFF counter-clockwise): filled as one path, an accent from a fallback font that overlaps its
/// letter cancels out where they overlap.
///
/// Colour glyphs are bitmaps: asked for their path, Cairo traces every pixel of the bitmap into a
/// rectangle, and stroking thousands of tiny rectangles takes seconds and draws a staircase. So they
/// get no outline and are painted as images instead.
enum CaptionTracer {
  /// Traces `layout` (a `PangoLayout *`) drawn at `origin` and scaled by `scale` into image pixels.
  ///
  /// Only the runs whose ink reaches into `visible` (in image pixels, before the caption is turned)
  /// are traced: a caption too long for its band is drawn cut off at the band, and stroking the
  /// outlines of the thousands of glyphs beyond it (all of them were, before) took minutes. The
  /// caller grows the band by more than the outline and the antialiasing reach, so leaving those
  /// runs out changes no pixel.
  ///
  /// The glyphs traced are taken from `budget`, the meme's (see `GlyphBudget`): once it is spent,
  /// the rest of the caption is not traced.
  static func trace(
    layout: OpaquePointer, origin: (x: Double, y: Double), scale: Double, visible: ImageRect? = nil,
    budget: GlyphBudget = GlyphBudget()
  ) -> TracedCaption {
    // The path is recorded in user space against an unbounded surface. A bounded one (even a
    // scratch 1×1 image) makes Pango's renderer drop every glyph that falls outside the surface,
    // which silently lost the right of long lines, lower lines and whole bottom captions.
    let recording = cairo_recording_surface_create(CAIRO_CONTENT_ALPHA, nil)
    let context = cairo_create(recording)!
    defer {
      cairo_destroy(context)
      cairo_surface_destroy(recording)
    }
    var traced = TracedCaption()
    let iterator = pango_layout_get_iter(layout)!
    defer { pango_layout_iter_free(iterator) }
    var line: UnsafeMutablePointer<PangoLayoutLine>?
    repeat {
      if let current = pango_layout_iter_get_line_readonly(iterator), current != line {
        line = current
        var ink = PangoRectangle()
        var logical = PangoRectangle()
        pango_layout_iter_get_line_extents(iterator, &ink, &logical)
        traced.lineTops.append(origin.y + scale * pangoPixels(min(ink.y, logical.y)))
      }
      let lineIndex = traced.lineTops.count - 1
      // A line's end has no run.
      guard let run = pango_layout_iter_get_run_readonly(iterator),
        let item = run.pointee.item, let font = item.pointee.analysis.font, let glyphs = run.pointee.glyphs
      else { continue }
      var ink = PangoRectangle()
      var logical = PangoRectangle()
      pango_layout_iter_get_run_extents(iterator, &ink, &logical)
      if let visible, !reaches(ink, into: visible, origin: origin, scale: scale) { continue }
      let wanted = Int(glyphs.pointee.num_glyphs)
      let granted = budget.take(wanted)
      traced.glyphCount += granted
      if granted < wanted { traced.glyphsLeftOut = true }
      guard granted > 0 else { continue }
      let x = pangoPixels(logical.x)
      let baseline = pangoPixels(pango_layout_iter_get_baseline(iterator) - run.pointee.y_offset)
      if ColorFonts.isColor(font) {
        if let colorRun = ColorGlyphRun(
          font: font, glyphs: glyphs, count: granted, x: x, baseline: baseline, origin: origin, scale: scale)
        {
          traced.colorRuns.append(colorRun)
          traced.colorRunLines.append(lineIndex)
        }
      } else {
        cairo_new_path(context)
        cairo_identity_matrix(context)
        cairo_translate(context, origin.x, origin.y)
        cairo_scale(context, scale, scale)
        cairo_move_to(context, x, baseline)
        meme_glyph_string_path_prefix(context, font, glyphs, Int32(granted))
        // Back to image pixels before copying, so the path's coordinates are the image's.
        cairo_identity_matrix(context)
        traced.outlines.append(cairo_copy_path(context))
        traced.outlineLines.append(lineIndex)
      }
    } while pango_layout_iter_next_run(iterator) != 0
    return traced
  }

  /// Whether the run ink rectangle `ink` (Pango units at the reference size, relative to the layout)
  /// overlaps `visible` once placed at `origin` and scaled. An empty ink rectangle (a space) reaches
  /// nowhere.
  private static func reaches(
    _ ink: PangoRectangle, into visible: ImageRect, origin: (x: Double, y: Double), scale: Double
  ) -> Bool {
    guard ink.width > 0, ink.height > 0 else { return false }
    let left = origin.x + scale * pangoPixels(ink.x)
    let top = origin.y + scale * pangoPixels(ink.y)
    let right = left + scale * pangoPixels(ink.width)
    let bottom = top + scale * pangoPixels(ink.height)
    return right >= visible.x && left <= visible.maxX && bottom >= visible.y && top <= visible.maxY
  }
}

/// What `CaptionTracer` makes of a caption, in image pixels, with the line each part belongs to.
struct TracedCaption {
  var outlines: [UnsafeMutablePointer<cairo_path_t>] = []
  /// The line (from 0, top first) of each outline.
  var outlineLines: [Int] = []
  var colorRuns: [ColorGlyphRun] = []
  var colorRunLines: [Int] = []
  /// Where each line's ink or logical box, whichever is higher, begins.
  var lineTops: [Double] = []
  /// The glyphs traced (outlined or painted in colour), taken from the meme's `GlyphBudget`.
  var glyphCount = 0
  /// Whether the budget left out glyphs that would have been traced.
  var glyphsLeftOut = false
}

/// Pango units to (reference-size) pixels.
func pangoPixels(_ units: Int32) -> Double { Double(units) / Double(PANGO_SCALE) }

/// Tells fonts whose glyphs are colour images (CBDT/sbix bitmaps, COLR layers, SVG) from outline fonts.
enum ColorFonts {
  static func isColor(_ font: UnsafeMutablePointer<PangoFont>) -> Bool {
    // The HarfBuzz font belongs to the Pango font; the face to the HarfBuzz font.
    guard let hbFont = pango_font_get_hb_font(font), let face = hb_font_get_face(hbFont) else { return false }
    return hb_ot_color_has_png(face) != 0 || hb_ot_color_has_layers(face) != 0
      || hb_ot_color_has_svg(face) != 0
  }
}

/// Colour glyphs of one run, positioned in image pixels, with the Cairo font that paints them.
/// Cairo's scaled fonts are thread-safe, so any thread may draw the run.
final class ColorGlyphRun: @unchecked Sendable {
  private let font: OpaquePointer
  private let glyphs: [cairo_glyph_t]
  /// From the run's own coordinates (reference-size pixels) to image pixels.
  private let origin: (x: Double, y: Double)
  private let scale: Double

  /// The first `count` glyphs of `glyphString` with the run's origin at (`x`, `baseline`) in the
  /// layout's coordinates, which `origin` and `scale` place in the image; `nil` when the font has no
  /// Cairo font or those glyphs draw nothing.
  init?(
    font: UnsafeMutablePointer<PangoFont>, glyphs glyphString: UnsafeMutablePointer<PangoGlyphString>,
    count: Int, x: Double, baseline: Double, origin: (x: Double, y: Double), scale: Double
  ) {
    // Pango's fonts in a Cairo font map are PangoCairoFonts; the scaled font belongs to the Pango font.
    guard let scaledFont = pango_cairo_font_get_scaled_font(OpaquePointer(font)) else { return nil }
    var glyphs: [cairo_glyph_t] = []
    var advance: Int32 = 0
    let infos = glyphString.pointee.glyphs!
    for index in 0..<min(count, Int(glyphString.pointee.num_glyphs)) {
      let info = infos[index]
      defer { advance += info.geometry.width }
      // Empty glyphs (zero-width joiners, variation selectors) draw nothing.
      guard info.glyph != PANGO_GLYPH_EMPTY, info.glyph & PANGO_GLYPH_UNKNOWN_FLAG == 0 else { continue }
      glyphs.append(
        cairo_glyph_t(
          index: UInt(info.glyph), x: x + pangoPixels(advance + info.geometry.x_offset),
          y: baseline + pangoPixels(info.geometry.y_offset)))
    }
    guard !glyphs.isEmpty else { return nil }
    self.font = cairo_scaled_font_reference(scaledFont)
    self.glyphs = glyphs
    self.origin = origin
    self.scale = scale
  }

  deinit {
    cairo_scaled_font_destroy(font)
  }

  /// Whether `other` paints the same glyphs of the same font at the same places.
  func paintsLike(_ other: ColorGlyphRun) -> Bool {
    font == other.font && origin == other.origin && scale == other.scale
      && glyphs.elementsEqual(other.glyphs) { $0.index == $1.index && $0.x == $1.x && $0.y == $1.y }
  }

  /// Renders the glyph images Cairo will paint at image size, so that `draw(on:)` later only
  /// composites them. An export calls this while the picture decodes on another core: at 48 MP an
  /// emoji is a bitmap scaled up to several hundred pixels, and scaling the glyphs of a caption the
  /// first time cost more than filling all its text.
  ///
  /// The glyphs are shown on a 1×1 image surface under the same scale and scaled font as in
  /// `draw(on:)`, so Cairo keys them to the same scaled font (it ignores the translation) and keeps
  /// the images in that font's glyph cache, which `draw(on:)` then hits. Cairo 1.16 renders a glyph
  /// image once per glyph, whatever its position, so the pixels drawn are the same as without this.
  func prerender() {
    let scratch = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1)
    let context = cairo_create(scratch)!
    defer {
      cairo_destroy(context)
      cairo_surface_destroy(scratch)
    }
    cairo_scale(context, scale, scale)
    cairo_set_scaled_font(context, font)
    for glyph in glyphs {
      var placed = cairo_glyph_t(index: glyph.index, x: 0, y: 0)
      var extents = cairo_text_extents_t()
      cairo_glyph_extents(context, &placed, 1, &extents)
      guard extents.width > 0, extents.height > 0 else { continue }
      // Centred on the scratch pixel: Cairo skips glyphs outside the surface without rendering them.
      placed.x = 0.5 / scale - (extents.x_bearing + extents.width / 2)
      placed.y = 0.5 / scale - (extents.y_bearing + extents.height / 2)
      cairo_show_glyphs(context, &placed, 1)
    }
  }

  /// Paints the glyphs in their own colours on `context`, in image pixel coordinates.
  func draw(on context: OpaquePointer) {
    cairo_save(context)
    cairo_translate(context, origin.x, origin.y)
    cairo_scale(context, scale, scale)
    cairo_set_scaled_font(context, font)
    glyphs.withUnsafeBufferPointer { cairo_show_glyphs(context, $0.baseAddress, Int32($0.count)) }
    cairo_restore(context)
  }
}
