// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeGraphics

extension PictureTransform {
  /// The transformed picture drawn from `source`, at `outputWidth` × `outputHeight` pixels (by default
  /// the transformed size itself, pixel for pixel). `source` may be a smaller copy of a source of
  /// `sourceWidth` × `sourceHeight` pixels (the editor's preview); the crop is always in the full
  /// source's pixels. `region` (in transformed-picture pixels) draws only that part, as a zoomed
  /// canvas does. `quickly` scales with a plain bilinear filter (several times faster than the good
  /// one, a little less smooth when reducing): a canvas redrawn at every step of a drag. Nil when out
  /// of memory.
  public func render(
    _ source: RasterImage, sourceWidth: Int? = nil, sourceHeight: Int? = nil, region: ImageRect? = nil,
    outputWidth: Int? = nil, outputHeight: Int? = nil, quickly: Bool = false
  ) -> RasterImage? {
    let fullWidth = sourceWidth ?? source.width
    let fullHeight = sourceHeight ?? source.height
    let size = outputSize(sourceWidth: fullWidth, sourceHeight: fullHeight)
    let whole = ImageRect(x: 0, y: 0, width: Double(size.width), height: Double(size.height))
    let region = region ?? whole
    let width = outputWidth ?? max(1, Int(region.width.rounded()))
    let height = outputHeight ?? max(1, Int(region.height.rounded()))
    guard let output = RasterImage(width: width, height: height, hasAlpha: source.hasAlpha) else {
      return nil
    }
    let context = cairo_create(output.surface)!
    defer { cairo_destroy(context) }
    // Output pixels from transformed-picture pixels, from full source pixels, from `source` pixels.
    cairo_scale(context, Double(width) / region.width, Double(height) / region.height)
    cairo_translate(context, -region.x, -region.y)
    let map = matrix(sourceWidth: fullWidth, sourceHeight: fullHeight)
    var cairoMatrix = cairo_matrix_t(xx: map.xx, yx: map.yx, xy: map.xy, yy: map.yy, x0: map.x0, y0: map.y0)
    cairo_transform(context, &cairoMatrix)
    cairo_scale(context, Double(fullWidth) / Double(source.width), Double(fullHeight) / Double(source.height))
    cairo_set_source_surface(context, source.surface, 0, 0)
    // Pixel for pixel, a quarter turn or mirror moves whole pixels (and Pixman has fast paths for
    // it): nearest keeps every pixel exact. Scaled, a good filter; PAD keeps edges from fading.
    let isExact =
      region == whole && width == size.width && height == size.height && fullWidth == source.width
      && fullHeight == source.height
    // Magnified two times or more (a zoomed canvas), pixels are shown as the sharp squares they are.
    let magnification = Double(width) / region.width * Double(fullWidth) / Double(source.width)
    let scaled = quickly ? CAIRO_FILTER_BILINEAR : CAIRO_FILTER_GOOD
    cairo_pattern_set_filter(
      cairo_get_source(context), isExact || magnification >= 2 ? CAIRO_FILTER_NEAREST : scaled)
    cairo_pattern_set_extend(cairo_get_source(context), CAIRO_EXTEND_PAD)
    cairo_set_operator(context, CAIRO_OPERATOR_SOURCE)
    cairo_paint(context)
    cairo_surface_flush(output.surface)
    return output
  }
}
