// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeGraphics

/// Makes Pango contexts whose layouts do not depend on the scale they are drawn at.
///
/// Hinting snaps outlines and advances to the device pixel grid, so a caption laid out for a
/// 4000-pixel export would break lines differently from the same caption on a 600-pixel canvas.
/// With hinting off and unrounded glyph positions, one layout in image coordinates draws the same
/// picture at any scale: the preview is the export, scaled.
enum PangoContextFactory {
  /// A new context on this thread's Cairo font map (Pango's default font map is per thread).
  /// The caller owns the returned reference.
  static func makeContext() -> OpaquePointer {
    let context = pango_font_map_create_context(pango_cairo_font_map_get_default())!
    let options = cairo_font_options_create()
    cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
    cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
    pango_cairo_context_set_font_options(context, options)
    cairo_font_options_destroy(options)
    // 72 dpi makes one point one pixel; sizes are set in absolute pixels anyway.
    pango_cairo_context_set_resolution(context, 72)
    pango_context_set_round_glyph_positions(context, 0)
    return context
  }
}

/// An owned PangoFontDescription.
final class FontDescription {
  let pointer: OpaquePointer

  init(family: String, bold: Bool, pixelSize: Double) {
    pointer = pango_font_description_new()
    pango_font_description_set_family(pointer, family)
    pango_font_description_set_weight(pointer, bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL)
    pango_font_description_set_absolute_size(pointer, pixelSize * Double(PANGO_SCALE))
  }

  deinit {
    pango_font_description_free(pointer)
  }
}
