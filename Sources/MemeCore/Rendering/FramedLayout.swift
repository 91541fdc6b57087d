// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeGraphics

/// The frame and the texts of a Band or Poster meme for a picture of a given size.
///
/// Each text's area follows the text: it is as tall as the text set at the layout's preferred size
/// (wrapped at words to the area's width) needs, within the limits below; only a text that needs
/// more than the largest area is shrunk, by the same fitting as the classic captions.
///
/// Band: the band above the picture holds the top text; a bottom text, when there is one, has a second
/// band of its own under the picture (the picture stays clean, and the texts keep their reading
/// order). Each band is 10% to 60% of the picture's height, and a whole number of 16-pixel rows (so
/// a JPEG photo's blocks, in MCU rows of 8 or 16 pixels, move down by whole MCU rows under the top
/// one). Its text is set at 6.5% of the picture's width, with half that size above and below it.
///
/// Poster: a black margin of 8% of the picture's width around a white line of 0.4% of it (at least
/// a pixel) around the picture; below, the title (preferred size 11% of the picture's width, its
/// area 5% to 40% of the picture's height) and the subtitle (4.5%; 3% to 30%), centred, then the
/// margin again. An empty text takes no room.
struct FramedLayout {
  let frame: MemeFrame
  let top: CaptionLayout
  let bottom: CaptionLayout

  /// The limits and proportions above, as fractions of the picture's width or height.
  enum Proportions {
    static let bandTextSize = 0.065
    static let bandHeight = 0.10...0.60
    /// The band's height is a multiple of this many rows: the largest MCU a JPEG has.
    static let bandRowMultiple = 16
    static let posterMargin = 0.08
    static let posterBorder = 0.004
    static let titleSize = 0.11
    static let titleHeight = 0.05...0.40
    static let subtitleSize = 0.045
    static let subtitleHeight = 0.03...0.30
  }

  /// `top` and `bottom` are normalised already (the subtitle is never upper-cased).
  init(
    _ kind: MemeLayoutKind, top: String, bottom: String, pictureWidth: Int, pictureHeight: Int,
    font: ResolvedFont, style: CaptionStyle, glyphs: GlyphBudget
  ) {
    switch kind.placement {
    case .onPicture: preconditionFailure("Classic has no frame")
    case .bands:
      self.init(
        band: top, under: bottom, pictureWidth: pictureWidth, pictureHeight: pictureHeight, font: font,
        style: style, glyphs: glyphs)
    case .posterFrame:
      self.init(
        poster: top, subtitle: bottom, pictureWidth: pictureWidth, pictureHeight: pictureHeight,
        font: font, style: style, glyphs: glyphs)
    }
  }

  private init(
    band text: String, under bottomText: String, pictureWidth: Int, pictureHeight: Int, font: ResolvedFont,
    style: CaptionStyle, glyphs: GlyphBudget
  ) {
    let (width, height) = (Double(pictureWidth), Double(pictureHeight))
    let size = max(CaptionGeometry.minimumLegibleFontSize, width * Proportions.bandTextSize)
    let margin = (width * CaptionGeometry.horizontalMargin).rounded()
    let textWidth = max(1, width - 2 * margin)
    let padding = size / 2
    func bandHeight(for text: String) -> Int {
      let needed = Self.inkHeight(of: text, size: size, width: textWidth, font: font) + 2 * padding
      let multiple = Double(Proportions.bandRowMultiple)
      let lowest = max(multiple, height * Proportions.bandHeight.lowerBound)
      let highest = max(lowest, height * Proportions.bandHeight.upperBound)
      return Int((min(max(needed, lowest), highest) / multiple).rounded(.up) * multiple)
    }
    let topHeight = bandHeight(for: text)
    // The bottom text gets a band of its own under the picture, sized as the top one is; an empty
    // bottom text takes no room, so a meme with only a top text is exactly as it always was.
    let bottomHeight = bottomText.isEmpty ? 0 : bandHeight(for: bottomText)
    let bottomY = topHeight + pictureHeight
    frame = MemeFrame(
      layout: .band, width: pictureWidth, height: bottomY + bottomHeight, pictureX: 0, pictureY: topHeight,
      pictureWidth: pictureWidth, pictureHeight: pictureHeight, border: 0, background: style.outlineColor,
      borderColor: style.outlineColor)
    // Less padding in a band kept low by its limit, so the text keeps most of it.
    func area(y: Int, height: Int) -> ImageRect {
      let inset = min(padding, Double(height) / 5)
      return ImageRect(x: margin, y: Double(y) + inset, width: textWidth, height: Double(height) - 2 * inset)
    }
    top = Self.caption(
      text, .top, in: area(y: 0, height: topHeight), size: size, frame: frame, font: font, style: style,
      glyphs: glyphs)
    // With no bottom text, its (empty) area is the line under the picture, where its band will open:
    // the editor's field waits there, at the picture's lower edge.
    bottom = Self.caption(
      bottomText, .bottom, in: area(y: bottomY, height: bottomHeight), size: size, frame: frame, font: font,
      style: style, glyphs: glyphs)
  }

  private init(
    poster title: String, subtitle: String, pictureWidth: Int, pictureHeight: Int, font: ResolvedFont,
    style: CaptionStyle, glyphs: GlyphBudget
  ) {
    let (width, height) = (Double(pictureWidth), Double(pictureHeight))
    let margin = max(4, (width * Proportions.posterMargin).rounded())
    let border = max(1, Int((width * Proportions.posterBorder).rounded()))
    let outputWidth = pictureWidth + 2 * (Int(margin) + border)
    let textWidth = Double(outputWidth) - 2 * margin
    let titleSize = max(CaptionGeometry.minimumLegibleFontSize, width * Proportions.titleSize)
    let subtitleSize = max(CaptionGeometry.minimumLegibleFontSize, width * Proportions.subtitleSize)
    func areaHeight(_ text: String, size: Double, limits: ClosedRange<Double>) -> Int {
      guard !text.isEmpty else { return 0 }
      let needed = Self.inkHeight(of: text, size: size, width: textWidth, font: font)
      return Int(
        min(max(needed, height * limits.lowerBound), max(1, height * limits.upperBound)).rounded(.up))
    }
    let titleHeight = areaHeight(title, size: titleSize, limits: Proportions.titleHeight)
    let subtitleHeight = areaHeight(subtitle, size: subtitleSize, limits: Proportions.subtitleHeight)
    let pictureY = Int(margin) + border
    let titleY = pictureY + pictureHeight + border + Int((margin / 2).rounded())
    let between = titleHeight > 0 && subtitleHeight > 0 ? Int((titleSize / 3).rounded()) : 0
    let subtitleY = titleY + titleHeight + between
    frame = MemeFrame(
      layout: .poster, width: outputWidth, height: subtitleY + subtitleHeight + Int(margin),
      pictureX: pictureY, pictureY: pictureY, pictureWidth: pictureWidth, pictureHeight: pictureHeight,
      border: border, background: style.outlineColor, borderColor: .white)
    top = Self.caption(
      title, .top, in: ImageRect(x: margin, y: Double(titleY), width: textWidth, height: Double(titleHeight)),
      size: titleSize, frame: frame, font: font, style: style, glyphs: glyphs)
    bottom = Self.caption(
      subtitle, .bottom,
      in: ImageRect(x: margin, y: Double(subtitleY), width: textWidth, height: Double(subtitleHeight)),
      size: subtitleSize, frame: frame, font: font, style: style, glyphs: glyphs)
  }

  private static func caption(
    _ text: String, _ position: CaptionPosition, in area: ImageRect, size: Double, frame: MemeFrame,
    font: ResolvedFont, style: CaptionStyle, glyphs: GlyphBudget
  ) -> CaptionLayout {
    CaptionLayout(
      framedText: text, position: position, band: area, largestSize: size, outputWidth: frame.width,
      outputHeight: frame.height, font: font, style: style, glyphs: glyphs)
  }

  /// How tall `text`'s ink is at `size`, wrapped at words to `width` (smaller where a word is wider
  /// than the line); 0 for no text.
  private static func inkHeight(of text: String, size: Double, width: Double, font: ResolvedFont) -> Double {
    guard !text.isEmpty else { return 0 }
    let layout = CaptionLayout.pangoLayout(text, alignment: .center)
    defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
    let fitter = CaptionFitter(
      layout: layout, band: ImageRect(x: 0, y: 0, width: width, height: .infinity), font: font,
      outlineToFontSize: 0)
    // A word wider than the line at `size` is set smaller rather than broken, as the fitting does:
    // the area is as tall as the text at the largest size at which every word fits its line.
    let smallest = min(CaptionGeometry.minimumLegibleFontSize, size)
    if let fitting = fitter.largestFittingSize(in: smallest...size, wrap: PANGO_WRAP_WORD) {
      return fitter.measure(size: fitting, wrap: PANGO_WRAP_WORD).height
    }
    return fitter.measure(size: size, wrap: PANGO_WRAP_WORD_CHAR).height
  }
}
