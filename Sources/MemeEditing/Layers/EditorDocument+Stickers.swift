// SPDX-License-Identifier: GPL-3.0-or-later
import MemeCore

/// Adding stickers and changing what only a sticker has: its mirror image and its opacity.
extension EditorDocument {
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
    let frame = StickerLayer.newFrame(
      pictureWidth: picture.width, pictureHeight: picture.height, stickerWidth: width, stickerHeight: height)
    return addLayer(.sticker(StickerLayer(source: source, frame: frame)))
  }

  /// Mirrors the sticker at `index` left to right, or back (one undo step).
  public func flipSticker(at index: Int) {
    updateSticker(at: index) { $0.isFlipped.toggle() }
  }

  /// Sets the opacity of the sticker at `index`, from 0 to 1: one undo step, or one for every
  /// change sharing `coalescingKey` (a slider dragged from 100 % to 40 %) until `endTyping()`.
  public func setOpacity(_ opacity: Double, ofStickerAt index: Int, coalescingKey: String? = nil) {
    updateSticker(at: index, coalescingKey: coalescingKey) { $0.opacity = min(1, max(0, opacity)) }
  }

  /// The sticker at `index` changed by `change` (one undo step); nothing for another kind.
  private func updateSticker(
    at index: Int, coalescingKey: String? = nil, _ change: (inout StickerLayer) -> Void
  ) {
    guard layers.indices.contains(index), var sticker = layers[index].sticker else { return }
    change(&sticker)
    updateLayer(at: index, to: .sticker(sticker), coalescingKey: coalescingKey)
  }
}
