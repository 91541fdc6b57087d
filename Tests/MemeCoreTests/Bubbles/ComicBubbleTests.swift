// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import PictureChecks
import Testing

@testable import MemeCore

/// A comic bubble as export draws it, measured from the pixels against a plain description of its
/// shape (an ellipse's equation, a rounded rectangle's corners), not the outline the engine draws:
/// its text stays inside the bubble by its padding, in any script and at any length, and its tail
/// reaches the point it was given.
@Suite struct ComicBubbleTests {
  static let (width, height) = (480, 360)

  static func drawn(_ bubble: SpeechBubble) throws -> RasterImage {
    try #require(
      MemeRenderer.rendered(
        MemeCaptions(top: "", bottom: "", layers: [.bubble(bubble)]), image: try grey()))
  }

  /// A flat grey picture, so every pixel a bubble draws differs from it.
  static func grey() throws -> RasterImage {
    let image = try #require(RasterImage(width: width, height: height, hasAlpha: false))
    image.fill(with: RGBAColor(red: 0.5, green: 0.5, blue: 0.5))
    return image
  }

  /// The pixels where `a` and `b` differ.
  static func changes(_ a: RasterImage, _ b: RasterImage) -> [(x: Int, y: Int)] {
    var changed: [(x: Int, y: Int)] = []
    for y in 0..<a.height {
      for x in 0..<a.width where a.color(atX: x, y: y) != b.color(atX: x, y: y) {
        changed.append((x, y))
      }
    }
    return changed
  }

  /// Whether the pixel centre (x, y) lies inside `bubble`'s body drawn `inset` pixels further in,
  /// the body turned back by its angle first.
  static func liesInside(_ x: Int, _ y: Int, _ bubble: SpeechBubble, inset: Double) -> Bool {
    let place = bubble.frame.pixels(width: width, height: height)
    let (centreX, centreY) = (place.x + place.width / 2, place.y + place.height / 2)
    let radians = -bubble.angle * .pi / 180
    let (dx0, dy0) = (Double(x) + 0.5 - centreX, Double(y) + 0.5 - centreY)
    let dx = dx0 * cos(radians) - dy0 * sin(radians)
    let dy = dx0 * sin(radians) + dy0 * cos(radians)
    let (halfWidth, halfHeight) = (place.width / 2 - inset, place.height / 2 - inset)
    guard halfWidth > 0, halfHeight > 0 else { return false }
    switch bubble.shape {
    case .ellipse:
      return (dx / halfWidth) * (dx / halfWidth) + (dy / halfHeight) * (dy / halfHeight) <= 1
    default:
      guard abs(dx) <= halfWidth, abs(dy) <= halfHeight else { return false }
      // A corner of radius r, drawn `inset` further in, has radius r - inset about the same centre.
      let radius = min(place.width, place.height) * 0.25
      let cornerX = abs(dx) - (place.width / 2 - radius)
      let cornerY = abs(dy) - (place.height / 2 - radius)
      guard cornerX > 0, cornerY > 0 else { return true }
      return (cornerX * cornerX + cornerY * cornerY).squareRoot() <= radius - inset
    }
  }

  static let texts = [
    "Hello there!", "مرحبا بالعالم، كيف حالك اليوم؟", "こんにちは世界 😎🎉",
    "Zwölf Boxkämpfer jagen Viktor quer über den großen Sylter Deich",
  ]

  @Test(arguments: [BubbleShape.ellipse, .rounded], texts)
  func theTextLiesInsideTheBubbleByItsPadding(_ shape: BubbleShape, _ text: String) throws {
    for angle in [0.0, 20] {
      var bubble = SpeechBubble(
        shape: shape, frame: RelativeRect(x: 0.2, y: 0.15, width: 0.55, height: 0.4), angle: angle,
        tailX: 0.1,
        tailY: 0.9, text: text)
      let with = try Self.drawn(bubble)
      bubble.text = ""
      let without = try Self.drawn(bubble)
      let ink = Self.changes(with, without)
      #expect(ink.count > 200, "the text was not drawn")
      let padding = BubbleGeometry.padding(for: bubble.frame.pixels(width: Self.width, height: Self.height))
      // A pixel of antialiasing on the text's edge.
      let outside = ink.filter { !Self.liesInside($0.x, $0.y, bubble, inset: padding - 1) }
      #expect(
        outside.isEmpty, "\(shape), \(angle)°: \(outside.count) ink pixels outside, e.g. \(outside.prefix(3))"
      )
    }
  }

  @Test func longTextShrinksAndNeverOverflows() throws {
    let frame = RelativeRect(x: 0.25, y: 0.2, width: 0.5, height: 0.35)
    let short = SpeechBubble(shape: .ellipse, frame: frame, text: "Short")
    let long = SpeechBubble(
      shape: .ellipse, frame: frame, text: String(repeating: "a very long speech that goes on ", count: 20))
    func layout(_ bubble: SpeechBubble) -> CaptionLayout {
      MemeLayout(
        captions: MemeCaptions(top: "", bottom: "", layers: [.bubble(bubble)]), imageWidth: Self.width,
        imageHeight: Self.height
      ).layers[0]
    }
    #expect(layout(long).fontSize < layout(short).fontSize / 2)
    var empty = long
    empty.text = ""
    let ink = Self.changes(try Self.drawn(long), try Self.drawn(empty))
    #expect(ink.count > 500)
    let padding = BubbleGeometry.padding(for: frame.pixels(width: Self.width, height: Self.height))
    #expect(ink.allSatisfy { Self.liesInside($0.x, $0.y, long, inset: padding - 1) })
  }

  /// The tail's ink reaches the tip that was set, and not past it.
  @Test(arguments: [(0.1, 0.9), (0.9, 0.95), (0.05, 0.05), (0.5, 0.98)])
  func theTailsTipLiesWhereItWasSet(_ tip: (Double, Double)) throws {
    let bubble = SpeechBubble(
      shape: .rounded, frame: RelativeRect(x: 0.35, y: 0.35, width: 0.3, height: 0.25), angle: 10,
      tailX: tip.0,
      tailY: tip.1)
    let ink = Self.changes(try Self.drawn(bubble), try Self.grey())
    let (tipX, tipY) = (tip.0 * Double(Self.width), tip.1 * Double(Self.height))
    let place = bubble.frame.pixels(width: Self.width, height: Self.height)
    let (centreX, centreY) = (place.x + place.width / 2, place.y + place.height / 2)
    let length = ((tipX - centreX) * (tipX - centreX) + (tipY - centreY) * (tipY - centreY)).squareRoot()
    let (unitX, unitY) = ((tipX - centreX) / length, (tipY - centreY) / length)
    // How far along the tail each ink pixel's centre reaches.
    let reach = ink.map { (Double($0.x) + 0.5 - centreX) * unitX + (Double($0.y) + 0.5 - centreY) * unitY }
    let farthest = try #require(reach.max())
    #expect(abs(farthest - length) <= 2, "the tail reaches \(farthest) px of \(length)")
    let nearest = ink.map {
      ((Double($0.x) + 0.5 - tipX) * (Double($0.x) + 0.5 - tipX)
        + (Double($0.y) + 0.5 - tipY) * (Double($0.y) + 0.5 - tipY)).squareRoot()
    }.min()
    #expect(try #require(nearest) <= 2)
  }
}
