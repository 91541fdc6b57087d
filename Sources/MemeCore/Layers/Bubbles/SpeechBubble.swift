// SPDX-License-Identifier: GPL-3.0-or-later

/// A speech bubble over the picture, in one of two kinds:
///
/// - the **reaction** bubble lies across the whole width of the top of the picture (or its bottom),
///   `size` of its height, its tail pointing into the picture. It is white, or **cut out** of the
///   picture (`isTransparent`), so a chat's background shows through: the "reaction GIF" look;
/// - the **comic** bubble is a rounded rectangle or an ellipse in its `frame`, turned by `angle`,
///   with a tail whose tip points at the speaker (`tailX`, `tailY`) and the bubble's text fitted
///   inside it by the caption engine, in `style`'s font: the text in its text colour (which also
///   draws the bubble's border), the bubble filled with its outline colour.
public struct SpeechBubble: Sendable, Hashable {
  public var shape: BubbleShape
  /// Where a comic bubble lies, in fractions of the picture (a reaction bubble's place follows from
  /// `size` and `isAtBottom`: see `frame`).
  public var bodyFrame: RelativeRect
  /// Degrees, clockwise on the screen, about the body's centre (a comic bubble).
  public var bodyAngle: Double
  /// Where a comic bubble's tail points, in fractions of the picture.
  public var tailX: Double
  public var tailY: Double
  public var text: String
  /// The text's font and colour; the outline colour fills the bubble.
  public var style: CaptionStyle
  /// A reaction bubble cut out of the picture (transparent) rather than painted white.
  public var isTransparent: Bool
  /// A reaction bubble's tail on the other side.
  public var isFlipped: Bool
  /// A reaction bubble at the bottom of the picture, its tail pointing up.
  public var isAtBottom: Bool
  /// A reaction bubble's height, as a fraction of the picture's (within `sizes`).
  public var size: Double

  public init(
    shape: BubbleShape, frame: RelativeRect = SpeechBubble.defaultComicFrame, angle: Double = 0,
    tailX: Double = 0.3, tailY: Double = 0.85, text: String = "",
    style: CaptionStyle = SpeechBubble.comicStyle,
    isTransparent: Bool = false, isFlipped: Bool = false, isAtBottom: Bool = false,
    size: Double = SpeechBubble.defaultSize
  ) {
    self.shape = shape
    self.bodyFrame = frame
    self.bodyAngle = angle
    self.tailX = tailX
    self.tailY = tailY
    self.text = text
    self.style = style
    self.isTransparent = isTransparent
    self.isFlipped = isFlipped
    self.isAtBottom = isAtBottom
    self.size = size
  }

  /// A reaction bubble across the top, `size` of the picture's height.
  public static func reaction(
    transparent: Bool = false, flipped: Bool = false, atBottom: Bool = false, size: Double = defaultSize
  ) -> SpeechBubble {
    SpeechBubble(
      shape: .reaction, isTransparent: transparent, isFlipped: flipped, isAtBottom: atBottom, size: size)
  }

  /// The reaction bubble's heights, as fractions of the picture's.
  public static let sizes = 0.05...0.6
  public static let defaultSize = 0.2
  /// Where a new comic bubble lies: the upper middle of the picture, its tail below it.
  public static let defaultComicFrame = RelativeRect(x: 0.3, y: 0.08, width: 0.5, height: 0.3)
  /// Black text, no outline, on a white bubble with a black border.
  public static let comicStyle = CaptionStyle(textColor: .black, outlineColor: .white, isUppercase: false)
  /// The most bubbles one meme may hold.
  public static let maximumCount = 50

  /// Whether it is the reaction kind (across the picture's top or bottom, no text).
  public var isReaction: Bool { shape == .reaction }

  /// Whether it is cut out of the picture (a transparent reaction bubble).
  public var cutsOut: Bool { isReaction && isTransparent }

  /// `size` within `sizes` (a damaged store may hold anything).
  public var drawnSize: Double {
    size.isNaN ? Self.defaultSize : min(max(size, Self.sizes.lowerBound), Self.sizes.upperBound)
  }

  /// The style a comic bubble's text takes from the meme's `style`: its font, black on white.
  public static func comicStyle(from style: CaptionStyle) -> CaptionStyle {
    var bubbleStyle = comicStyle
    bubbleStyle.fontFamily = style.fontFamily
    return bubbleStyle
  }
}

/// The outline of a speech bubble's body.
public enum BubbleShape: String, Sendable, Hashable, Codable, CaseIterable {
  /// Across the picture's whole width at its top or bottom (see `SpeechBubble`).
  case reaction
  /// A comic bubble: a rectangle with rounded corners.
  case rounded
  /// A comic bubble: an ellipse.
  case ellipse
}

/// Stored as its fields by name; a field that is missing (or damaged) takes its default, so a
/// damaged row still draws a bubble.
extension SpeechBubble: Codable {
  private enum CodingKeys: String, CodingKey {
    case shape, frame, angle, tailX, tailY, text, style, transparent, flipped, bottom, size
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    func value<T: Decodable>(_ key: CodingKeys, _ fallback: T) -> T {
      ((try? container.decodeIfPresent(T.self, forKey: key)) ?? nil) ?? fallback
    }
    self.init(
      shape: value(.shape, BubbleShape.rounded), frame: value(.frame, Self.defaultComicFrame),
      angle: value(.angle, 0.0), tailX: value(.tailX, 0.3), tailY: value(.tailY, 0.85),
      text: value(.text, ""),
      style: value(.style, Self.comicStyle), isTransparent: value(.transparent, false),
      isFlipped: value(.flipped, false), isAtBottom: value(.bottom, false),
      size: value(.size, Self.defaultSize))
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(shape, forKey: .shape)
    if isReaction {
      try container.encode(isTransparent, forKey: .transparent)
      try container.encode(isFlipped, forKey: .flipped)
      try container.encode(isAtBottom, forKey: .bottom)
      try container.encode(size, forKey: .size)
    } else {
      try container.encode(bodyFrame, forKey: .frame)
      try container.encode(bodyAngle, forKey: .angle)
      try container.encode(tailX, forKey: .tailX)
      try container.encode(tailY, forKey: .tailY)
      try container.encode(text, forKey: .text)
      try container.encode(style, forKey: .style)
    }
  }
}
