// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeGraphics

/// Whether a face draws lowercase letters as such. Display faces such as Bebas Neue map the lowercase
/// letters to their capitals, so turning "All capitals" off changes nothing there, and the style
/// controls say so.
public enum FontCase {
  private static let cache = Locked<[String: Bool]>([:])

  /// False when `font`'s small letters without ascenders ("acemnorsuvwxz") stand as tall as its
  /// capitals: a real lowercase has an x-height well below the cap height. (Glyph ids do not tell:
  /// such faces often carry the capitals twice, once under the lowercase code points.)
  public static func hasLowercase(_ font: ResolvedFont) -> Bool {
    if let known = cache.withLock({ $0[font.family] }) { return known }
    let lower = extents(of: "acemnorsuvwxz", in: font)
    let upper = extents(of: "ACEMNORSUVWXZ", in: font)
    let has = Double(lower.height) < Double(upper.height) * 0.95
    cache.withLock { $0[font.family] = has }
    return has
  }

  /// The ink extents of `text` laid out in `font`, in Pango units.
  private static func extents(of text: String, in font: ResolvedFont) -> PangoRectangle {
    let context = PangoContextFactory.makeContext()
    let layout = pango_layout_new(context)!
    g_object_unref(UnsafeMutableRawPointer(context))
    defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
    let description = FontDescription(family: font.family, bold: font.isBold, pixelSize: 64)
    pango_layout_set_font_description(layout, description.pointer)
    pango_layout_set_text(layout, text, -1)
    var ink = PangoRectangle()
    pango_layout_get_extents(layout, &ink, nil)
    return ink
  }
}
