// SPDX-License-Identifier: GPL-3.0-or-later

/// A whole-pixel rectangle in an image.
public struct PixelRect: Sendable, Hashable, Codable {
  public var x: Int
  public var y: Int
  public var width: Int
  public var height: Int

  public init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// Whether the rectangle is non-empty and lies inside a `width` × `height` image.
  public func fits(inWidth imageWidth: Int, height imageHeight: Int) -> Bool {
    width > 0 && height > 0 && x >= 0 && y >= 0 && x <= imageWidth - width && y <= imageHeight - height
  }
}
