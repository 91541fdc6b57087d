// SPDX-License-Identifier: GPL-3.0-or-later

/// How a meme's two texts and its picture are arranged in the output.
///
/// The texts are the same fields in every layout, so switching keeps them, and every layout draws
/// both: Classic as the top and bottom captions on the picture; Band on a band above the picture and
/// (when there is a bottom text) a second band under it; Poster as the title and subtitle below the
/// picture in a black frame. Text boxes are placed on the picture in every layout.
///
/// Every decision that differs between layouts is made here, as a switch over the kinds, so a new
/// layout is a compile error in each place it must answer, never a silent default.
public enum MemeLayoutKind: String, Sendable, Hashable, Codable, CaseIterable {
  case classic, band, poster

  /// Where the picture and the texts sit.
  public enum Placement: Sendable, Hashable {
    /// The texts on the picture, which is the output.
    case onPicture
    /// The top text on a band above the picture, the bottom one on a band under it.
    case bands
    /// The picture in a frame, the texts below it as a title and a subtitle.
    case posterFrame
  }

  public var placement: Placement {
    switch self {
    case .classic: .onPicture
    case .band: .bands
    case .poster: .posterFrame
    }
  }

  /// Whether the output is larger than the picture, which then keeps its pixels: the texts are set
  /// around it rather than on it.
  public var drawsAroundPicture: Bool {
    switch placement {
    case .onPicture: false
    case .bands, .posterFrame: true
    }
  }

  /// Whether the layout's own texts (the top and bottom ones) have an outline in the style's outline
  /// colour. Without one, the outline colour is the colour behind them (the band, the frame).
  public var outlinesTexts: Bool {
    switch self {
    case .classic: true
    case .band, .poster: false
    }
  }

  /// The texts the layout draws, in drawing order. Every layout draws both captions, then the
  /// boxes' texts.
  public func drawnTexts(top: String, bottom: String, boxes: [String]) -> [String] {
    switch self {
    case .classic, .band, .poster: [top, bottom] + boxes
    }
  }

  /// The texts in the order a reader meets them (`boxes` already from top to bottom): Classic the top
  /// caption, the boxes on the picture, then the bottom caption; Band the band's text above the
  /// picture, the boxes on it, then the band under it; Poster the boxes on the picture, then the
  /// title and the subtitle below it.
  public func readingOrder(top: String, bottom: String, boxes: [String]) -> [String] {
    switch self {
    case .classic, .band: [top] + boxes + [bottom]
    case .poster: boxes + [top, bottom]
    }
  }

  /// Whether the text at `position` is upper-cased when the style asks for it: the poster's
  /// subtitle is set as typed, below its upper-case title.
  public func uppercases(_ position: CaptionPosition) -> Bool {
    switch (self, position) {
    case (.classic, _), (.band, _), (.poster, .top): true
    case (.poster, .bottom): false
    }
  }

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

  /// The default faces, best first, of the layout's own texts: the meme face for Classic, a plain
  /// sans serif for Band, a classic serif for Poster.
  public var defaultFaces: [(family: String, isBold: Bool)] {
    switch self {
    case .classic: FontResolver.defaultFamilies
    case .band: FontResolver.bandFamilies
    case .poster: FontResolver.posterFamilies
    }
  }

  /// What the JPEG block path keeps of a JPEG photo in this layout.
  public enum JPEGBlockPolicy: Sendable, Hashable {
    /// Every block no text touches, bit for bit.
    case keepPhoto
    /// The photo's blocks, moved down by whole MCU rows under the band drawn above it.
    case photoBelowBand
    /// None: the output is encoded whole, for the reason given.
    case encodeWhole(reason: String)
  }

  public var jpegBlockPolicy: JPEGBlockPolicy {
    switch self {
    case .classic: .keepPhoto
    case .band: .photoBelowBand
    case .poster: .encodeWhole(reason: "the poster's frame is encoded whole")
    }
  }

  /// The name the store keeps the layout under: none for Classic, as every meme kept before layouts.
  public var storedName: String? {
    switch self {
    case .classic: nil
    case .band, .poster: rawValue
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

extension MemeCaptions {
  /// The captions that lie on the picture itself: all of them for a layout that draws on the
  /// picture; only the boxes, on a Classic layout of the picture, for one that sets its texts around
  /// it (the crop preview, the JPEG block path's photo rows).
  public var onPictureOnly: MemeCaptions {
    switch layout.placement {
    case .onPicture: return self
    case .bands, .posterFrame:
      var boxes = self
      (boxes.top, boxes.bottom, boxes.layout) = ("", "", .classic)
      return boxes
    }
  }
}
