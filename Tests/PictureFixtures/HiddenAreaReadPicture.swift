// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeGraphics
import MemeCore

/// The picture the hiding checks read: the sunset photo with a line of dark 40-pixel letters on a
/// pale strip across it, and hidden areas over all of them and over their lower half.
public enum HiddenAreaReadPicture {
  /// The letters: 40-pixel DejaVu Sans Bold from x 140, baseline 400, in a 1200 × 800 picture.
  public static let line = "JANE DOE 42 ELM STREET"

  /// Over the whole line of letters, with a margin.
  public static let wholeLine = RelativeRect(x: 120 / 1200, y: 355 / 800, width: 960 / 1200, height: 60 / 800)
  /// Over the lower half of the letters only: their tops show above it.
  public static let lowerHalf = RelativeRect(x: 120 / 1200, y: 384 / 800, width: 960 / 1200, height: 20 / 800)

  public static func make() throws(ImageError) -> RasterImage {
    let url = Fixtures.picture(width: 1200, height: 800, name: "hidden-read-photo.png")
    let photo = try ImageLoader().load(contentsOf: url)
    let context = cairo_create(photo.surface)
    cairo_set_source_rgb(context, 0.95, 0.93, 0.88)
    cairo_rectangle(context, 100, 340, 1000, 90)
    cairo_fill(context)
    cairo_set_source_rgb(context, 0.1, 0.1, 0.12)
    cairo_select_font_face(context, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD)
    cairo_set_font_size(context, 40)
    cairo_move_to(context, 140, 400)
    cairo_show_text(context, line)
    cairo_destroy(context)
    photo.markDirty()
    return photo
  }
}
