// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore

/// A text box as the canvas shows it: its centre and unturned size in the canvas's logical pixels,
/// and its turn. The pointer is handled in these terms (in pixels the same on both axes, so a turned
/// box keeps its shape) and the result goes back to the model's fractions through `BoxMapping`.
public struct BoxOnScreen: Equatable, Sendable {
  public var centreX: Double
  public var centreY: Double
  public var width: Double
  public var height: Double
  /// Degrees, clockwise on the screen, about the centre (as `TextBox.angle`).
  public var angle: Double

  public init(centreX: Double, centreY: Double, width: Double, height: Double, angle: Double) {
    self.centreX = centreX
    self.centreY = centreY
    self.width = width
    self.height = height
    self.angle = angle
  }

  private var radians: Double { angle * .pi / 180 }

  /// The canvas point of a point given in the box's own frame: origin at the centre, x along its top
  /// edge, y down its side.
  public func canvasPoint(localX x: Double, y: Double) -> (x: Double, y: Double) {
    let (cosine, sine) = (cos(radians), sin(radians))
    return (centreX + x * cosine - y * sine, centreY + x * sine + y * cosine)
  }

  /// A canvas point in the box's own frame (the inverse of `canvasPoint(localX:y:)`).
  public func localPoint(canvasX x: Double, y: Double) -> (x: Double, y: Double) {
    let (dx, dy) = (x - centreX, y - centreY)
    let (cosine, sine) = (cos(radians), sin(radians))
    return (dx * cosine + dy * sine, -dx * sine + dy * cosine)
  }

  /// The corners on the canvas, clockwise from the top left (of the unturned box).
  public var corners: [(x: Double, y: Double)] {
    [(-1.0, -1.0), (1, -1), (1, 1), (-1, 1)].map {
      canvasPoint(localX: $0.0 * width / 2, y: $0.1 * height / 2)
    }
  }
}

/// Where the picture the boxes are placed on (cut and turned, as the captions are laid out on it)
/// lies on the canvas, and so how a box's fractions of that picture map to canvas pixels.
public struct BoxMapping: Equatable, Sendable {
  /// The picture's rectangle in canvas coordinates (aspect-fit, or zoomed and panned).
  public var pictureRect: ImageRect

  public init(pictureRect: ImageRect) {
    self.pictureRect = pictureRect
  }

  /// Whether boxes can be shown at all (the picture has an area on the canvas).
  public var isUsable: Bool { pictureRect.width > 0 && pictureRect.height > 0 }

  /// `frame` turned by `angle` as the canvas shows it.
  public func onScreen(_ frame: RelativeRect, angle: Double) -> BoxOnScreen {
    let rect = pictureRect
    return BoxOnScreen(
      centreX: rect.x + (frame.x + frame.width / 2) * rect.width,
      centreY: rect.y + (frame.y + frame.height / 2) * rect.height, width: frame.width * rect.width,
      height: frame.height * rect.height, angle: angle.isFinite ? angle : 0)
  }

  public func onScreen(_ box: TextBox) -> BoxOnScreen { onScreen(box.frame, angle: box.angle) }

  public func onScreen(_ layer: MemeLayer) -> BoxOnScreen { onScreen(layer.frame, angle: layer.angle) }

  /// The frame, in fractions of the picture, of a box shown as `shown`, within what the model
  /// allows (a box may reach past the picture, not without end).
  public func frame(of shown: BoxOnScreen) -> RelativeRect {
    let rect = pictureRect
    let width = shown.width / rect.width
    let height = shown.height / rect.height
    var frame = RelativeRect(
      x: (shown.centreX - rect.x) / rect.width - width / 2,
      y: (shown.centreY - rect.y) / rect.height - height / 2,
      width: width, height: height)
    frame = frame.clampedToAllowed
    return frame
  }

  /// The picture's centre on the canvas: where boxes snap to.
  public var pictureCentre: (x: Double, y: Double) {
    (pictureRect.x + pictureRect.width / 2, pictureRect.y + pictureRect.height / 2)
  }
}

extension PreviewPainter {
  /// How boxes map onto a view of `width` × `height`, as this painter draws them: on the picture,
  /// or on the empty sheet before there is one. Nil when there is nothing to place them on.
  public func boxMapping(inWidth width: Double, height: Double) -> BoxMapping? {
    guard let frame = captionFrame(inWidth: width, height: height) else { return nil }
    let mapping = BoxMapping(pictureRect: frame.rect)
    return mapping.isUsable ? mapping : nil
  }
}
