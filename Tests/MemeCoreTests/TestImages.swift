// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeGraphics
import PictureFixtures

@testable import MemeCore

/// Pictures made in code, so tests need no fixture files.
enum TestImages {
  /// A uniformly grey opaque image: any white or black pixel on it was drawn by the renderer.
  static func grey(width: Int, height: Int, level: Double = 0.5) -> RasterImage {
    TestPictures.plain(width: width, height: height, red: level, green: level, blue: level)
  }

  /// Every pixel whose colour differs from `color` by more than `tolerance` in any channel.
  static func changedPixels(
    in image: RasterImage, from color: RGBAColor, tolerance: Double = 0.01,
    where include: (Int, Int) -> Bool = { _, _ in true }
  ) -> [(x: Int, y: Int)] {
    var changed: [(x: Int, y: Int)] = []
    for y in 0..<image.height {
      for x in 0..<image.width where include(x, y) {
        let pixel = image.color(atX: x, y: y)
        if abs(pixel.red - color.red) > tolerance || abs(pixel.green - color.green) > tolerance
          || abs(pixel.blue - color.blue) > tolerance || abs(pixel.alpha - color.alpha) > tolerance
        {
          changed.append((x, y))
        }
      }
    }
    return changed
  }

  static func count(in image: RasterImage, rect: ImageRect, matching predicate: (RGBAColor) -> Bool) -> Int {
    var count = 0
    for y in max(0, Int(rect.y))..<min(image.height, Int(rect.maxY.rounded(.up))) {
      for x in max(0, Int(rect.x))..<min(image.width, Int(rect.maxX.rounded(.up)))
      where predicate(image.color(atX: x, y: y)) {
        count += 1
      }
    }
    return count
  }

  static func isWhite(_ color: RGBAColor) -> Bool {
    color.red > 0.95 && color.green > 0.95 && color.blue > 0.95
  }
  static func isBlack(_ color: RGBAColor) -> Bool {
    color.red < 0.05 && color.green < 0.05 && color.blue < 0.05
  }
}
