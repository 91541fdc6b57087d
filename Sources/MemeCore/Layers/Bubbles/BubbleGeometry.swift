// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A comic speech bubble's shape in output pixels: its outline, border and where its text goes,
/// from the place of its body.
enum BubbleGeometry {
  typealias Point = BubbleOutline.Point

  /// The width of a comic bubble's border in output pixels, for a body `place`.
  static func borderWidth(for place: ImageRect) -> Double {
    max(1.5, min(place.width, place.height) * 0.025)
  }

  /// How far inside a comic bubble's outline its text stays, in output pixels: the border and a
  /// margin.
  static func padding(for place: ImageRect) -> Double {
    borderWidth(for: place) + min(place.width, place.height) * 0.06
  }

  /// The radius of a rounded bubble's corners.
  static func cornerRadius(for place: ImageRect) -> Double { min(place.width, place.height) * 0.25 }

  /// A comic bubble's outline: its body (a rounded rectangle or an ellipse in `place`, turned about
  /// its centre) and its tail, a triangle from the body's middle to `tip`, turning the same way as
  /// the body so that the two fill as one. The tail's point stops `borderWidth` short of `tip`, so
  /// the border drawn round it ends there.
  static func comicOutline(shape: BubbleShape, place: ImageRect, radians: Double, tip: Point) -> BubbleOutline
  {
    let center = Point(x: place.x + place.width / 2, y: place.y + place.height / 2)
    var body = BubbleOutline()
    if shape == .ellipse {
      let (radiusX, radiusY) = (place.width / 2, place.height / 2)
      body.move(to: Point(x: center.x + radiusX, y: center.y))
      body.arc(center: center, radiusX: radiusX, radiusY: radiusY, from: 0, to: 2 * .pi)
    } else {
      let radius = cornerRadius(for: place)
      let (left, top, right, bottom) = (place.x, place.y, place.x + place.width, place.y + place.height)
      body.move(to: Point(x: left + radius, y: top))
      for (corner, start) in [
        (Point(x: right - radius, y: top + radius), -Double.pi / 2),
        (Point(x: right - radius, y: bottom - radius), 0),
        (Point(x: left + radius, y: bottom - radius), Double.pi / 2),
        (Point(x: left + radius, y: top + radius), Double.pi),
      ] {
        body.line(to: Point(x: corner.x + radius * cos(start), y: corner.y + radius * sin(start)))
        body.arc(center: corner, radiusX: radius, radiusY: radius, from: start, to: start + .pi / 2)
      }
    }
    body.close()
    let (sine, cosine) = (sin(radians), cos(radians))
    var outline = body.mapped { point in
      let (dx, dy) = (point.x - center.x, point.y - center.y)
      return Point(x: center.x + dx * cosine - dy * sine, y: center.y + dx * sine + dy * cosine)
    }
    let (dx, dy) = (tip.x - center.x, tip.y - center.y)
    let length = (dx * dx + dy * dy).squareRoot()
    let border = borderWidth(for: place)
    guard length > border * 2, length.isFinite else { return outline }
    let (unitX, unitY) = (dx / length, dy / length)
    let halfBase = min(place.width, place.height) * 0.12
    let point = Point(x: tip.x - unitX * border, y: tip.y - unitY * border)
    var base = [
      Point(x: center.x - unitY * halfBase, y: center.y + unitX * halfBase),
      Point(x: center.x + unitY * halfBase, y: center.y - unitX * halfBase),
    ]
    // Clockwise on the screen, as the body runs, so that the union fills with no hole.
    let turn =
      (point.x - base[0].x) * (base[1].y - base[0].y) - (point.y - base[0].y) * (base[1].x - base[0].x)
    if turn < 0 { base.reverse() }
    outline.move(to: base[0])
    outline.line(to: point)
    outline.line(to: base[1])
    outline.close()
    return outline
  }

  /// Where a comic bubble's text is fitted, in output pixels, unturned (it turns with the body): the
  /// largest rectangle inside the body's outline drawn `padding` further in.
  static func textPlace(shape: BubbleShape, place: ImageRect) -> ImageRect {
    let padding = padding(for: place)
    let (halfWidth, halfHeight): (Double, Double)
    if shape == .ellipse {
      halfWidth = max(0, place.width / 2 - padding) / 2.0.squareRoot()
      halfHeight = max(0, place.height / 2 - padding) / 2.0.squareRoot()
    } else {
      let corner = cornerRadius(for: place) * (1 - 1 / 2.0.squareRoot())
      halfWidth = max(0, place.width / 2 - padding - corner)
      halfHeight = max(0, place.height / 2 - padding - corner)
    }
    return ImageRect(
      x: place.x + place.width / 2 - halfWidth, y: place.y + place.height / 2 - halfHeight,
      width: 2 * halfWidth, height: 2 * halfHeight)
  }
}
