// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkKit
import MemeCore
import MemeEditing

/// The picture, aspect-fit and letterboxed, with the captions drawn by the engine, the two
/// caption fields lying over the picture's top and bottom bands and a field over each text box
/// (`CaptionFields`). Before a picture is chosen the classic fields lie over the
/// same bands of an empty sheet, around the invitation to choose one.
///
/// Drawing is `PreviewPainter`'s: the export's layout over a cached on-screen copy of the picture.
final class EditorCanvas: CaptionFieldsHost {
  /// The overlay holding everything.
  private let overlay = Overlay()
  /// The overlay's widget: put it in the window.
  var widget: Widget { overlay.widget }
  /// Where the meme is drawn, and what draws it. The canvas's parts (zoom, box handles, the context
  /// menu, drag-out) reach them only through the narrow interface below ("For the canvas's parts");
  /// tests read them as they are.
  let drawingArea: UnsafeMutablePointer<GtkWidget>
  /// The caption fields over the picture, each with its limit message.
  let fields = CaptionFields()
  /// The invitation to choose a picture, shown between the caption fields before there is one.
  let placeholder: UnsafeMutablePointer<GtkWidget>
  /// "Loading…" with Stop, while a picture is decoded.
  let loading = LoadingIndicator()

  let painter = PreviewPainter()
  /// Redraws once more while the painter draws an oversized caption's layer on another thread.
  private var layerPoll: Timeout?
  /// Ctrl+scroll, pinch and panning; the percentage shown in a corner.
  private(set) var zoomControls: CanvasZoomControls!
  /// Plays an animated picture, with its play and pause button and frame count.
  let playback = AnimationPlayback(
    actions: .init(
      play: EditorAction.playAnimation.detailedName, previousFrame: EditorAction.previousFrame.detailedName,
      nextFrame: EditorAction.nextFrame.detailedName),
    placement: .overPicture)
  /// Plays a video with its sound, with play or pause, the position and the time.
  private(set) var videoPlayback: VideoPlayback!
  /// The spring the captions and fields settle with when the canvas turns portrait or landscape.
  private(set) var pop: CaptionPop!
  var image: EditorImage? { painter.picture }
  /// Draws over everything the painter and the caret drew, in canvas coordinates: the selected text
  /// box's frame and handles (see `BoxHandles`). Never part of the export.
  var paintAboveCaptions: ((OpaquePointer) -> Void)?
  /// The captions as drawn: the document's, with a placeholder for each empty caption not being
  /// typed in (see `CaptionEntry`).
  var captions: MemeCaptions { painter.captions }

  init() {
    overlay.widget.name = "canvas"
    drawingArea = gtk_drawing_area_new()
    drawingArea.name = "meme-canvas"
    drawingArea.addCSSClass("meme-canvas")
    drawingArea.expandsHorizontally = true
    drawingArea.expandsVertically = true
    Accessible.setLabel(drawingArea, localized("Meme preview"))
    overlay.setChild(drawingArea)

    placeholder = Self.makePlaceholder()
    for child in [fields.topEntry.widget, fields.bottomEntry.widget, placeholder, loading.widget] {
      overlay.add(child)
    }
    // The fields' limit messages lie over everything added so far.
    fields.attach(to: self)

    DrawingArea.setDrawFunction(drawingArea) { [weak self] context, width, height in
      guard let self else { return }
      let focused = fields.focusedEntry.flatMap { entry in cursor(for: entry.slot).map { (entry, $0) } }
      painter.sheetColor = ThemeColors.sheet(in: drawingArea)
      painter.paint(
        on: context, width: Double(width), height: Double(height),
        scaleFactor: Double(gtk_widget_get_scale_factor(drawingArea))
      ) { context in
        guard let (entry, cursor) = focused, let selection = entry.selection else { return }
        CaptionCursorPainter.paintSelection(
          cursor.selectionRects(from: selection.lowerBound, to: selection.upperBound), turn: cursor.turn,
          on: context)
      }
      if let (entry, cursor) = focused {
        if let selection = entry.selection {
          CaptionCursorPainter.paintSelectionOverLetters(
            cursor.selectionRects(from: selection.lowerBound, to: selection.upperBound), turn: cursor.turn,
            on: context)
        } else {
          CaptionCursorPainter.paintCaret(
            cursor.caretRect(atOffset: entry.cursorPosition), turn: cursor.turn, on: context)
        }
      }
      paintAboveCaptions?(context)
      fitVideoFrames(width: Double(width), height: Double(height))
      // An oversized caption's layer is being drawn on another thread: look again shortly.
      if painter.isDrawingLayers, layerPoll?.isPending != true {
        layerPoll = Timeout(milliseconds: 16) { [weak self] in self?.drawingArea.queueDraw() }
      }
    }
    // A look-again still pending when the window closes must not reach the freed drawing area (the
    // canvas may outlive its widgets while late work still holds it).
    Signal.connect(drawingArea, "destroy") { [weak self] in self?.layerPoll?.cancel() }
    Signal.connectChildPosition(widget) { [weak self] child in
      self?.fields.position(of: child) ?? self?.positionOverlay?(child)
    }
    pop = CaptionPop(clockOf: drawingArea)
    pop.onFrame = { [weak self] in
      guard let self else { return }
      painter.captionScale = pop.scale
      drawingArea.queueDraw()
      gtk_widget_queue_allocate(widget)
    }
    Signal.connectResize(drawingArea) { [weak self] width, height in
      self?.pop.canvasResized(width: width, height: height)
      self?.zoomControls.update()
    }
    // Zoomed in, the picture reaches past the canvas: keep it (and the caption fields) inside.
    gtk_widget_set_overflow(widget, GTK_OVERFLOW_HIDDEN)
    // Under the zoom indicator, which layers added later expect just beneath them.
    overlay.add(playback.controls)
    playback.watchPointer(over: widget)
    // A video's controls lie where an animation's do, under the zoom indicator too.
    videoPlayback = VideoPlayback(
      clock: drawingArea, playAction: EditorAction.playAnimation.detailedName, placement: .overPicture)
    overlay.add(videoPlayback.controls)
    videoPlayback.watchPointer(over: widget)
    zoomControls = CanvasZoomControls(drawing: drawingArea, painter: painter) { [unowned self] in
      // The caption fields follow the picture.
      gtk_widget_queue_allocate(widget)
    }
    addOverlay(zoomControls.indicator)
    playback.onFrame = { [weak self] frame, time in
      guard let self else { return }
      painter.showFrame(frame, time: time)
      drawingArea.queueDraw()
    }
    videoPlayback.onFrame = playback.onFrame
    showPicture(nil)
  }

  // MARK: - Model to screen

  /// Shows `image` cut and turned by `transform`; crop mode shows it without the captions and their
  /// fields (its own layer draws them on the crop).
  /// `redrawn`: the picture is the one shown drawn again (a panel meme's sheet), which keeps the zoom.
  func showPicture(
    _ image: EditorImage?, transform: PictureTransform = .identity, withCaptions: Bool = true,
    redrawn: Bool = false
  ) {
    if redrawn, let image, transform.isIdentity {
      painter.showRedrawn(image)
    } else {
      painter.show(image, transform: transform)
    }
    painter.drawsCaptions = withCaptions
    updatePlayback()
    placeholder.isVisible = image == nil
    fields.followCaptions(drawn: withCaptions)
    zoomControls?.update()
    gtk_widget_queue_allocate(widget)
    drawingArea.queueDraw()
  }

  func showCaptions(_ captions: MemeCaptions) {
    fields.show(captions)
    showFieldTexts()
  }

  /// Draws what the fields show: the document's captions, and the placeholders of empty ones.
  func showFieldTexts() {
    painter.show(fields.shownCaptions)
    updatePlayback()
    drawingArea.queueDraw()
  }

  /// Plays what moves: an animated picture (its stickers following its timeline), or on a still
  /// picture the animated stickers' own timeline while the layers are shown (not in crop mode).
  private func updatePlayback() {
    videoPlayback?.show(painter.picture)
    guard let picture = painter.picture, !picture.isVideo else { return playback.show(nil, layersOf: nil) }
    if picture.isAnimated {
      return playback.show(.file(picture.url, timeline: picture.timeline), layersOf: nil)
    }
    if let grid = animatedPanels?() { return playback.show(.panels(grid), layersOf: nil) }
    let captions = painter.captions
    let delays = painter.drawsCaptions ? captions.layerTimelineDelays : nil
    playback.show(delays.map { .layers(delays: $0) }, layersOf: captions)
  }

  /// Where the frames of the moving picture shown lie (a video's at its frame rate), for trimming.
  var movingTimeline: AnimationTimeline? { videoPlayback.timeline ?? playback.timeline }

  /// The source's frame shown (the video's, or the animation file's), for trimming at it.
  var sourceFrameShown: Int? {
    videoPlayback.player != nil ? videoPlayback.frameIndex : playback.sourceFrameIndex
  }

  /// A playing video is decoded at the size its picture is drawn in the view (device pixels).
  private func fitVideoFrames(width: Double, height: Double) {
    guard videoPlayback.player != nil, let size = painter.pictureSize, size.width > 0 else { return }
    let rect = painter.pictureRect(inWidth: width, height: height)
    videoPlayback.fitFrames(toScale: rect.width * Double(drawingArea.scaleFactor) / Double(size.width))
  }

  /// Adds a layer over the picture and everything on it.
  func addOverlay(_ child: Widget) {
    overlay.add(child)
  }

  /// Takes a layer added with `addOverlay` off the canvas (which drops its reference).
  func removeOverlay(_ child: Widget) {
    overlay.remove(child)
  }

  /// Adds a layer over the picture and its classic caption fields, under the fields of the text boxes
  /// (crop mode's, built when crop mode first opens: where it lay when it was added before any box).
  /// GTK 4's gtk_overlay_add_overlay is this insertion, at the end.
  func addLayerUnderBoxFields(_ child: UnsafeMutablePointer<GtkWidget>) {
    gtk_widget_insert_before(child, widget, fields.boxEntries.first?.widget)
  }

  /// The panel meme shown, when one of its cells is animated: it plays (see `AnimationPlayback`).
  var animatedPanels: (() -> PanelGrid?)?

  /// Where an overlay other than the caption fields lies (a panel meme's cell frames); nil: GTK's default.
  var positionOverlay: ((Widget) -> GdkRectangle?)?

  /// The caption layout currently drawn (for the style popover's font and overflow reports).
  var layout: MemeLayout? { painter.layout }

  /// Where the captions lie in the canvas and the pixel size they are laid out for: the picture's,
  /// or the empty sheet's before there is a picture.
  var captionFrame: (rect: ImageRect, imageWidth: Int, imageHeight: Int)? {
    painter.captionFrame(
      inWidth: Double(drawingArea.width), height: Double(drawingArea.height))
  }

  /// Where the picture lies in the canvas, in canvas coordinates (zero when there is none).
  var pictureRect: ImageRect {
    painter.pictureRect(
      inWidth: Double(drawingArea.width), height: Double(drawingArea.height))
  }

  // MARK: - For the canvas's parts: the caption fields, box handles, the context menu, drag-out

  var drawsCaptions: Bool { painter.drawsCaptions }
  var drawnCaptions: (layout: MemeLayout, rect: ImageRect)? {
    painter.drawnCaptions(inWidth: drawingSize.width, height: drawingSize.height)
  }
  var drawnLayers: [MemeLayer] { painter.captions.layers }
  var popScale: Double { pop.scale }
  var overlayHeight: Int32 { Int32(widget.height) }

  /// Where the caret and selection of the caption in `slot` lie as drawn now.
  func cursor(for slot: CaptionSlot) -> CaptionCursor? {
    guard painter.drawsCaptions, let drawn = drawnCaptions else { return nil }
    return CaptionCursor(layout: drawn.layout, slot: slot, frame: drawn.rect, popScale: painter.captionScale)
  }

  func drawingPoint(x: Double, y: Double, in child: Widget) -> (x: Double, y: Double)? {
    var point = (x: 0.0, y: 0.0)
    guard gtk_widget_translate_coordinates(child, drawingArea, x, y, &point.x, &point.y) != 0 else {
      return nil
    }
    return point
  }

  func placeFields() {
    gtk_widget_queue_allocate(widget)
  }

  /// The drawing's size, in logical pixels.
  var drawingSize: (width: Double, height: Double) { (Double(drawingArea.width), Double(drawingArea.height)) }

  /// Draws the canvas again (a box's frame moved, the selection changed).
  func redraw() {
    drawingArea.queueDraw()
  }

  /// Adds `controller` (a gesture, a key or scroll handler) to the drawing, which owns it.
  func addToDrawing(_ controller: OpaquePointer) {
    drawingArea.addController(controller)
  }

  /// How text boxes map onto the canvas now; nil while they are not drawn (crop mode, no room).
  var boxMapping: BoxMapping? {
    guard painter.drawsCaptions else { return nil }
    return painter.boxMapping(inWidth: drawingSize.width, height: drawingSize.height)
  }

  /// The theme's accent colour, as the drawing is styled.
  var accentColor: GdkRGBA { ThemeColors.accent(in: drawingArea) }

  /// Where `child` (a field over the drawing) lies, in the drawing's coordinates.
  func boundsInDrawing(of child: UnsafeMutablePointer<GtkWidget>) -> (
    x: Double, y: Double, width: Double, height: Double
  )? {
    WidgetTree.bounds(of: child, in: drawingArea)
  }

  /// Parents `popover` to the drawing, so that it points at the drawing's coordinates, and closes
  /// and unparents it as the drawing goes.
  func attachPopover(_ popover: UnsafeMutablePointer<GtkWidget>) {
    drawingArea.attachPopover(popover)
  }

  /// Lays the empty sheet out for a canvas of this size before its first frame (see
  /// `LaunchSheet`).
  func prepareSheet(width: Int32, height: Int32, scaleFactor: Double) {
    painter.prepareSheet(inWidth: Double(width), height: Double(height), scaleFactor: scaleFactor)
  }

  // MARK: - Building

  private static func makePlaceholder() -> UnsafeMutablePointer<GtkWidget> {
    StatusPage(
      name: "placeholder", iconName: IconName.noPicture,
      title: localized("No Picture Yet"),
      description: localized("Choose one from your Album, paste one, or drop one here."),
      button: StatusPage.Button(
        label: localized("Choose from _Album…"), actionName: EditorAction.open.detailedName),
      isCompact: true
    ).makeWidget()
  }
}
