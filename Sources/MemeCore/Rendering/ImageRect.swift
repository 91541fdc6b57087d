// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A rectangle in image pixel coordinates.
public typealias ImageRect = Rectangle<Double, RectangleSpace.Image>

extension ImageRect {
  public var maxX: Double { x + width }
  public var maxY: Double { y + height }

  /// Whether `other` lies within this rectangle, allowing `tolerance` for rounding.
  public func contains(_ other: ImageRect, tolerance: Double = 0.01) -> Bool {
    other.x >= x - tolerance && other.y >= y - tolerance && other.maxX <= maxX + tolerance
      && other.maxY <= maxY + tolerance
  }

  public func intersection(_ other: ImageRect) -> ImageRect {
    let left = max(x, other.x)
    let top = max(y, other.y)
    let right = min(maxX, other.maxX)
    let bottom = min(maxY, other.maxY)
    return ImageRect(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
  }
}

extension ImageRect {
  /// The smallest upright rectangle holding this one turned by `radians` about its centre.
  public func turnedBounds(radians: Double) -> ImageRect {
    guard radians != 0 else { return self }
    let (cosine, sine) = (abs(cos(radians)), abs(sin(radians)))
    let turnedWidth = width * cosine + height * sine
    let turnedHeight = width * sine + height * cosine
    let (centreX, centreY) = (x + width / 2, y + height / 2)
    return ImageRect(
      x: centreX - turnedWidth / 2, y: centreY - turnedHeight / 2, width: turnedWidth, height: turnedHeight)
  }
}
