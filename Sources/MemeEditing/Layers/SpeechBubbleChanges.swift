// SPDX-License-Identifier: GPL-3.0-or-later
import MemeCore

/// The changes the editor's document takes for speech bubbles: adding one of either kind, a
/// reaction bubble's cut-out, side, edge and size, and a comic bubble's shape, tail and style.
/// Moving, resizing, turning, the text, the drawing order and deleting are every layer's (see
/// `EditorDocument+Layers.swift`).
public struct SpeechBubbleChanges {
  unowned let document: EditorDocument

  /// The number of speech bubbles on the meme.
  public var count: Int { document.layers.count(where: { $0.speechBubble != nil }) }

  /// Whether one more bubble fits under `SpeechBubble.maximumCount`.
  public var canAdd: Bool { document.image != nil && count < SpeechBubble.maximumCount }

  /// Adds a reaction bubble across the top of the picture, `SpeechBubble.defaultSize` of its height,
  /// its tail pointing down, selected (one undo step); nil without a picture or when the meme holds
  /// as many bubbles as it may.
  @discardableResult
  public func addReaction() -> Int? {
    guard canAdd else { return nil }
    return document.addLayer(.bubble(.reaction()))
  }

  /// Adds a rounded comic bubble in the upper middle of the picture, its tail's tip below its left
  /// third, in the meme's font (black on white), selected (one undo step); nil as `addReaction`.
  @discardableResult
  public func addComic() -> Int? {
    guard canAdd else { return nil }
    let frame = SpeechBubble.defaultComicFrame
    let bubble = SpeechBubble(
      shape: .rounded, frame: frame, tailX: frame.x + frame.width / 3,
      tailY: min(1, frame.y + frame.height * 1.6),
      style: SpeechBubble.comicStyle(from: document.captions.style))
    return document.addLayer(.bubble(bubble))
  }

  /// Cuts the reaction bubble at `index` out of the picture, or paints it white again.
  public func setTransparent(_ isTransparent: Bool, ofBubbleAt index: Int) {
    updateReaction(at: index) { $0.isTransparent = isTransparent }
  }

  /// Puts the reaction bubble's tail on the other side, or back.
  public func setFlipped(_ isFlipped: Bool, ofBubbleAt index: Int) {
    updateReaction(at: index) { $0.isFlipped = isFlipped }
  }

  /// Puts the reaction bubble at the bottom of the picture (its tail up), or back at the top.
  public func setAtBottom(_ isAtBottom: Bool, ofBubbleAt index: Int) {
    updateReaction(at: index) { $0.isAtBottom = isAtBottom }
  }

  /// Sets the reaction bubble's height as a fraction of the picture's, within `SpeechBubble.sizes`:
  /// one undo step, or one for every change sharing `coalescingKey` (a slider dragged).
  public func setSize(_ size: Double, ofBubbleAt index: Int, coalescingKey: String? = nil) {
    guard size.isFinite else { return }
    let sizes = SpeechBubble.sizes
    updateReaction(at: index, coalescingKey: coalescingKey) {
      $0.size = min(max(size, sizes.lowerBound), sizes.upperBound)
    }
  }

  /// Makes the comic bubble at `index` rounded or an ellipse (one undo step).
  public func setShape(_ shape: BubbleShape, ofBubbleAt index: Int) {
    guard shape != .reaction else { return }
    updateComic(at: index) { $0.shape = shape }
  }

  /// Puts the tip of the comic bubble's tail at (`x`, `y`), in fractions of the picture, kept within
  /// `RelativeRect.allowedOrigins`: one undo step, or one for every change sharing `coalescingKey`
  /// (a drag of the tip, a run of key presses).
  public func moveTail(ofBubbleAt index: Int, toX x: Double, y: Double, coalescingKey: String? = nil) {
    guard x.isFinite, y.isFinite else { return }
    let allowed = RelativeRect.allowedOrigins
    updateComic(at: index, coalescingKey: coalescingKey) {
      $0.tailX = min(max(x, allowed.lowerBound), allowed.upperBound)
      $0.tailY = min(max(y, allowed.lowerBound), allowed.upperBound)
    }
  }

  /// Moves the comic bubble's tail's tip by (`dx`, `dy`), in fractions of the picture. Moves of one
  /// tail in a row make one undo step, as a layer's nudges do.
  public func nudgeTail(ofBubbleAt index: Int, dx: Double, dy: Double) {
    guard let bubble = comic(at: index) else { return }
    moveTail(
      ofBubbleAt: index, toX: bubble.tailX + dx, y: bubble.tailY + dy, coalescingKey: "nudge-tail-\(index)")
  }

  /// Gives the comic bubble at `index` `style`: its font, its text colour (the text and the border)
  /// and its outline colour (the bubble's fill). One undo step.
  public func setStyle(_ style: CaptionStyle, ofBubbleAt index: Int) {
    updateComic(at: index) { $0.style = style }
  }

  /// The comic bubble at `index`, nil for a layer of another kind or a reaction bubble.
  public func comic(at index: Int) -> SpeechBubble? {
    let layers = document.layers
    guard layers.indices.contains(index), let bubble = layers[index].speechBubble, !bubble.isReaction else {
      return nil
    }
    return bubble
  }

  private func updateReaction(
    at index: Int, coalescingKey: String? = nil, _ change: (inout SpeechBubble) -> Void
  ) {
    let layers = document.layers
    guard layers.indices.contains(index), var bubble = layers[index].speechBubble, bubble.isReaction else {
      return
    }
    change(&bubble)
    guard bubble != layers[index].speechBubble else { return }
    document.updateLayer(at: index, to: .bubble(bubble), coalescingKey: coalescingKey)
  }

  private func updateComic(
    at index: Int, coalescingKey: String? = nil, _ change: (inout SpeechBubble) -> Void
  ) {
    guard var bubble = comic(at: index) else { return }
    change(&bubble)
    guard bubble != comic(at: index) else { return }
    document.updateLayer(at: index, to: .bubble(bubble), coalescingKey: coalescingKey)
  }
}
