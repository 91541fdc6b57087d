// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeGraphics
import Foundation

/// Every caption of a meme laid out for a picture of a given pixel size: the classic two in their
/// bands (or the texts of Band and Poster around the picture, see `FramedLayout`), then the text
/// boxes placed anywhere on the picture.
///
/// `imageWidth` and `imageHeight` are the picture's size; everything is drawn in the output's pixels
/// (see `frame`), which are the picture's for Classic.
///
/// Build it on the thread that will draw it (Pango objects are not shared between threads), and
/// rebuild it when the captions, the style or the image size change. The editor keeps one for the
/// source image's size and draws it scaled to the screen; export draws it at full size.
public final class MemeLayout {
  public let captions: MemeCaptions
  public let imageWidth: Int
  public let imageHeight: Int
  public let font: ResolvedFont
  private let layouts: [CaptionPosition: CaptionLayout]
  /// The layers of `captions.layers` laid out (see `LayerKind.laidOut`), in the same order.
  public let layers: [CaptionLayout]

  /// Lays `captions` out; a caption that `previous` (a layout for the same image size and style)
  /// already laid out with the same text is taken over from it rather than laid out again, as the
  /// editor does for the caption not being typed into. `time` is the moment of the meme's animation
  /// it is drawn at, in milliseconds (see `LayerLayoutRequest.time`).
  public init(
    captions: MemeCaptions, imageWidth: Int, imageHeight: Int, locale: Locale = .current,
    time: Int? = nil, reusing previous: MemeLayout? = nil
  ) {
    self.captions = captions
    self.time = time
    self.imageWidth = imageWidth
    self.imageHeight = imageHeight
    let kind = captions.layout
    font = FontResolver.resolve(captions.style.fontFamily, layout: kind)
    let font = font
    // Every text within the limits of a caption and the meme's budget, spent in drawing order.
    let bounded = CaptionLimits.bounded(meme: captions.budgetedTexts)
    cutByTheBudget = bounded.map(\.isCutByBudget)
    let texts = zip(CaptionPosition.allCases, bounded).map { position, bounded in
      CaptionText.normalized(
        bounded.text,
        // The poster's subtitle is set as typed, below its upper-case title.
        uppercase: captions.style.isUppercase && kind.uppercases(position), locale: locale)
    }
    let glyphs = GlyphBudget()
    var layouts: [CaptionPosition: CaptionLayout] = [:]
    switch kind.placement {
    case .onPicture:
      frame = .classic(width: imageWidth, height: imageHeight)
      let reusable =
        previous.map {
          $0.imageWidth == imageWidth && $0.imageHeight == imageHeight && $0.font == font
            && $0.captions.style == captions.style && $0.captions.layout == kind
        } ?? false
      for (position, text) in zip(CaptionPosition.allCases, texts) {
        if reusable, let earlier = previous?.caption(at: position), earlier.text == text,
          glyphs.reuses(earlier)
        {
          layouts[position] = earlier
          continue
        }
        layouts[position] = CaptionLayout(
          text: text, position: position, imageWidth: imageWidth, imageHeight: imageHeight, font: font,
          style: captions.style, glyphs: glyphs)
      }
    case .bands, .posterFrame:
      let framed = FramedLayout(
        kind, top: texts[0], bottom: texts[1], pictureWidth: imageWidth, pictureHeight: imageHeight,
        font: font, style: captions.style, glyphs: glyphs)
      frame = framed.frame
      layouts = [.top: framed.top, .bottom: framed.bottom]
    }
    self.layouts = layouts
    // A box `previous` laid out exactly as it is now (same place, text and style, on a picture of
    // the same size at the same place in the output) is taken over: dragging one box lays out only
    // that one, and the others keep their layouts, and with them the layers the editor painted them
    // into.
    let frame = frame
    let earlierLayers =
      previous.flatMap {
        $0.imageWidth == imageWidth && $0.imageHeight == imageHeight && $0.frame.pictureX == frame.pictureX
          && $0.frame.pictureY == frame.pictureY ? $0 : nil
      }
      .map { Array(zip(zip($0.captions.layers, $0.layerTexts), $0.layers)) } ?? []
    let layerTexts = bounded.dropFirst(CaptionPosition.allCases.count).map(\.text)
    self.layerTexts = layerTexts
    layers = zip(captions.layers.indices, zip(captions.layers, layerTexts)).map { index, layerAndText in
      let sameIndex = earlierLayers.indices.contains(index) ? [earlierLayers[index]] : []
      if let (_, earlier) = (sameIndex + earlierLayers).first(where: { $0.0 == layerAndText }),
        previous?.time == time || layerAndText.0.kind.animationDelays == nil, glyphs.reuses(earlier)
      {
        return earlier
      }
      return layerAndText.0.kind.laidOut(
        LayerLayoutRequest(
          pictureWidth: imageWidth, pictureHeight: imageHeight,
          pictureOrigin: (Double(frame.pictureX), Double(frame.pictureY)), text: layerAndText.1,
          locale: locale, time: time, glyphs: glyphs))
    }
  }

  /// The moment of the meme's animation it was laid out for (nil: still).
  public let time: Int?

  /// Each layer's text as the meme's budget left it, as typed: a layer laid out with the same text
  /// and value is taken over by the next layout.
  private let layerTexts: [String]

  /// Where the picture lies in the output, and the output's size.
  public let frame: MemeFrame

  /// The output's size: the picture's for Classic, larger for Band and Poster.
  public var outputWidth: Int { frame.width }
  public var outputHeight: Int { frame.height }

  /// The family the captions are really drawn with.
  public var fontFamilyUsed: String { font.family }

  /// Captions that do not fit their band even at the smallest size, or are cut off because the
  /// meme's budget of characters or glyphs (see `CaptionLimits`) ran out in them.
  public var overflowingCaptions: Set<CaptionPosition> {
    Set(layouts.filter { !$0.value.fits || $0.value.glyphsLeftOut || isCutByTheBudget($0.key) }.keys)
  }

  /// The indices (in `captions.layers`) of the layers whose text does not fit them, or that the
  /// meme's budget of characters or glyphs cut off.
  public var overflowingBoxes: [Int] {
    layers.indices.filter { !layers[$0].fits || layers[$0].glyphsLeftOut || isCutByTheBudget(box: $0) }
  }

  /// Whether the meme's budget of characters cut the text of each caption, then each box.
  private let cutByTheBudget: [Bool]

  private func isCutByTheBudget(_ position: CaptionPosition) -> Bool {
    cutByTheBudget[CaptionPosition.allCases.firstIndex(of: position)!]
  }

  private func isCutByTheBudget(box index: Int) -> Bool {
    cutByTheBudget[CaptionPosition.allCases.count + index]
  }

  /// The glyphs traced for drawing in all the captions together: at most
  /// `CaptionLimits.maximumGlyphsPerMeme`.
  public var tracedGlyphs: Int {
    CaptionPosition.allCases.map { caption(at: $0).tracedGlyphs }.reduce(0, +)
      + layers.map(\.tracedGlyphs).reduce(0, +)
  }

  public func caption(at position: CaptionPosition) -> CaptionLayout { layouts[position]! }

  public func bandRect(for position: CaptionPosition) -> ImageRect { caption(at: position).band }

  /// Draws every caption on `context` (a `cairo_t *`) in output pixel coordinates. To preview at
  /// another size, scale the context first.
  public func draw(on context: OpaquePointer) {
    for drawing in drawings { drawing.draw(on: context) }
  }

  /// Draws both captions like `draw(on:)`, each scaled by `factor` about the centre of its band: the
  /// editor's "pop" when the window turns between portrait and landscape.
  /// Only the captions `including` accepts are drawn.
  public func draw(
    on context: OpaquePointer, scalingEachCaptionBy factor: Double,
    including: (CaptionLayout) -> Bool = { _ in true }
  ) {
    for caption in inDrawingOrder where including(caption) {
      guard let drawing = caption.drawing else { continue }
      let centreX = caption.band.x + caption.band.width / 2
      let centreY = caption.band.y + caption.band.height / 2
      cairo_save(context)
      cairo_translate(context, centreX, centreY)
      cairo_scale(context, factor, factor)
      cairo_translate(context, -centreX, -centreY)
      drawing.draw(on: context)
      cairo_restore(context)
    }
  }

  /// What draws the non-empty captions, in drawing order (see `inDrawingOrder`).
  var drawings: [any LayerDrawing] { inDrawingOrder.compactMap(\.drawing) }

  /// The hidden areas first (they hide the picture beneath everything else), then the speech
  /// bubbles cut out of the picture (so the captions are drawn on them), then top, bottom and the
  /// other layers in their order.
  var inDrawingOrder: [CaptionLayout] {
    let hiding = layers.filter { $0.drawing is HidingDrawing }
    let cutOut = layers.filter { $0.changesPicture && !($0.drawing is HidingDrawing) }
    return hiding + cutOut + CaptionPosition.allCases.map(caption(at:)) + layers.filter { !$0.changesPicture }
  }

  /// What hides parts of the picture (see `HidingDrawing`), in the layers' order.
  var hidingDrawings: [HidingDrawing] { layers.compactMap { $0.drawing as? HidingDrawing } }

  /// The speech bubbles cut out of the picture, in the layers' order.
  var cutOutDrawings: [BubbleDrawing] {
    layers.compactMap { $0.drawing as? BubbleDrawing }.filter(\.cutsOut)
  }

  /// Whether the meme's output has transparent pixels the picture did not have: a speech bubble
  /// cut out of it.
  var cutsOutOfPicture: Bool { !cutOutDrawings.isEmpty }
}

extension MemeLayout {
  /// Hides the hidden areas and draws the effects under the captions (as `PreparedCaptions.draw`
  /// does on an export's output) on `picture`, which shows the part `region` of the picture (in
  /// its pixels) scaled to its own size: what the editor shows of the picture.
  public func drawUnderCaptions(onPicture picture: RasterImage, showing region: ImageRect) {
    guard region.width > 0, region.height > 0 else { return }
    let (scaleX, scaleY) = (Double(picture.width) / region.width, Double(picture.height) / region.height)
    let placement = OutputPlacement(
      originX: -(Double(frame.pictureX) + region.x) * scaleX,
      originY: -(Double(frame.pictureY) + region.y) * scaleY,
      scaleX: scaleX, scaleY: scaleY)
    picture.flush()
    let buffer = PixelBuffer(picture)
    for hiding in hidingDrawings { hiding.hide(buffer, placement: placement) }
    captions.effects.drawUnderCaptions(on: buffer)
    for cutOut in cutOutDrawings { cutOut.cutOut(buffer, placement: placement) }
    if cutsOutOfPicture { picture.hasAlpha = true }
    picture.markDirty()
  }
}

extension MemeLayout {
  /// Deep-fries `view`, pixels showing the meme with its captions, when the captions are to be
  /// fried too (as `PreparedCaptions.draw` fries an export's output).
  public func drawOverCaptions(onView view: RasterImage) {
    guard captions.effects.friesOverCaptions else { return }
    view.flush()
    captions.effects.drawOverCaptions(on: PixelBuffer(view))
    view.markDirty()
  }
}
