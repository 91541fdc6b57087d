// SPDX-License-Identifier: GPL-3.0-or-later
import MemeCore

/// Adding stickers and changing what only a sticker has: its mirror image and its opacity.
extension EditorDocument {
  /// A new sticker's longer side, as a fraction of the picture's shorter side: large enough to see
  /// and take hold of, small enough to leave the picture's subject in view.
  public static let newStickerSide = 1.0 / 3

  /// The number of stickers on the meme.
  public var stickerCount: Int { layers.count(where: { $0.sticker != nil }) }

  /// Whether one more sticker fits under `StickerLayer.maximumCount`.
  public var canAddSticker: Bool { stickerCount < StickerLayer.maximumCount }

  /// Adds a sticker showing `source`, whose picture is `width` × `height` pixels, in the middle of
  /// the picture with the picture's own proportions, selected (one undo step). Nil without a
  /// picture, or when the meme holds as many stickers as it may.
  @discardableResult
  public func addSticker(_ source: StickerSource, width: Int, height: Int) -> Int? {
    guard let image, canAddSticker else { return nil }
    let picture = transform.outputSize(sourceWidth: image.width, sourceHeight: image.height)
    let frame = Self.newStickerFrame(
      pictureWidth: picture.width, pictureHeight: picture.height, stickerWidth: width, stickerHeight: height)
    return addLayer(.sticker(StickerLayer(source: source, frame: frame)))
  }

  /// The middle of a `pictureWidth` × `pictureHeight` picture, its longer side `newStickerSide` of
  /// the picture's shorter one, as wide for its height as the sticker's picture.
  public static func newStickerFrame(
    pictureWidth: Int, pictureHeight: Int, stickerWidth: Int, stickerHeight: Int
  ) -> RelativeRect {
    let (pictureW, pictureH) = (Double(max(1, pictureWidth)), Double(max(1, pictureHeight)))
    let side = min(pictureW, pictureH) * newStickerSide
    let ratio = Double(max(1, stickerWidth)) / Double(max(1, stickerHeight))
    let (width, height) = ratio >= 1 ? (side, side / ratio) : (side * ratio, side)
    return RelativeRect(
      x: (pictureW - width) / 2 / pictureW, y: (pictureH - height) / 2 / pictureH, width: width / pictureW,
      height: height / pictureH)
  }

  /// Mirrors the sticker at `index` left to right, or back (one undo step).
  public func flipSticker(at index: Int) {
    guard var sticker = stickerLayer(at: index) else { return }
    sticker.isFlipped.toggle()
    updateLayer(at: index, to: .sticker(sticker))
  }

  /// Sets the opacity of the sticker at `index`, from 0 to 1 (one undo step).
  public func setOpacity(_ opacity: Double, ofStickerAt index: Int) {
    guard var sticker = stickerLayer(at: index) else { return }
    sticker.opacity = min(1, max(0, opacity))
    updateLayer(at: index, to: .sticker(sticker))
  }

  private func stickerLayer(at index: Int) -> StickerLayer? {
    layers.indices.contains(index) ? layers[index].sticker : nil
  }
}
