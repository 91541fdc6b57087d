// SPDX-License-Identifier: GPL-3.0-or-later
import MemeCore

/// A drag of a comic speech bubble's tail's tip on the canvas: the tip follows the pointer, kept
/// where the bubble's fields may lie (`RelativeRect.allowedOrigins`).
public struct BubbleTailDrag: Sendable {
  /// How near the tip a press takes hold of it, in logical pixels (a finger's reach, as a handle's).
  public static let reach = 14.0

  /// The bubble's index among the layers.
  public let index: Int
  /// The tip where the press found it, in fractions of the picture.
  public let startX: Double
  public let startY: Double
  public let mapping: BoxMapping

  /// A drag of the tail of `layer` (at `index`) when it is a comic bubble whose tip lies within
  /// `reach` of the press at (`x`, `y`) on the canvas; nil otherwise.
  public init?(index: Int, layer: MemeLayer, mapping: BoxMapping, pressX x: Double, y: Double) {
    guard let bubble = layer.speechBubble, !bubble.isReaction, mapping.isUsable else { return nil }
    let tip = mapping.tailTip(of: bubble)
    guard (tip.x - x) * (tip.x - x) + (tip.y - y) * (tip.y - y) <= Self.reach * Self.reach else { return nil }
    self.index = index
    (startX, startY) = (bubble.tailX, bubble.tailY)
    self.mapping = mapping
  }

  /// The tip, in fractions of the picture, once the pointer has moved (`dx`, `dy`) from the press.
  public func tip(movedBy dx: Double, _ dy: Double) -> (x: Double, y: Double) {
    (startX + dx / mapping.pictureRect.width, startY + dy / mapping.pictureRect.height)
  }
}

extension BoxMapping {
  /// Where the tip of a comic bubble's tail lies on the canvas.
  public func tailTip(of bubble: SpeechBubble) -> (x: Double, y: Double) {
    (pictureRect.x + bubble.tailX * pictureRect.width, pictureRect.y + bubble.tailY * pictureRect.height)
  }
}
