// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeGraphics
import MemeCore

/// Test pictures drawn in memory, for tests that render onto a picture rather than open a file.
public enum TestPictures {
  /// Smooth colour gradients, so a caption drawn over it differs from a reference wherever one of
  /// them blends its edges differently.
  public static func gradient(width: Int, height: Int) -> RasterImage {
    let image = RasterImage(width: width, height: height, hasAlpha: false)!
    let context = cairo_create(image.surface)!
    let linear = cairo_pattern_create_linear(0, 0, Double(width), Double(height))!
    cairo_pattern_add_color_stop_rgb(linear, 0, 0.2, 0.5, 0.8)
    cairo_pattern_add_color_stop_rgb(linear, 0.5, 0.9, 0.6, 0.2)
    cairo_pattern_add_color_stop_rgb(linear, 1, 0.3, 0.7, 0.3)
    cairo_set_source(context, linear)
    cairo_paint(context)
    cairo_pattern_destroy(linear)
    cairo_destroy(context)
    cairo_surface_flush(image.surface)
    return image
  }

  /// One flat colour, as a plain photo of nothing: no shape a text reader could take for a letter.
  public static func plain(
    width: Int, height: Int, red: Double = 0.35, green: Double = 0.43, blue: Double = 0.55
  )
    -> RasterImage
  {
    let image = RasterImage(width: width, height: height, hasAlpha: false)!
    let context = cairo_create(image.surface)!
    cairo_set_source_rgb(context, red, green, blue)
    cairo_paint(context)
    cairo_destroy(context)
    cairo_surface_flush(image.surface)
    return image
  }
}
