// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeGraphics
import Foundation

/// A speech bubble's outline: closed paths of straight lines and cubic Bézier curves, in output
/// pixels. The same segments are drawn by Cairo (`append(to:)`) and written as an SVG path
/// (`svgPath`, which `mememe render --verbose` prints), so another renderer can draw the very same
/// shape.
public struct BubbleOutline: Sendable, Hashable {
  public struct Point: Sendable, Hashable {
    public var x: Double
    public var y: Double
  }

  public enum Segment: Sendable, Hashable {
    case move(Point)
    case line(Point)
    case curve(Point, Point, Point)
    case close
  }

  public private(set) var segments: [Segment] = []

  /// The path as SVG's path data (`M x y C … Z`), in output pixels with two decimals.
  public var svgPath: String {
    func text(_ point: Point) -> String { String(format: "%.2f %.2f", point.x, point.y) }
    return segments.map { segment in
      switch segment {
      case .move(let point): "M \(text(point))"
      case .line(let point): "L \(text(point))"
      case .curve(let first, let second, let end): "C \(text(first)) \(text(second)) \(text(end))"
      case .close: "Z"
      }
    }.joined(separator: " ")
  }

  /// Adds the path to `context`'s current path (a `cairo_t *`).
  func append(to context: OpaquePointer) {
    for segment in segments {
      switch segment {
      case .move(let point): cairo_move_to(context, point.x, point.y)
      case .line(let point): cairo_line_to(context, point.x, point.y)
      case .curve(let first, let second, let end):
        cairo_curve_to(context, first.x, first.y, second.x, second.y, end.x, end.y)
      case .close: cairo_close_path(context)
      }
    }
  }

  /// The smallest upright rectangle holding every point of the path (the curves lie within their
  /// control points).
  var bounds: ImageRect {
    let points = segments.flatMap { segment -> [Point] in
      switch segment {
      case .move(let point), .line(let point): [point]
      case .curve(let first, let second, let end): [first, second, end]
      case .close: []
      }
    }
    guard let first = points.first else { return ImageRect(x: 0, y: 0, width: 0, height: 0) }
    var (minX, minY, maxX, maxY) = (first.x, first.y, first.x, first.y)
    for point in points {
      (minX, maxX) = (min(minX, point.x), max(maxX, point.x))
      (minY, maxY) = (min(minY, point.y), max(maxY, point.y))
    }
    return ImageRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
  }

  // MARK: Building

  mutating func move(to point: Point) { segments.append(.move(point)) }
  mutating func line(to point: Point) { segments.append(.line(point)) }
  mutating func close() { segments.append(.close) }

  /// The arc of the ellipse centred on `center` with radii `radiusX` and `radiusY` from angle
  /// `start` to `end` (radians, clockwise on the screen from the positive x axis), as cubic
  /// Béziers of at most a quarter turn each, from where the path is (which should be the arc's
  /// start).
  mutating func arc(center: Point, radiusX: Double, radiusY: Double, from start: Double, to end: Double) {
    let pieces = max(1, Int((abs(end - start) / (Double.pi / 2)).rounded(.up)))
    let step = (end - start) / Double(pieces)
    // The control points' distance along the tangent for a Bézier that follows an arc of `step`.
    let handle = 4.0 / 3.0 * tan(step / 4)
    func point(_ angle: Double) -> Point {
      Point(x: center.x + radiusX * cos(angle), y: center.y + radiusY * sin(angle))
    }
    func tangent(_ angle: Double) -> Point { Point(x: -radiusX * sin(angle), y: radiusY * cos(angle)) }
    for piece in 0..<pieces {
      let (from, to) = (start + step * Double(piece), start + step * Double(piece + 1))
      let (a, b) = (point(from), point(to))
      let (ta, tb) = (tangent(from), tangent(to))
      segments.append(
        .curve(
          Point(x: a.x + handle * ta.x, y: a.y + handle * ta.y),
          Point(x: b.x - handle * tb.x, y: b.y - handle * tb.y), b))
    }
  }

  /// Every point moved by `transform`.
  func mapped(_ transform: (Point) -> Point) -> BubbleOutline {
    var mapped = BubbleOutline()
    mapped.segments = segments.map { segment in
      switch segment {
      case .move(let point): .move(transform(point))
      case .line(let point): .line(transform(point))
      case .curve(let first, let second, let end): .curve(transform(first), transform(second), transform(end))
      case .close: .close
      }
    }
    return mapped
  }
}
