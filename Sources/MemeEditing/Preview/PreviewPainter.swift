// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeGraphics
import MemeCore

/// Paints the editor's preview: the picture aspect-fit and letterboxed, then the export's own
/// caption layout scaled onto it. Plain Cairo, no widgets: the canvas draws with it and the editor
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
  /// Each caption as last drawn on the view, painted again while its layout and place stay.
  private(set) var captionLayers: [CaptionPosition: CaptionLayer] = [:]
  /// Each text box placed anywhere as last drawn on the view, in the order of `captions.boxes`.
  private(set) var boxLayers: [CaptionLayer?] = []
  /// The visible part of the picture at its on-screen size in device pixels, and what it shows.
  private var fittedPicture: RasterImage?
  private var fittedKey: FittedKey?
  /// Fitted whole, or zoomed and panned.
  public var zoom = CanvasZoom() {
    didSet { if zoom != oldValue { fittedPicture = nil } }
  }
  /// The layout of `captions` over the empty sheet, rebuilt when the captions or the sheet change.
  private var cachedSheetLayout: MemeLayout?
  /// The launch captions being laid out and drawn ahead (see `prepareSheet`), until a paint takes
  /// them or anything they were made for changes.
  private var sheetPreparation: SheetPreparation?
  /// Whether a paint took the captions `prepareSheet` made (the editor's tests check that its window
  /// predicts the size its canvas is given).
  public private(set) var tookPreparedSheet = false

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

  public init() {}

  public func show(_ picture: EditorImage?, transform: PictureTransform = .identity) {
    guard picture !== self.picture || transform != self.transform else { return }
    self.picture = picture
    self.transform = transform
    sheetPreparation = nil
    fittedPicture = nil
    cachedLayout = nil
    previousLayout = nil
    zoom = CanvasZoom()  // a new picture, or a turned one, starts fitted
  }

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
      captions: captions, imageWidth: size.width, imageHeight: size.height, reusing: previousLayout)
    cachedLayout = layout
    return layout
  }

  /// Where the picture lies in a view of `width` × `height` (zero size without a picture).
  public func pictureRect(inWidth width: Double, height: Double) -> ImageRect {
    guard let size = pictureSize else { return ImageRect(x: 0, y: 0, width: 0, height: 0) }
    return zoom.rect(
      pictureWidth: size.width, pictureHeight: size.height, viewWidth: width, viewHeight: height)
  }

  /// Where the captions lie in a view of `width` × `height` and the pixel size they are laid out for:
  /// the picture, or the empty sheet (one layout pixel per logical pixel) before there is one.
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
    let rect = pictureRect(inWidth: width, height: height)
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
    let usesFull = scale * scaleFactor > Double(picture.preview.width) / Double(picture.width)
    let key = FittedKey(region: region, width: deviceWidth, height: deviceHeight, usesFull: usesFull)
    if fittedPicture == nil || fittedKey != key {
      fittedPicture = transform.render(
        usesFull ? picture.full : picture.preview, sourceWidth: picture.width, sourceHeight: picture.height,
        region: region, outputWidth: deviceWidth, outputHeight: deviceHeight)
      fittedKey = key
    }
    if let fittedPicture {
      cairo_save(context)
      cairo_translate(context, visible.x, visible.y)
      cairo_scale(context, 1 / scaleFactor, 1 / scaleFactor)
      cairo_set_source_surface(context, fittedPicture.surface, 0, 0)
      cairo_paint(context)
      cairo_restore(context)
    }
    if drawsCaptions {
      beneathCaptions(context)
      drawCaptions(layout, on: context, in: rect, view: viewRect(width, height), scaleFactor: scaleFactor)
    }
  }

  /// The launch state: a sheet a little lighter than the letterbox, and the captions on it.
  private func paintSheet(
    on context: OpaquePointer, width: Double, height: Double, scaleFactor: Double,
    beneathCaptions: (OpaquePointer) -> Void
  ) {
    guard let frame = captionFrame(inWidth: width, height: height) else { return }
    let rect = frame.rect
    cairo_save(context)
    cairo_set_source_rgba(context, sheetColor.red, sheetColor.green, sheetColor.blue, sheetColor.alpha)
    cairo_rectangle(context, rect.x, rect.y, rect.width, rect.height)
    cairo_fill(context)
    cairo_restore(context)
    beneathCaptions(context)
    drawCaptions(
      sheetLayout(width: frame.imageWidth, height: frame.imageHeight), on: context, in: rect,
      view: viewRect(width, height), scaleFactor: scaleFactor)
  }

  /// The captions laid out over an empty sheet of `width` × `height`, cached.
  private func sheetLayout(width: Int, height: Int) -> MemeLayout {
    if let cachedSheetLayout, cachedSheetLayout.imageWidth == width, cachedSheetLayout.imageHeight == height {
      return cachedSheetLayout
    }
    let layout =
      takePreparedSheet(width: width, height: height)
      ?? MemeLayout(captions: captions, imageWidth: width, imageHeight: height)
    cachedSheetLayout = layout
    return layout
  }

  /// Starts laying out the captions over the empty sheet of a view of `width` × `height` shown at
  /// `scaleFactor`, and drawing them into their layers, on a thread of their own: the first paint at
  /// that size then finds them made. The editor asks before its window is first shown, while the
  /// main thread still has the whole window to style and lay out. A paint at another size lays the
  /// captions out itself, as without this.
  public func prepareSheet(inWidth width: Double, height: Double, scaleFactor: Double) {
    guard picture == nil, usesCaptionLayers, let frame = captionFrame(inWidth: width, height: height) else {
      return
    }
    sheetPreparation = SheetPreparation(
      captions: captions, imageWidth: frame.imageWidth, imageHeight: frame.imageHeight,
      placement: Self.layerPlacement(
        imageWidth: frame.imageWidth, imageHeight: frame.imageHeight, in: frame.rect,
        view: viewRect(width, height), scaleFactor: scaleFactor))
  }

  /// The prepared layout of the sheet, when it was prepared for these captions at this size; its
  /// layers are kept to be painted when their placement is the one the paint asks for.
  private func takePreparedSheet(width: Int, height: Int) -> MemeLayout? {
    defer { sheetPreparation = nil }
    guard let preparation = sheetPreparation, preparation.matches(captions, width: width, height: height)
    else { return nil }
    let prepared = preparation.wait()
    captionLayers = prepared.layers
    tookPreparedSheet = true
    return prepared.layout
  }

  /// The caption layout drawn in a view of `width` × `height` (the picture's, or the empty sheet's)
  /// and the rectangle of the view its image pixels are scaled onto: what the caret and selection
  /// of the caption fields are placed by.
  public func drawnCaptions(inWidth width: Double, height: Double) -> (layout: MemeLayout, rect: ImageRect)? {
    guard let frame = captionFrame(inWidth: width, height: height) else { return nil }
    if picture != nil {
      return layout.map { ($0, frame.rect) }
    }
    return (sheetLayout(width: frame.imageWidth, height: frame.imageHeight), frame.rect)
  }

  /// The captions: the export's layout, in image pixels, scaled onto `rect`, from each caption's
  /// layer where the view's pixels allow (see `layerPixels(of:scaleFactor:)`), else straight onto
  /// `context`.
  private func drawCaptions(
    _ layout: MemeLayout, on context: OpaquePointer, in rect: ImageRect, view: ImageRect, scaleFactor: Double
  ) {
    guard usesCaptionLayers, captionScale == 1, Self.layerPixelsAlign(on: context, scaleFactor: scaleFactor)
    else {
      captionLayers = [:]
      boxLayers = []
      drawCaptionsDirectly(layout, on: context, in: rect)
      return
    }
    let placement = Self.layerPlacement(
      imageWidth: layout.imageWidth, imageHeight: layout.imageHeight, in: rect, view: view,
      scaleFactor: scaleFactor)
    for position in CaptionPosition.allCases {
      let caption = layout.caption(at: position)
      if let layer = captionLayers[position], layer.caption === caption, layer.placement == placement {
        layer.paint(on: context)
        continue
      }
      captionLayers[position] = CaptionLayer(caption, placement: placement, previous: captionLayers[position])
      captionLayers[position]?.paint(on: context)
    }
    // The boxes are drawn after the classic two, as export draws them.
    boxLayers = layout.boxes.indices.map { index in
      let box = layout.boxes[index]
      let earlier = index < boxLayers.count ? boxLayers[index] : nil
      if let earlier, earlier.caption === box, earlier.placement == placement { return earlier }
      return CaptionLayer(box, placement: placement)
    }
    for layer in boxLayers { layer?.paint(on: context) }
  }

  /// How layers put captions laid out on `imageWidth` × `imageHeight` pixels onto `rect` of a view
  /// showing `view` at `scaleFactor`.
  private static func layerPlacement(
    imageWidth: Int, imageHeight: Int, in rect: ImageRect, view: ImageRect, scaleFactor: Double
  ) -> CaptionLayer.Placement {
    CaptionLayer.Placement(
      scaleX: rect.width / Double(imageWidth), scaleY: rect.height / Double(imageHeight),
      translateX: rect.x, translateY: rect.y, clip: rect.intersection(view), pixelsPerUnit: scaleFactor)
  }

  /// Whether a layer drawn in whole device pixels lands on whole device pixels of `context`: its
  /// user space is the view's, moved by whole device pixels at most. Otherwise the layer would be
  /// resampled, and the captions are drawn straight onto the view.
  private static func layerPixelsAlign(on context: OpaquePointer, scaleFactor: Double) -> Bool {
    var matrix = cairo_matrix_t()
    cairo_get_matrix(context, &matrix)
    let offset = (x: matrix.x0 * scaleFactor, y: matrix.y0 * scaleFactor)
    return matrix.xx == 1 && matrix.yy == 1 && matrix.xy == 0 && matrix.yx == 0 && scaleFactor > 0
      && offset.x == offset.x.rounded() && offset.y == offset.y.rounded()
  }

  /// The captions drawn straight onto `context`: the plain path the layers must match.
  private func drawCaptionsDirectly(_ layout: MemeLayout, on context: OpaquePointer, in rect: ImageRect) {
    cairo_save(context)
    cairo_rectangle(context, rect.x, rect.y, rect.width, rect.height)
    cairo_clip(context)
    cairo_translate(context, rect.x, rect.y)
    cairo_scale(context, rect.width / Double(layout.imageWidth), rect.height / Double(layout.imageHeight))
    if captionScale == 1 {
      layout.draw(on: context)
    } else {
      layout.draw(on: context, scalingEachCaptionBy: captionScale)
    }
    cairo_restore(context)
  }

  /// The view, in its own user space.
  private func viewRect(_ width: Double, _ height: Double) -> ImageRect {
    ImageRect(x: 0, y: 0, width: width, height: height)
  }
}

/// What the cached on-screen picture shows.
private struct FittedKey: Equatable {
  let region: ImageRect
  let width: Int
  let height: Int
  let usesFull: Bool
}
