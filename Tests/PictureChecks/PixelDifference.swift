// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeGraphics
import MemeCore
import PixelCompare

/// How many pixels of `a` and `b` differ at all (their ARGB words), over `rows` or the whole
/// picture; `Int.max` when their sizes differ. The one exact comparison the test targets share,
/// counted by PixelCompare's C kernel so that megapixels stay quick in debug builds.
public func differingPixels(_ a: RasterImage, _ b: RasterImage, rows: Range<Int>? = nil) -> Int {
  guard a.width == b.width, a.height == b.height, a.stride == b.stride else { return Int.max }
  cairo_surface_flush(a.surface)
  cairo_surface_flush(b.surface)
  let rows = rows ?? 0..<a.height
  let (width, height) = (Int32(a.width), Int32(a.height))
  // Threshold and radius 0: a pixel differs when any channel differs.
  let difference = pixel_compare(
    a.pixels, b.pixels, width, height, Int32(a.stride), 0, Int32(rows.lowerBound), width,
    Int32(rows.upperBound), 0, 0)
  return Int(difference.differing)
}
