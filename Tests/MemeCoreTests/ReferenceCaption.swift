// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeGraphics

@testable import MemeCore

/// Draws a caption the plain way, with Pango's own drawing functions, as the reference the
/// production drawing is compared with: `pango_cairo_layout_path` stroked for the outline and
/// `pango_cairo_show_layout` for the fill, from the layout, size and position the caption chose.
///
/// Colour glyphs (emoji) get no outline in MemeMe, so for captions with them the outline is the
/// path of the other runs only (`pango_cairo_glyph_string_path` run by run, the runs told apart by
/// their font's family name rather than by the colour tables production reads).
enum ReferenceCaption {
  static func draw(_ caption: CaptionLayout, style: CaptionStyle, on context: OpaquePointer) {
    guard let layout = caption.layout else { return }
    cairo_save(context)
    cairo_rectangle(context, caption.band.x, caption.band.y, caption.band.width, caption.band.height)
    cairo_clip(context)
    cairo_save(context)
    cairo_translate(context, caption.origin.x, caption.origin.y)
    cairo_scale(context, caption.scale, caption.scale)
    if hasEmojiRuns(layout) {
      appendPathOfTextRuns(layout, to: context)
    } else {
      pango_cairo_layout_path(context, layout)
    }
    cairo_restore(context)
    cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
    cairo_set_line_cap(context, CAIRO_LINE_CAP_ROUND)
    // The texts of Band and Poster have no outline at all.
    if caption.outlineWidth > 0 {
      cairo_set_line_width(context, caption.outlineWidth)
      setSource(style.outlineColor, on: context)
      cairo_stroke(context)
    }
    cairo_new_path(context)
    cairo_translate(context, caption.origin.x, caption.origin.y)
    cairo_scale(context, caption.scale, caption.scale)
    setSource(style.textColor, on: context)
    pango_cairo_show_layout(context, layout)
    cairo_restore(context)
  }

  /// Draws both captions of `layout`.
  static func draw(_ layout: MemeLayout, on context: OpaquePointer) {
    for position in CaptionPosition.allCases {
      draw(layout.caption(at: position), style: layout.captions.style, on: context)
    }
  }

  private static func isEmojiFont(_ font: UnsafeMutablePointer<PangoFont>) -> Bool {
    let description = pango_font_describe(font)
    defer { pango_font_description_free(description) }
    let family = pango_font_description_get_family(description).map { String(cString: $0) } ?? ""
    return family.localizedCaseInsensitiveContains("emoji")
  }

  private static func forEachRun(
    of layout: OpaquePointer,
    _ body: (UnsafeMutablePointer<PangoFont>, UnsafeMutablePointer<PangoGlyphString>, PangoRectangle, Int32)
      -> Void
  ) {
    let iterator = pango_layout_get_iter(layout)!
    defer { pango_layout_iter_free(iterator) }
    repeat {
      guard let run = pango_layout_iter_get_run_readonly(iterator),
        let font = run.pointee.item.pointee.analysis.font
      else { continue }
      var logical = PangoRectangle()
      pango_layout_iter_get_run_extents(iterator, nil, &logical)
      body(font, run.pointee.glyphs, logical, pango_layout_iter_get_baseline(iterator))
    } while pango_layout_iter_next_run(iterator) != 0
  }

  private static func hasEmojiRuns(_ layout: OpaquePointer) -> Bool {
    var found = false
    forEachRun(of: layout) { font, _, _, _ in found = found || isEmojiFont(font) }
    return found
  }

  private static func appendPathOfTextRuns(_ layout: OpaquePointer, to context: OpaquePointer) {
    forEachRun(of: layout) { font, glyphs, logical, baseline in
      guard !isEmojiFont(font) else { return }
      cairo_move_to(context, Double(logical.x) / Double(PANGO_SCALE), Double(baseline) / Double(PANGO_SCALE))
      pango_cairo_glyph_string_path(context, font, glyphs)
    }
  }

  private static func setSource(_ color: RGBAColor, on context: OpaquePointer) {
    cairo_set_source_rgba(context, color.red, color.green, color.blue, color.alpha)
  }
}
