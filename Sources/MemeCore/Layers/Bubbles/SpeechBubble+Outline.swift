// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The shapes of speech bubbles, in output pixels.
extension SpeechBubble {
  typealias Point = BubbleOutline.Point

  /// Where a reaction bubble's tail starts on its body and where its tip lies, as angles on the body's
  /// ellipse and fractions of the bubble's width and height (before flipping).
  private enum Reaction {
    static let center = (x: 0.5, y: -0.05)
    static let radii = (x: 0.62, y: 0.7)
    static let tailBase = (near: 98.0 * Double.pi / 180, far: 118.0 * Double.pi / 180)
    static let tip = (x: 0.27, y: 1.0)
  }

  /// A reaction bubble's outline over a `pictureWidth` × `pictureHeight` picture whose top left
  /// corner lies at `origin` in the output: an ellipse wider than the picture, cut by its top edge
  /// (its bottom, `isAtBottom`), with a tail pointing into the picture, on the left (the right,
  /// `isFlipped`).
  public func reactionOutline(pictureWidth: Double, pictureHeight: Double, origin: (Double, Double))
    -> BubbleOutline
  {
    let (width, height) = (pictureWidth, pictureHeight * drawnSize)
    var shape = BubbleOutline()
    let center = Point(x: Reaction.center.x * width, y: Reaction.center.y * height)
    let (radiusX, radiusY) = (Reaction.radii.x * width, Reaction.radii.y * height)
    let far = Reaction.tailBase.far
    shape.move(to: Point(x: center.x + radiusX * cos(far), y: center.y + radiusY * sin(far)))
    // Round the far side, over the top, and back down to the tail's near side.
    shape.arc(
      center: center, radiusX: radiusX, radiusY: radiusY, from: far, to: Reaction.tailBase.near + 2 * .pi)
    shape.line(to: Point(x: Reaction.tip.x * width, y: Reaction.tip.y * height))
    shape.close()
    let (flipped, bottom) = (isFlipped, isAtBottom)
    return shape.mapped { point in
      Point(
        x: origin.0 + (flipped ? width - point.x : point.x),
        y: origin.1 + (bottom ? pictureHeight - point.y : point.y))
    }
  }

  /// A comic bubble's place in output pixels, unturned, on a picture of the given size at `origin`.
  func bodyPlace(pictureWidth: Double, pictureHeight: Double, origin: (Double, Double)) -> ImageRect {
    var place = bodyFrame.clampedToAllowed.pixels(width: Int(pictureWidth), height: Int(pictureHeight))
    place.x += origin.0
    place.y += origin.1
    return place
  }

  /// The body's turn in radians (0 for a value that is not a number).
  var drawnRadians: Double {
    bodyAngle.isFinite ? bodyAngle.truncatingRemainder(dividingBy: 360) * .pi / 180 : 0
  }
}

extension SpeechBubble {
  /// The bubble's outline on a `pictureWidth` × `pictureHeight` picture, in its pixels: what
  /// `mememe render --verbose` prints, for another renderer to draw the same shape.
  public func outline(pictureWidth: Int, pictureHeight: Int) -> BubbleOutline {
    let (width, height) = (Double(pictureWidth), Double(pictureHeight))
    guard !isReaction else {
      return reactionOutline(pictureWidth: width, pictureHeight: height, origin: (0, 0))
    }
    let place = bodyPlace(pictureWidth: width, pictureHeight: height, origin: (0, 0))
    return BubbleGeometry.comicOutline(
      shape: shape, place: place, radians: drawnRadians, tip: Point(x: tailX * width, y: tailY * height))
  }
}
