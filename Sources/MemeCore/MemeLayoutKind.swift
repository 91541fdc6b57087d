// SPDX-License-Identifier: GPL-3.0-or-later

/// How a meme's two texts and its picture are arranged in the output.
///
/// The texts are the same fields in every layout, so switching keeps them, and every layout draws
/// both: Classic as the top and bottom captions on the picture; Band on a band above the picture and
/// (when there is a bottom text) a second band under it; Poster as the title and subtitle below the
/// picture in a black frame. Text boxes are placed on the picture in every layout.
public enum MemeLayoutKind: String, Sendable, Hashable, Codable, CaseIterable {
  case classic, band, poster

  /// The style a meme in this layout starts with: white on a black outline for Classic, black text
  /// on a white band for Band, white text on black for Poster. In Band and Poster the outline colour
  /// is the colour behind the text (the band, the frame): their texts have no outline.
  public var defaultStyle: CaptionStyle {
    switch self {
    case .classic: .classic
    case .band: CaptionStyle(textColor: .black, outlineColor: .white, isUppercase: false)
    case .poster: CaptionStyle(textColor: .white, outlineColor: .black, isUppercase: true)
    }
  }

  /// `style` for this layout after switching from `previous`: colours and case still at `previous`'s
  /// defaults take this layout's; ones the user chose are kept. The font is kept either way.
  public func style(switchingFrom previous: MemeLayoutKind, _ style: CaptionStyle) -> CaptionStyle {
    let old = previous.defaultStyle
    var adapted = style
    if style.textColor == old.textColor, style.outlineColor == old.outlineColor {
      adapted.textColor = defaultStyle.textColor
      adapted.outlineColor = defaultStyle.outlineColor
    }
    if style.isUppercase == old.isUppercase { adapted.isUppercase = defaultStyle.isUppercase }
    return adapted
  }
}
