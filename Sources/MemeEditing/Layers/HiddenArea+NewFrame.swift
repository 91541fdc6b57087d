// SPDX-License-Identifier: GPL-3.0-or-later
import MemeCore

/// Where the editor places a hidden area it adds: in the middle from the keyboard, or where the
/// pointer drew it.
extension HiddenArea {
  /// A new area's size in the middle of the picture, in fractions of the picture's shorter side:
  /// wider than high, as a line of text or a face in a crowd is, and large enough to take hold of.
  public static let newWidth = 1.0 / 2
  public static let newHeight = 1.0 / 4

  /// The middle of a `pictureWidth` × `pictureHeight` picture, `newWidth` × `newHeight` of its
  /// shorter side.
  public static func newFrame(pictureWidth: Int, pictureHeight: Int) -> RelativeRect {
    let (pictureW, pictureH) = (Double(max(1, pictureWidth)), Double(max(1, pictureHeight)))
    let side = min(pictureW, pictureH)
    let (width, height) = (side * newWidth, side * newHeight)
    return RelativeRect(
      x: (pictureW - width) / 2 / pictureW, y: (pictureH - height) / 2 / pictureH, width: width / pictureW,
      height: height / pictureH)
  }

  /// The frame of the rectangle the pointer drew from (`x0`, `y0`) to (`x1`, `y1`) on the canvas
  /// (either corner first), as `mapping` shows the picture, never smaller than `BoxDrag.minimumSide`
  /// on the screen, and cut at the picture's edges: nothing outside the picture can be hidden.
  public static func drawnFrame(
    fromX x0: Double, y y0: Double, toX x1: Double, y y1: Double, on mapping: BoxMapping
  ) -> RelativeRect {
    let rect = mapping.pictureRect
    let clampX = { (x: Double) in min(max(x, rect.x), rect.x + rect.width) }
    let clampY = { (y: Double) in min(max(y, rect.y), rect.y + rect.height) }
    var (left, right) = (clampX(min(x0, x1)), clampX(max(x0, x1)))
    var (top, bottom) = (clampY(min(y0, y1)), clampY(max(y0, y1)))
    let side = min(BoxDrag.minimumSide, rect.width, rect.height)
    if right - left < side { (left, right) = Self.widened(left, right, to: side, within: rect.x, rect.maxX) }
    if bottom - top < side { (top, bottom) = Self.widened(top, bottom, to: side, within: rect.y, rect.maxY) }
    return RelativeRect(
      x: (left - rect.x) / rect.width, y: (top - rect.y) / rect.height, width: (right - left) / rect.width,
      height: (bottom - top) / rect.height)
  }

  /// `low`…`high` grown about its middle to `length`, kept within `lowest`…`highest`.
  private static func widened(
    _ low: Double, _ high: Double, to length: Double, within lowest: Double, _ highest: Double
  ) -> (Double, Double) {
    let start = min(max((low + high - length) / 2, lowest), highest - length)
    return (start, start + length)
  }
}
