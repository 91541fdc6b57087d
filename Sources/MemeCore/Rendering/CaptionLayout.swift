// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeGraphics

/// One caption fitted into its band: the largest font size at which its ink, outline included,
/// fits the band, wrapped at word boundaries; or a layer that draws a picture (a sticker, see
/// `init(drawing:place:)`), which `MemeLayout` and the editor handle as they handle a text box.
///
/// All geometry is in image pixels. Pango lays the text out once, at a fixed reference font size,
/// and it is drawn scaled to the fitted size: with hinting off (see `PangoContextFactory`) a layout
/// scales exactly, so the search for a size never makes Pango load a font per candidate size, and
/// the caption is the same picture at every image size.
public final class CaptionLayout {
  /// The classic caption this is, or `nil` for a text box placed anywhere.
  public let position: CaptionPosition?
  /// The text as drawn: normalised and, by default, upper-cased.
  public let text: String
  /// The part of the image this caption owns, before it is turned. Nothing is drawn outside it.
  public let band: ImageRect
  public let fontSize: Double
  /// False when even the smallest font size does not fit the band; the caption is then cut at the
  /// band's edges and the editor warns.
  public let fits: Bool
  /// Where the ink, outline included, lands in the image before clipping to the band.
  public let inkRect: ImageRect
  /// The glyphs traced for drawing, taken from the meme's `GlyphBudget`.
  let tracedGlyphs: Int
  /// Whether the meme's glyph budget ran out in this caption: the glyphs past it are not drawn.
  let glyphsLeftOut: Bool

  /// Whether it changes the picture beneath it rather than drawing over it (a hidden area, a speech
  /// bubble cut out of the picture): such a layer is drawn before the captions, on the picture's own
  /// pixels.
  public var changesPicture: Bool { drawing is HidingDrawing || (drawing as? BubbleDrawing)?.cutsOut == true }
  /// The caption (or picture) as drawn, or `nil` for an empty caption.
  let drawing: (any LayerDrawing)?

  /// A `PangoLayout *` at the reference size, or `nil` for an empty caption. Kept so tests can draw
  /// the same layout with Pango's own functions and compare.
  let layout: OpaquePointer?
  /// Where the layout's origin lands in the image, and the scale from the reference size to the
  /// fitted size.
  let origin: (x: Double, y: Double)
  let scale: Double
  let outlineWidth: Double
  /// The layout whose Pango layout this shares (a comic bubble's text), or nil when `layout` is its
  /// own.
  private var layoutOwner: CaptionLayout? = nil

  /// The classic caption at `position`, fitted into its band.
  convenience init(
    text: String, position: CaptionPosition, imageWidth: Int, imageHeight: Int, font: ResolvedFont,
    style: CaptionStyle, glyphs: GlyphBudget = GlyphBudget()
  ) {
    self.init(
      text: text, position: position,
      band: CaptionGeometry.band(for: position, imageWidth: imageWidth, imageHeight: imageHeight),
      placement: Placement(anchor: position == .top ? .top : .bottom), imageWidth: imageWidth,
      imageHeight: imageHeight, font: font, style: style, glyphs: glyphs)
  }

  /// `box`, whose text is already normalised, fitted into its frame on a picture of the given size
  /// exactly as a classic caption is fitted into its band, and drawn turned by the box's angle.
  /// `pictureOrigin` is where the picture lies in the output the box is drawn on.
  convenience init(
    box: TextBox, text: String, imageWidth: Int, imageHeight: Int, font: ResolvedFont,
    pictureOrigin: (x: Double, y: Double) = (0, 0), glyphs: GlyphBudget = GlyphBudget()
  ) {
    var band = box.frame.clampedToAllowed.pixels(width: imageWidth, height: imageHeight)
    band.x += pictureOrigin.x
    band.y += pictureOrigin.y
    // Beside a band or in a frame, what reaches past the picture is cut off at the picture.
    let (width, height) = (Double(imageWidth), Double(imageHeight))
    let picture =
      pictureOrigin == (0, 0)
      ? nil : ImageRect(x: pictureOrigin.x, y: pictureOrigin.y, width: width, height: height)
    let size: Double? =
      switch box.fitting {
      case .shrinkToFit: nil
      // A size no picture can have (from a damaged store) shrinks to fit instead.
      case .fixed(let fraction): fraction > 0 && fraction.isFinite ? fraction * Double(imageHeight) : nil
      }
    self.init(
      text: text, position: nil, band: band,
      placement: Placement(
        anchor: box.anchor, alignment: box.alignment, fixedSize: size,
        angle: box.angle.isFinite ? box.angle.truncatingRemainder(dividingBy: 360) * .pi / 180 : 0,
        clip: picture),
      imageWidth: imageWidth, imageHeight: imageHeight, font: font, style: box.style, glyphs: glyphs)
  }

  /// A text of the Band or Poster layout (see `FramedText`): centred in `band` of an output
  /// `outputWidth` pixels wide, without an outline, at the largest size up to `largestSize` that fits,
  /// drawn in `style`'s text colour (the outline colour is the background behind it).
  convenience init(
    framedText text: String, position: CaptionPosition, band: ImageRect, largestSize: Double,
    outputWidth: Int, outputHeight: Int, font: ResolvedFont, style: CaptionStyle, glyphs: GlyphBudget
  ) {
    var plain = style
    plain.outlineColor = .transparent
    self.init(
      text: text, position: position, band: band,
      placement: Placement(anchor: .middle, largestSize: largestSize, outlineToFontSize: 0),
      imageWidth: outputWidth, imageHeight: outputHeight, font: font, style: plain, glyphs: glyphs)
  }

  /// A layer that draws `picture` (nothing when nil: a sticker whose file cannot be read) in
  /// `place`, in output pixels: it has no text, so it always fits and traces no glyphs.
  init(drawing picture: (any LayerDrawing)?, place: ImageRect) {
    position = nil
    text = ""
    band = place
    fontSize = 0
    fits = true
    inkRect = picture?.bounds ?? ImageRect(x: place.x + place.width / 2, y: place.y, width: 0, height: 0)
    tracedGlyphs = 0
    glyphsLeftOut = false
    drawing = picture
    layout = nil
    origin = (0, 0)
    scale = 1
    outlineWidth = 0
  }

  /// `text`, a text laid out in its band, drawn over `drawing` (a comic speech bubble's text in its
  /// bubble): its text, fit and caret are the text's, what it draws is `drawing`, which draws the
  /// text itself.
  init(text: CaptionLayout, drawnOver drawing: any LayerDrawing) {
    position = nil
    self.text = text.text
    band = text.band
    fontSize = text.fontSize
    fits = text.fits
    inkRect = drawing.bounds
    tracedGlyphs = text.tracedGlyphs
    glyphsLeftOut = text.glyphsLeftOut
    self.drawing = drawing
    // The Pango layout stays the text's, which this keeps alive (and which releases it).
    layout = text.layout
    layoutOwner = text
    origin = text.origin
    scale = text.scale
    outlineWidth = text.outlineWidth
  }

  /// How a caption sits in its band besides its size: the classic captions are centred, hug their
  /// edge of the picture and are not turned.
  struct Placement {
    var anchor: TextBox.Anchor
    var alignment = TextBox.Alignment.center
    /// The font size in pixels, or `nil` to shrink the text to fit.
    var fixedSize: Double?
    /// Radians, clockwise on the screen, about the band's centre.
    var angle = 0.0
    /// The largest size shrinking to fit may choose, or `nil` for the classic captions' limit.
    var largestSize: Double?
    var outlineToFontSize = CaptionGeometry.outlineWidthToFontSize
    /// Where drawing stops besides the band (see `CaptionDrawing.clip`).
    var clip: ImageRect?
  }

  private init(
    text: String, position: CaptionPosition?, band: ImageRect, placement: Placement, imageWidth: Int,
    imageHeight: Int, font: ResolvedFont, style: CaptionStyle, glyphs budget: GlyphBudget
  ) {
    self.position = position
    self.text = text
    self.band = band
    guard !text.isEmpty, band.width > 0, band.height > 0, band.width.isFinite, band.height.isFinite else {
      layout = nil
      fontSize = 0
      fits = true
      inkRect = ImageRect(x: band.x + band.width / 2, y: band.y, width: 0, height: 0)
      origin = (0, 0)
      scale = 1
      outlineWidth = 0
      drawing = nil
      tracedGlyphs = 0
      glyphsLeftOut = false
      return
    }
    let layout = Self.pangoLayout(text, alignment: placement.alignment)
    let fitter = CaptionFitter(
      layout: layout, band: band, font: font, outlineToFontSize: placement.outlineToFontSize)
    let size: Double
    let wrap: PangoWrapMode
    if let fixed = placement.fixedSize {
      // Words are only broken when one is wider than the box on its own.
      size = fixed
      fits = fitter.fits(size: size, wrap: PANGO_WRAP_WORD)
      wrap = fits ? PANGO_WRAP_WORD : PANGO_WRAP_WORD_CHAR
    } else {
      let classicSizes = CaptionGeometry.fontSizeRange(band: band, imageWidth: imageWidth)
      let sizes =
        placement.largestSize.map { classicSizes.lowerBound...max(classicSizes.lowerBound, $0) }
        ?? classicSizes
      // Words are only broken when one does not fit on its own line even at the smallest size.
      let fit =
        fitter.largestFittingSize(in: sizes, wrap: PANGO_WRAP_WORD)
        ?? fitter.largestFittingSize(in: sizes, wrap: PANGO_WRAP_WORD_CHAR)
      size = fit ?? sizes.lowerBound
      fits = fit != nil
      wrap = fit == nil ? PANGO_WRAP_WORD_CHAR : fitter.lastWrap
    }
    let ink = fitter.measure(size: size, wrap: wrap)
    self.layout = layout
    fontSize = size
    scale = size / CaptionFitter.referenceSize
    outlineWidth = size * placement.outlineToFontSize
    let x: Double =
      switch placement.alignment {
      case .left: band.x - ink.x
      case .center: band.x + band.width / 2 - (ink.x + ink.width / 2)
      case .right: band.maxX - ink.maxX
      }
    let y: Double =
      switch placement.anchor {
      case .top: band.y - ink.y
      case .middle: band.y + band.height / 2 - (ink.y + ink.height / 2)
      case .bottom: band.maxY - ink.maxY
      }
    origin = (x, y)
    inkRect = ImageRect(x: ink.x + x, y: ink.y + y, width: ink.width, height: ink.height)
    let traced = CaptionTracer.trace(
      layout: layout, origin: origin, scale: scale,
      visible: Self.tracedArea(band: band, outline: outlineWidth),
      budget: budget)
    tracedGlyphs = traced.glyphCount
    glyphsLeftOut = traced.glyphsLeftOut
    drawing = CaptionDrawing(
      traced: traced, band: band, outlineWidth: outlineWidth, style: style, angle: placement.angle,
      clip: placement.clip)
  }

  /// The one Pango layout builder of every text a meme draws (the classic captions, the text boxes,
  /// Band's and Poster's texts, and the measuring of the latter's areas): `text` set in a new layout
  /// with `alignment`, its font and wrap set by `CaptionFitter`. A new style field is taught here
  /// once. The caller owns the layout (`g_object_unref`).
  static func pangoLayout(_ text: String, alignment: TextBox.Alignment) -> OpaquePointer {
    let context = PangoContextFactory.makeContext()
    let layout = pango_layout_new(context)!
    g_object_unref(UnsafeMutableRawPointer(context))  // the layout keeps its own reference
    pango_layout_set_text(layout, text, -1)
    pango_layout_set_alignment(layout, alignment.pango)
    return layout
  }

  /// The part of the image whose glyphs are traced for drawing: the band, grown by half the outline
  /// (a glyph's stroke reaches that far past its ink), two pixels for antialiasing and the band's
  /// clip edge, and a twentieth of the band, so that a caption drawn scaled down (the editor's
  /// preview of a large picture, where one screen pixel covers many of the image's) still gets
  /// every glyph that shares a screen pixel with the band. What lies beyond is clipped away.
  static func tracedArea(band: ImageRect, outline: Double) -> ImageRect {
    let margin = outline / 2 + 2 + max(band.width, band.height) / 20
    return ImageRect(
      x: band.x - margin, y: band.y - margin, width: band.width + 2 * margin, height: band.height + 2 * margin
    )
  }

  /// How many lines the caption wraps onto (0 when empty), so the benchmarks can show that a
  /// "five-line" case really draws five lines at the sizes they measure.
  @_spi(Benchmark) public var lineCount: Int {
    layout.map { Int(pango_layout_get_line_count($0)) } ?? 0
  }

  deinit {
    if layoutOwner == nil, let layout { g_object_unref(UnsafeMutableRawPointer(layout)) }
  }
}

extension TextBox.Alignment {
  var pango: PangoAlignment {
    switch self {
    case .left: PANGO_ALIGN_LEFT
    case .center: PANGO_ALIGN_CENTER
    case .right: PANGO_ALIGN_RIGHT
    }
  }
}
