// SPDX-License-Identifier: GPL-3.0-or-later

/// A whole-pixel rectangle in an image.
public typealias PixelRect = Rectangle<Int, RectangleSpace.Pixels>

extension PixelRect {
  /// Whether the rectangle is non-empty and lies inside a `width` × `height` image.
  public func fits(inWidth imageWidth: Int, height imageHeight: Int) -> Bool {
    width > 0 && height > 0 && x >= 0 && y >= 0 && x <= imageWidth - width && y <= imageHeight - height
  }
}
