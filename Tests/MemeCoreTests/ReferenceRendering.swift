import CMemeGraphics
// SPDX-License-Identifier: GPL-3.0-or-later
import PictureFixtures

@testable import MemeCore

/// A layout's captions drawn over `TestPictures.gradient` by `ReferenceCaption`, at the image's size or
/// scaled into a preview, and compared with MemeMe's drawing of the same layout.
struct ReferenceRendering {
  let layout: MemeLayout
  /// The compared surface's size, and its scale from image pixels.
  let width: Int
  let height: Int
  let scale: (x: Double, y: Double)

  /// At the image's own size.
  init(layout: MemeLayout) {
    self.layout = layout
    width = layout.outputWidth
    height = layout.outputHeight
    scale = (1, 1)
  }

  /// Aspect-fit into a view of `previewWidth` × `previewHeight`, as the editor canvas shows it.
  init(layout: MemeLayout, previewWidth: Double, previewHeight: Double) {
    self.layout = layout
    let fit = min(previewWidth / Double(layout.outputWidth), previewHeight / Double(layout.outputHeight))
    width = max(1, Int((Double(layout.outputWidth) * fit).rounded()))
    height = max(1, Int((Double(layout.outputHeight) * fit).rounded()))
    scale = (Double(width) / Double(layout.outputWidth), Double(height) / Double(layout.outputHeight))
  }

  /// The font size, in pixels of the drawing surface, from which Pango's rasterised glyphs are
  /// drawn accurately enough: Cairo 1.16 puts them on whole pixels, an error of up to half a pixel
  /// that is a large part of a glyph a few pixels tall and a small one of a glyph this large.
  static let accurateFontPixels = 48.0
  /// The most pixels a reference is drawn with before it is reduced.
  static let largestReferencePixels = 40_000_000.0

  /// How many reference pixels per image pixel: the compared scale, or more where the captions'
  /// glyphs would be small, and at most `largestReferencePixels`.
  private var referenceScale: Double {
    let fontSizes = CaptionPosition.allCases.map(layout.caption(at:)).filter { !$0.text.isEmpty }.map(
      \.fontSize)
    let wanted = Self.accurateFontPixels / max(0.01, fontSizes.min() ?? Self.accurateFontPixels)
    let affordable = (Self.largestReferencePixels / Double(layout.outputWidth * layout.outputHeight))
      .squareRoot()
    return max(scale.y, min(wanted, affordable))
  }

  /// MemeMe's drawing: the layout drawn on a scaled context, as the editor canvas draws it.
  func drawProduction() -> RasterImage {
    let image = base(width: width, height: height, scale: scale)
    let context = cairo_create(image.surface)!
    cairo_scale(context, scale.x, scale.y)
    layout.draw(on: context)
    cairo_destroy(context)
    return image
  }

  /// Pango's own drawing, made at `referenceScale` and reduced to the compared size with Cairo's
  /// box filter.
  func drawReference() -> RasterImage {
    let factor = referenceScale
    guard factor > scale.y else { return drawReference(width: width, height: height, scale: scale) }
    let large = drawReference(
      width: max(1, Int((Double(layout.outputWidth) * factor).rounded())),
      height: max(1, Int((Double(layout.outputHeight) * factor).rounded())), scale: (factor, factor))
    let reduced = base(width: width, height: height, scale: scale)
    let context = cairo_create(reduced.surface)!
    cairo_scale(context, Double(width) / Double(large.width), Double(height) / Double(large.height))
    cairo_set_source_surface(context, large.surface, 0, 0)
    cairo_pattern_set_filter(cairo_get_source(context), CAIRO_FILTER_GOOD)
    cairo_paint(context)
    cairo_destroy(context)
    cairo_surface_flush(reduced.surface)
    return reduced
  }

  /// What the captions are drawn on: the photo for Classic; for Band and Poster the frame around it
  /// (the texts lie on the frame, and only their areas are compared).
  func base(width: Int, height: Int, scale: (x: Double, y: Double)) -> RasterImage {
    let image = TestPictures.gradient(width: width, height: height)
    guard !layout.frame.isPictureOnly else { return image }
    let context = cairo_create(image.surface)!
    cairo_scale(context, scale.x, scale.y)
    layout.frame.paintSurroundings(on: context)
    cairo_destroy(context)
    cairo_surface_flush(image.surface)
    return image
  }

  private func drawReference(width: Int, height: Int, scale: (x: Double, y: Double)) -> RasterImage {
    let image = base(width: width, height: height, scale: scale)
    let context = cairo_create(image.surface)!
    cairo_scale(context, scale.x, scale.y)
    ReferenceCaption.draw(layout, on: context)
    cairo_destroy(context)
    cairo_surface_flush(image.surface)
    return image
  }

  /// Compares `image` (of the compared size) with the reference.
  func compare(with image: RasterImage) -> CaptionComparison {
    CaptionComparison(image, drawReference(), layout: layout, scale: scale, radius: 1)
  }
}
