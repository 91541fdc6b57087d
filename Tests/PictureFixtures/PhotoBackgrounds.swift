// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeGraphics
import Foundation
import MemeCore

/// Pictures that stand in for photos under the reading tests' captions: soft blobs of colour (sky,
/// faces, rooms) over a gradient, with fine grain, each from its seed. Some are light, so white
/// letters lie on light ground as they do on real photos.
public enum PhotoBackgrounds {
  public static func photo(width: Int, height: Int, seed: UInt64) -> RasterImage {
    var random = SeededRandom(seed: seed)
    let image = RasterImage(width: width, height: height, hasAlpha: false)!
    let context = cairo_create(image.surface)!
    let (w, h) = (Double(width), Double(height))
    let ground = cairo_pattern_create_linear(0, 0, w * random.unit(), h)!
    cairo_pattern_add_color_stop_rgb(ground, 0, random.unit(), random.unit(), random.unit())
    cairo_pattern_add_color_stop_rgb(ground, 1, random.unit(), random.unit(), random.unit())
    cairo_set_source(context, ground)
    cairo_paint(context)
    cairo_pattern_destroy(ground)
    for _ in 0..<(4 + random.next(below: 6)) {
      let (x, y, radius) = (w * random.unit(), h * random.unit(), max(w, h) * (0.1 + 0.3 * random.unit()))
      let blob = cairo_pattern_create_radial(x, y, 0, x, y, radius)!
      cairo_pattern_add_color_stop_rgba(blob, 0, random.unit(), random.unit(), random.unit(), 0.9)
      cairo_pattern_add_color_stop_rgba(blob, 1, random.unit(), random.unit(), random.unit(), 0)
      cairo_set_source(context, blob)
      cairo_paint(context)
      cairo_pattern_destroy(blob)
    }
    cairo_destroy(context)
    image.flush()
    addGrain(to: image, seed: random.next())
    return image
  }

  /// Brightness noise of a few levels on every pixel, as a camera's sensor leaves.
  private static func addGrain(to image: RasterImage, seed: UInt64) {
    var random = SeededRandom(seed: seed)
    for y in 0..<image.height {
      let row = image.pixels + y * image.stride
      for x in 0..<image.width {
        let grain = Int(random.next() % 13) - 6
        for channel in 0..<3 {
          row[x * 4 + channel] = UInt8(clamping: Int(row[x * 4 + channel]) + grain)
        }
      }
    }
    image.markDirty()
  }
}
