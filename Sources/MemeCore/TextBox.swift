// SPDX-License-Identifier: GPL-3.0-or-later

/// A caption placed anywhere on the picture: its text, where it sits, how it is turned, how it looks
/// and how its size is chosen. The classic top and bottom captions are two such boxes in their bands
/// (see `TextBox.classic(_:text:style:)`).
public struct TextBox: Sendable, Hashable, Codable {
  public var text: String
  /// Where the box lies, in fractions of the picture's width and height, so it stays in place when
  /// the picture is cropped, turned or scaled. It may reach past the picture; what lies outside is
  /// cut off.
  public var frame: RelativeRect
  /// How far the box is turned about its centre, in degrees, clockwise on the screen.
  public var angle: Double
  public var style: CaptionStyle
  public var alignment: Alignment
  /// Which edge of the box the text hugs: the top caption hugs the picture's top edge, the bottom
  /// caption its bottom edge, a free box sits in the middle.
  public var anchor: Anchor
  public var fitting: Fitting

  public init(
    text: String, frame: RelativeRect, angle: Double = 0, style: CaptionStyle = .classic,
    alignment: Alignment = .center, anchor: Anchor = .middle, fitting: Fitting = .shrinkToFit
  ) {
    self.text = text
    self.frame = frame
    self.angle = angle
    self.style = style
    self.alignment = alignment
    self.anchor = anchor
    self.fitting = fitting
  }

  /// How the lines of a box line up.
  public enum Alignment: String, Sendable, Hashable, Codable, CaseIterable {
    case left, center, right
  }

  /// Where the text sits between the box's top and bottom edges.
  public enum Anchor: String, Sendable, Hashable, Codable, CaseIterable {
    case top, middle, bottom
  }

  /// How the font size is chosen.
  public enum Fitting: Sendable, Hashable, Codable {
    /// The largest size at which the text, wrapped at words, fits the box (as the classic captions).
    case shrinkToFit
    /// This size, as a fraction of the picture's height (so it survives scaling); text that does not
    /// fit is cut at the box's edges.
    case fixed(heightFraction: Double)
  }

  /// The box a classic caption at `position` is: its band, centred lines hugging the picture's edge,
  /// shrunk to fit.
  public static func classic(_ position: CaptionPosition, text: String, style: CaptionStyle) -> TextBox {
    TextBox(
      text: text, frame: CaptionGeometry.relativeBand(for: position), style: style,
      anchor: position == .top ? .top : .bottom)
  }
}
