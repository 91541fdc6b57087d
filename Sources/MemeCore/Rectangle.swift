// SPDX-License-Identifier: GPL-3.0-or-later

/// A rectangle: its left, top, width and height in `Scalar`s of the space `Space` names. The
/// rectangles MemeMe measures (`RelativeRect` in fractions of a picture, `ImageRect` in image
/// pixels, `PixelRect` in whole pixels) are this one value; each space adds what only it means.
public struct Rectangle<Scalar: Hashable & Sendable & Codable, Space>: Sendable, Hashable, Codable {
  public var x: Scalar
  public var y: Scalar
  public var width: Scalar
  public var height: Scalar

  public init(x: Scalar, y: Scalar, width: Scalar, height: Scalar) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }
}

/// The spaces a `Rectangle` is measured in (types that are only names).
public enum RectangleSpace {
  /// Fractions of a picture's width (x, width) and height (y, height).
  public enum Relative {}
  /// An image's pixel coordinates, in fractions of a pixel.
  public enum Image {}
  /// An image's whole pixels.
  public enum Pixels {}
}
