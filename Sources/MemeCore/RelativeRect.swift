// SPDX-License-Identifier: GPL-3.0-or-later

/// A rectangle in fractions of a picture's width (x, width) and height (y, height).
public typealias RelativeRect = Rectangle<Double, RectangleSpace.Relative>

extension RelativeRect {
  /// Where a box may start, in fractions of the picture: it may reach past the picture's edges (and
  /// be cut off there), but not without end.
  public static var allowedOrigins: ClosedRange<Double> { -1.0...2.0 }
  /// How large a box may be, in fractions of the picture.
  public static var allowedSizes: ClosedRange<Double> { 0.0...3.0 }

  /// Whether every value is a number within `allowedOrigins` and `allowedSizes`.
  public var isAllowed: Bool {
    Self.allowedOrigins.contains(x) && Self.allowedOrigins.contains(y) && Self.allowedSizes.contains(width)
      && Self.allowedSizes.contains(height)
  }

  /// The nearest allowed rectangle (a value that is not a number becomes 0): what a damaged store's
  /// box is drawn as.
  public var clampedToAllowed: RelativeRect {
    func clamp(_ value: Double, to range: ClosedRange<Double>) -> Double {
      value.isNaN ? 0 : min(max(value, range.lowerBound), range.upperBound)
    }
    return RelativeRect(
      x: clamp(x, to: Self.allowedOrigins), y: clamp(y, to: Self.allowedOrigins),
      width: clamp(width, to: Self.allowedSizes), height: clamp(height, to: Self.allowedSizes))
  }

  /// The rectangle in the pixels of a picture `width` × `height`.
  public func pixels(width: Int, height: Int) -> ImageRect {
    let (pictureWidth, pictureHeight) = (Double(width), Double(height))
    return ImageRect(
      x: pictureWidth * x, y: pictureHeight * y, width: pictureWidth * self.width,
      height: pictureHeight * self.height)
  }
}
