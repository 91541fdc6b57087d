// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeGraphics
import DiskTestSupport
import Foundation
import MemeCore

/// Test pictures, drawn with Cairo and written by the engine.
public enum Fixtures {
  public static let folder: URL = {
    let url = ScratchFolder.path("pictures")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }()

  /// Held while a fixture is looked for and written: tests run in parallel, and a second writer of
  /// the same file would change its modification time under a test that reads it (the sticker cache
  /// reads a changed file again) or let a reader see it half written.
  private static let writing = Locked(())

  /// A landscape or portrait "photo": a sky-to-sunset gradient with a sun and hills, written once.
  public static func picture(width: Int, height: Int, format: ImageFormat = .png, name: String) -> URL {
    writing.withLock { _ in
      let url = folder.appendingPathComponent(name)
      if !FileManager.default.fileExists(atPath: url.path) {
        draw(width: width, height: height, format: format, to: url)
      }
      return url
    }
  }

  private static func draw(width: Int, height: Int, format: ImageFormat, to url: URL) {
    let image = RasterImage(width: width, height: height, hasAlpha: false)!
    let context = cairo_create(image.surface)!
    let sky = cairo_pattern_create_linear(0, 0, 0, Double(height))!
    cairo_pattern_add_color_stop_rgb(sky, 0, 0.16, 0.35, 0.75)
    cairo_pattern_add_color_stop_rgb(sky, 0.6, 0.98, 0.62, 0.35)
    cairo_pattern_add_color_stop_rgb(sky, 1, 0.55, 0.2, 0.3)
    cairo_set_source(context, sky)
    cairo_paint(context)
    cairo_pattern_destroy(sky)
    cairo_set_source_rgb(context, 1, 0.9, 0.55)
    cairo_arc(
      context, Double(width) * 0.7, Double(height) * 0.55, Double(min(width, height)) * 0.12, 0, 2 * .pi)
    cairo_fill(context)
    cairo_set_source_rgb(context, 0.12, 0.3, 0.2)
    cairo_move_to(context, 0, Double(height))
    cairo_curve_to(
      context, Double(width) * 0.3, Double(height) * 0.55, Double(width) * 0.6, Double(height) * 0.95,
      Double(width), Double(height) * 0.7)
    cairo_line_to(context, Double(width), Double(height))
    cairo_close_path(context)
    cairo_fill(context)
    cairo_destroy(context)
    image.markDirty()
    try! ImageWriter.write(image, to: url, as: format)
  }

  /// A file named like a JPEG that holds no image.
  public static func broken(name: String = "broken.jpg") -> URL {
    let url = folder.appendingPathComponent(name)
    try! Data("this is not a picture".utf8).write(to: url)
    return url
  }
}
