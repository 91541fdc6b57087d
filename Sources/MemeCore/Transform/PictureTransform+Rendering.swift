// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeGraphics

extension PictureTransform {
  /// The transformed picture drawn from `source`, at `outputWidth` × `outputHeight` pixels (by default
  /// the transformed size itself, pixel for pixel). `source` may be a smaller copy of a source of
  /// `sourceWidth` × `sourceHeight` pixels (the editor's preview); the crop is always in the full
  /// source's pixels. Nil when out of memory.
  public func render(
    _ source: RasterImage, sourceWidth: Int? = nil, sourceHeight: Int? = nil, outputWidth: Int? = nil,
    outputHeight: Int? = nil
  ) -> RasterImage? {
    let fullWidth = sourceWidth ?? source.width
    let fullHeight = sourceHeight ?? source.height
    let size = outputSize(sourceWidth: fullWidth, sourceHeight: fullHeight)
    let width = outputWidth ?? size.width
    let height = outputHeight ?? size.height
    guard let output = RasterImage(width: width, height: height, hasAlpha: source.hasAlpha) else {
      return nil
    }
    let context = cairo_create(output.surface)!
    defer { cairo_destroy(context) }
    // Output pixels from transformed-picture pixels, from full source pixels, from `source` pixels.
    cairo_scale(context, Double(width) / Double(size.width), Double(height) / Double(size.height))
    let map = matrix(sourceWidth: fullWidth, sourceHeight: fullHeight)
    var cairoMatrix = cairo_matrix_t(xx: map.xx, yx: map.yx, xy: map.xy, yy: map.yy, x0: map.x0, y0: map.y0)
    cairo_transform(context, &cairoMatrix)
    cairo_scale(context, Double(fullWidth) / Double(source.width), Double(fullHeight) / Double(source.height))
    cairo_set_source_surface(context, source.surface, 0, 0)
    // Pixel for pixel, a quarter turn or mirror moves whole pixels (and Pixman has fast paths for
    // it): nearest keeps every pixel exact. Scaled, a good filter; PAD keeps edges from fading.
    let isExact =
      width == size.width && height == size.height && fullWidth == source.width
      && fullHeight == source.height
    cairo_pattern_set_filter(cairo_get_source(context), isExact ? CAIRO_FILTER_NEAREST : CAIRO_FILTER_GOOD)
    cairo_pattern_set_extend(cairo_get_source(context), CAIRO_EXTEND_PAD)
    cairo_set_operator(context, CAIRO_OPERATOR_SOURCE)
    cairo_paint(context)
    cairo_surface_flush(output.surface)
    return output
  }
}
