// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeGraphics
import MemeCore

/// Paints the editor's preview: the meme's whole output aspect-fit and letterboxed (the picture, and
/// for Band and Poster the band or frame around it), then the export's own caption layout scaled
/// onto it. Plain Cairo, no widgets: the canvas draws with it and the editor
/// benchmark measures it.
///
/// Before a picture is chosen it paints an empty sheet filling the view, with the captions laid out
/// by the same engine: the launch state shows TOP and BOTTOM exactly where they will sit over a
/// picture of the view's shape, and near there over any other.
///
/// Cost per keystroke is one caption layout plus one unscaled paint: the picture is resampled to its
/// on-screen size only when that size changes, and then from the bounded preview copy, never from
/// the full image. The caption not being typed into keeps its layout and is painted from the layer
/// it was last drawn into (see `CaptionLayer`); only the edited one is laid out and drawn again.
public final class PreviewPainter {
  public private(set) var picture: EditorImage?
  /// How `picture` is cut and turned: the captions are laid out on the result.
  public private(set) var transform = PictureTransform.identity
  public private(set) var captions = EditorState.initial.captions.showingPlaceholders
  /// The layout of `captions` at the picture's pixel size, rebuilt when either changes.
  private var cachedLayout: MemeLayout?
  /// The last layout drawn, whose unchanged captions the next layout takes over.
  private var previousLayout: MemeLayout?
  /// The captions and text boxes as last drawn on the view, painted again while they stay.
  let paintedCaptions = PaintedCaptions()
  /// The animation frame shown in place of the picture (at the picture's full size), while an
  /// animated picture plays; nil shows the picture itself (its first frame).
  public private(set) var shownFrame: RasterImage?
  /// The visible part of the picture at its on-screen size in device pixels, and what it shows.
  private var fittedPicture: RasterImage?
  private var fittedKey: FittedKey?
  /// Fitted whole, or zoomed and panned.
  public var zoom = CanvasZoom() {
    didSet { if zoom != oldValue { fittedPicture = nil } }
  }
  /// The layout of `captions` over the empty sheet, rebuilt when the captions or the sheet change.
  var cachedSheetLayout: MemeLayout?
  /// The launch captions being laid out and drawn ahead (see `prepareSheet`), until a paint takes
  /// them or anything they were made for changes.
  var sheetPreparation: SheetPreparation?

  /// The launch state's sheet, a little apart from the letterbox around it (the canvas gives it from
  /// the style in force: light or dark, high contrast or not).
  public var sheetColor = RGBAColor(red: 0.19, green: 0.19, blue: 0.2)
  /// Off in crop mode, whose own layer draws the captions on the crop being chosen.
  public var drawsCaptions = true
  /// Each caption's size about its band's centre: 1, except during the editor's pop.
  public var captionScale = 1.0
  /// Whether captions are painted from their layers where they can be; off, they are drawn straight
  /// onto the view, the plain path the tests compare the layers with.
  var usesCaptionLayers = true
  /// Whether a caption's layer is being drawn on another thread: paint again shortly to show it.
  public var isDrawingLayers: Bool { paintedCaptions.isDrawingLayers }
  /// Set while the meme is painted into pixels of its own for deep-fry to fry with its captions
  /// (see `paintFried`).
  var isPaintingToFry = false

  public init() {}

  public func show(_ picture: EditorImage?, transform: PictureTransform = .identity) {
    guard picture !== self.picture || transform != self.transform else { return }
    if picture !== self.picture { shownFrame = nil }
    fitsQuickly = false
    self.picture = picture
    self.transform = transform
    sheetPreparation = nil
    fittedPicture = nil
    cachedLayout = nil
    previousLayout = nil
    zoom = CanvasZoom()  // a new picture, or a turned one, starts fitted
  }

  /// Shows `picture` as the one shown drawn again (a panel meme's sheet after a change to its
  /// cells): of the same size and shown as it is, it keeps the view's zoom and the captions' layout
  /// (which depend on the size alone), so a drag redraws only the picture; else it is a new picture.
  public func showRedrawn(_ picture: EditorImage) {
    guard let shown = self.picture, transform.isIdentity, shown.width == picture.width,
      shown.height == picture.height
    else { return show(picture) }
    self.picture = picture
    shownFrame = nil
    sheetPreparation = nil
    fittedPicture = nil
    fitsQuickly = true
  }

  /// Whether the picture is fitted to the screen with the quick filter (see `showRedrawn`): each
  /// step of a drag redraws it, and `refine` draws the last one smoothly.
  public private(set) var fitsQuickly = false

  /// Fits the picture to the screen smoothly again, once a run of quick redraws is over; false when
  /// there was nothing to refine.
  @discardableResult
  public func refine() -> Bool {
    guard fitsQuickly else { return false }
    fitsQuickly = false
    fittedPicture = nil
    return true
  }

  /// Shows `frame` (an animation frame of the picture's full size, e.g. `AnimationPlayer.frame`, or a video frame)
  /// in place of the picture, cut and turned alike; nil goes back to the picture. The layers are
  /// drawn as at `time` into the meme's animation (nil: its start). Only what changed is done
  /// again for the next paint: the picture resampled for a new frame, the animated layers laid out
  /// for a new time; the other captions keep their layout and layers.
  public func showFrame(_ frame: RasterImage?, time: Int? = nil) {
    // A video's frames come at the size the canvas shows (see `VideoPlayer`), in the picture's shape.
    guard let picture, frame.map({ Self.hasShape(of: picture, $0) }) ?? true else { return }
    if frame != nil || shownFrame != nil {
      shownFrame = frame
      fittedPicture = nil
    }
    if time != layerTime {
      layerTime = time
      if captions.hasAnimatedLayers {
        previousLayout = cachedLayout ?? previousLayout
        cachedLayout = nil
      }
    }
  }

  /// Whether `frame` is `picture` at some size: its width and height in the same ratio, to the two
  /// pixels that rounding both to even numbers may cost.
  private static func hasShape(of picture: EditorImage, _ frame: RasterImage) -> Bool {
    let height = Double(frame.width) * Double(picture.height) / Double(picture.width)
    return frame.width > 0 && abs(height - Double(frame.height)) <= 2
  }

  /// The moment of the meme's animation the layers are drawn at (see `showFrame`).
  public private(set) var layerTime: Int?

  /// The transformed picture's pixel size: what the captions are laid out on and export writes.
  public var pictureSize: (width: Int, height: Int)? {
    picture.map { transform.outputSize(sourceWidth: $0.width, sourceHeight: $0.height) }
  }

  public func show(_ captions: MemeCaptions) {
    guard captions != self.captions else { return }
    self.captions = captions
    previousLayout = cachedLayout ?? previousLayout
    cachedLayout = nil
    cachedSheetLayout = nil
    sheetPreparation = nil
  }

  /// The layout being drawn over the picture (nil without a picture).
  public var layout: MemeLayout? {
    guard let size = pictureSize else { return nil }
    if let cachedLayout { return cachedLayout }
    let layout = MemeLayout(
      captions: captions, imageWidth: size.width, imageHeight: size.height, time: layerTime,
      reusing: previousLayout)
    cachedLayout = layout
    return layout
  }

  /// The meme's output size: the picture's for Classic, with the band or the poster's frame around
  /// it for the others. What the canvas fits into the view and zooms.
  public var outputSize: (width: Int, height: Int)? {
    guard pictureSize != nil, let layout else { return nil }
    return (layout.outputWidth, layout.outputHeight)
  }

  /// Where the whole output lies in a view of `width` × `height` (zero size without a picture).
  public func outputRect(inWidth width: Double, height: Double) -> ImageRect {
    guard let size = outputSize else { return ImageRect(x: 0, y: 0, width: 0, height: 0) }
    return zoom.rect(
      pictureWidth: size.width, pictureHeight: size.height, viewWidth: width, viewHeight: height)
  }

  /// Where the picture lies in a view of `width` × `height` (zero size without a picture): the
  /// output's rectangle, or its part the picture takes in Band and Poster.
  public func pictureRect(inWidth width: Double, height: Double) -> ImageRect {
    let output = outputRect(inWidth: width, height: height)
    guard let frame = layout?.frame, output.width > 0 else { return output }
    return Self.pictureRect(of: frame, in: output)
  }

  /// Where `frame`'s picture lies when its output is scaled onto `output`.
  static func pictureRect(of frame: MemeFrame, in output: ImageRect) -> ImageRect {
    let scale = (x: output.width / Double(frame.width), y: output.height / Double(frame.height))
    return ImageRect(
      x: output.x + Double(frame.pictureX) * scale.x, y: output.y + Double(frame.pictureY) * scale.y,
      width: Double(frame.pictureWidth) * scale.x, height: Double(frame.pictureHeight) * scale.y)
  }

  /// Where the picture lies in a view of `width` × `height` and its pixel size, which the text boxes
  /// are placed in: the picture, or the empty sheet (one layout pixel per logical pixel) before
  /// there is one.
  public func captionFrame(inWidth width: Double, height: Double) -> (
    rect: ImageRect, imageWidth: Int, imageHeight: Int
  )? {
    if let size = pictureSize {
      return (pictureRect(inWidth: width, height: height), size.width, size.height)
    }
    let rect = Self.sheetRect(inWidth: width, height: height)
    guard rect.width >= 1, rect.height >= 1 else { return nil }
    return (rect, Int(rect.width), Int(rect.height))
  }

  /// The empty sheet: the whole view, in whole logical pixels (a picture of the view's shape fills it).
  static func sheetRect(inWidth width: Double, height: Double) -> ImageRect {
    ImageRect(x: 0, y: 0, width: max(0, width.rounded(.down)), height: max(0, height.rounded(.down)))
  }

  /// Paints on `context` (a `cairo_t *`) for a view of `width` × `height` logical pixels shown at
  /// `scaleFactor` device pixels per logical pixel. `beneathCaptions` draws between the picture and
  /// the captions (the caption fields' selection), in view coordinates.
  public func paint(
    on context: OpaquePointer, width: Double, height: Double, scaleFactor: Double = 1,
    beneathCaptions: (OpaquePointer) -> Void = { _ in }
  ) {
    guard picture != nil else {
      paintSheet(
        on: context, width: width, height: height, scaleFactor: scaleFactor, beneathCaptions: beneathCaptions)
      return
    }
    guard let picture, let layout else { return }
    if layout.captions.effects.friesOverCaptions, !isPaintingToFry {
      return paintFried(
        on: context, width: width, height: height, scaleFactor: scaleFactor, beneathCaptions: beneathCaptions)
    }
    let output = outputRect(inWidth: width, height: height)
    paintSurroundings(of: layout.frame, on: context, in: output, view: viewRect(width, height))
    let rect = Self.pictureRect(of: layout.frame, in: output)
    // A banner or strip can be thinner than a pixel on screen; it is still painted, one pixel thick.
    guard rect.width > 0, rect.height > 0 else { return }
    // Only the part inside the view is drawn: at 400 % most of a large picture is off screen.
    let visible = rect.intersection(ImageRect(x: 0, y: 0, width: width, height: height))
    guard visible.width > 0, visible.height > 0 else { return }
    let deviceWidth = max(1, Int((visible.width * scaleFactor).rounded()))
    let deviceHeight = max(1, Int((visible.height * scaleFactor).rounded()))
    let scale = rect.width / Double(layout.imageWidth)
    let region = ImageRect(
      x: (visible.x - rect.x) / scale, y: (visible.y - rect.y) / scale, width: visible.width / scale,
      height: visible.height / scale)
    // The bounded preview while it has enough pixels for the screen; zoomed in further, the source's
    // own pixels, so the picture stays sharp at any zoom.
    // A playing animation's frame is at the full size (animations are small enough to scale whole).
    let usesFull =
      shownFrame != nil || scale * scaleFactor > Double(picture.preview.width) / Double(picture.width)
    let key = FittedKey(
      region: region, width: deviceWidth, height: deviceHeight, usesFull: usesFull,
      hiddenAreas: layout.captions.layers.compactMap(\.hiddenArea), effects: layout.captions.effects,
      cutOuts: layout.captions.layers.compactMap(\.speechBubble).filter(\.cutsOut))
    if fittedPicture == nil || fittedKey != key {
      fittedPicture = transform.render(
        shownFrame ?? (usesFull ? picture.full : picture.preview), sourceWidth: picture.width,
        sourceHeight: picture.height,
        region: region, outputWidth: deviceWidth, outputHeight: deviceHeight, quickly: fitsQuickly)
      // What export hides and the effects it draws, drawn by the same code on the part shown.
      fittedPicture.map { layout.drawUnderCaptions(onPicture: $0, showing: region) }
      fittedKey = key
    }
    if let fittedPicture {
      meme_paint_surface_shrunk(context, fittedPicture.surface, visible.x, visible.y, scaleFactor)
    }
    if drawsCaptions {
      beneathCaptions(context)
      drawCaptions(layout, on: context, in: output, view: viewRect(width, height), scaleFactor: scaleFactor)
    }
  }

  /// The band or the poster's frame, scaled onto `output` within `view`; nothing for Classic.
  func paintSurroundings(
    of frame: MemeFrame, on context: OpaquePointer, in output: ImageRect, view: ImageRect
  ) {
    guard !frame.isPictureOnly else { return }
    let visible = output.intersection(view)
    guard visible.width > 0, visible.height > 0 else { return }
    cairo_save(context)
    cairo_rectangle(context, visible.x, visible.y, visible.width, visible.height)
    cairo_clip(context)
    cairo_translate(context, output.x, output.y)
    cairo_scale(context, output.width / Double(frame.width), output.height / Double(frame.height))
    frame.paintSurroundings(on: context)
    cairo_restore(context)
    // A faint line just outside the output, so a white band does not melt into a light letterbox.
    cairo_save(context)
    cairo_set_source_rgba(context, 0.5, 0.5, 0.5, 0.5)
    cairo_set_line_width(context, 1)
    cairo_rectangle(context, output.x - 0.5, output.y - 0.5, output.width + 1, output.height + 1)
    cairo_stroke(context)
    cairo_restore(context)
  }

  /// The caption layout drawn in a view of `width` × `height` (the picture's, or the empty sheet's)
  /// and the rectangle of the view its image pixels are scaled onto: what the caret and selection
  /// of the caption fields are placed by.
  public func drawnCaptions(inWidth width: Double, height: Double) -> (layout: MemeLayout, rect: ImageRect)? {
    guard let frame = captionFrame(inWidth: width, height: height) else { return nil }
    if picture != nil {
      return layout.map { ($0, outputRect(inWidth: width, height: height)) }
    }
    let sheet = sheetLayout(width: frame.imageWidth, height: frame.imageHeight)
    return (sheet, Self.sheetOutputRect(of: sheet, in: frame.rect))
  }

  /// The captions: the export's layout, in image pixels, scaled onto `rect`, from their layers where
  /// the view's pixels allow, else straight onto `context`.
  func drawCaptions(
    _ layout: MemeLayout, on context: OpaquePointer, in rect: ImageRect, view: ImageRect, scaleFactor: Double
  ) {
    paintedCaptions.paint(
      layout, on: context, in: rect, view: view, scaleFactor: scaleFactor, usesLayers: usesCaptionLayers,
      captionScale: captionScale)
  }

  /// The view, in its own user space.
  func viewRect(_ width: Double, _ height: Double) -> ImageRect {
    ImageRect(x: 0, y: 0, width: width, height: height)
  }
}

/// What the cached on-screen picture shows.
private struct FittedKey: Equatable {
  let region: ImageRect
  let width: Int
  let height: Int
  let usesFull: Bool
  /// What is hidden and drawn on the picture before it is shown.
  let hiddenAreas: [HiddenArea]
  let effects: PictureEffects
  /// The speech bubbles cut out of it: a bubble made transparent, moved or resized cuts anew.
  let cutOuts: [SpeechBubble]
}
