// SPDX-License-Identifier: GPL-3.0-or-later
import MemeCore

/// Where the editor places a sticker it adds.
extension StickerLayer {
  /// A new sticker's longer side, as a fraction of the picture's shorter side: large enough to see
  /// and take hold of, small enough to leave the picture's subject in view.
  public static let newSide = 1.0 / 3

  /// The middle of a `pictureWidth` × `pictureHeight` picture, its longer side `newSide` of
  /// the picture's shorter one, as wide for its height as the sticker's picture.
  public static func newFrame(
    pictureWidth: Int, pictureHeight: Int, stickerWidth: Int, stickerHeight: Int
  ) -> RelativeRect {
    let (pictureW, pictureH) = (Double(max(1, pictureWidth)), Double(max(1, pictureHeight)))
    let side = min(pictureW, pictureH) * newSide
    let ratio = Double(max(1, stickerWidth)) / Double(max(1, stickerHeight))
    let (width, height) = ratio >= 1 ? (side, side / ratio) : (side * ratio, side)
    return RelativeRect(
      x: (pictureW - width) / 2 / pictureW, y: (pictureH - height) / 2 / pictureH, width: width / pictureW,
      height: height / pictureH)
  }
}
