// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeGraphics

/// A caption's outline stroked ahead into an A8 coverage mask over the pixels of its band (of the
/// upright rectangle around it, when it is turned).
///
/// Stroking the wide round-joined outline is most of the cost of drawing a caption at export size.
/// An export strokes it into this mask while the picture is still decoding on the other core, and
/// once the pixels exist only paints the outline colour through the mask. The mask holds the same
/// coverage the stroke would have composited (same path, same clip, same pixel grid: it is placed at
/// whole pixels), so the picture is the one the direct stroke draws, up to rounding.
final class OutlineMask: @unchecked Sendable {
  // Immutable after creation; only read when painting.
  /// A `cairo_surface_t *` of format A8.
  private let surface: OpaquePointer
  /// Where the mask's first pixel lies in the image.
  let x: Int
  let y: Int

  /// Strokes `drawing`'s outline for an image of `imageWidth` × `imageHeight`; `nil` when the band
  /// covers no pixel or the mask cannot be allocated (the caller then strokes directly).
  init?(of drawing: CaptionDrawing, imageWidth: Int, imageHeight: Int) {
    let band = drawing.bounds
    let x0 = max(0, Int(band.x.rounded(.down)))
    let y0 = max(0, Int(band.y.rounded(.down)))
    let x1 = min(imageWidth, Int(band.maxX.rounded(.up)))
    let y1 = min(imageHeight, Int(band.maxY.rounded(.up)))
    guard x1 > x0, y1 > y0, x1 - x0 <= Int(Int32.max), y1 - y0 <= Int(Int32.max) else { return nil }
    let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(x1 - x0), Int32(y1 - y0))!
    guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
      cairo_surface_destroy(surface)
      return nil
    }
    let context = cairo_create(surface)!
    cairo_translate(context, -Double(x0), -Double(y0))
    drawing.clipToBand(context)
    // Full coverage in the mask; the outline colour, alpha included, is applied when painting.
    drawing.strokeOutline(on: context, color: RGBAColor(red: 0, green: 0, blue: 0, alpha: 1))
    cairo_destroy(context)
    cairo_surface_flush(surface)
    self.surface = surface
    x = x0
    y = y0
  }

  deinit {
    cairo_surface_destroy(surface)
  }

  /// Paints `color` through the mask on `context`, whose user space is the image's pixels (an
  /// integer translation of them, so the mask's pixels land on the image's).
  func paint(_ color: RGBAColor, on context: OpaquePointer) {
    cairo_save(context)
    setSource(color, on: context)
    cairo_mask_surface(context, surface, Double(x), Double(y))
    cairo_restore(context)
  }
}
