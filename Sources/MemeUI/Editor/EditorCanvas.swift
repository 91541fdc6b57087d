// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkKit
import MemeCore
import MemeEditing

/// The picture, aspect-fit and letterboxed, with the captions drawn by the engine, the two
/// caption fields lying over the picture's top and bottom bands and a field over each text box
/// (see `EditorCanvas+BoxFields.swift`). Before a picture is chosen the classic fields lie over the
/// same bands of an empty sheet, around the invitation to choose one.
///
/// Drawing is `PreviewPainter`'s: the export's layout over a cached on-screen copy of the picture.
final class EditorCanvas {
  /// The overlay holding everything.
  private let overlay = Overlay()
  /// The overlay's widget: put it in the window.
  var widget: Widget { overlay.widget }
  /// Where the meme is drawn, and what draws it. The canvas's parts (zoom, box handles, the context
  /// menu, drag-out) reach them only through the narrow interface below ("For the canvas's parts");
  /// tests read them as they are.
  let drawingArea: UnsafeMutablePointer<GtkWidget>
  let topEntry = CaptionEntry(slot: .classic(.top))
  let bottomEntry = CaptionEntry(slot: .classic(.bottom))
  /// One field per text box, in the order of the boxes (see `EditorCanvas+BoxFields.swift`).
  var boxEntries: [CaptionEntry] = []
  /// Called once for each box field made, so the window connects it to the document.
  var onBoxEntryMade: (CaptionEntry) -> Void = { _ in }
  /// The invitation to choose a picture, shown between the caption fields before there is one.
  let placeholder: UnsafeMutablePointer<GtkWidget>
  private let loadingIndicator: Box
  private let loadingLabel: Label
  /// Stops the load the indicator shows (its Stop button, Escape); nil while none is shown.
  private(set) var stopLoading: (() -> Void)?
  private var watchesEscape = false

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
  /// The spring the captions and fields settle with when the canvas turns portrait or landscape.
  private(set) var pop: CaptionPop!
  var image: EditorImage? { painter.picture }
  /// Draws over everything the painter and the caret drew, in canvas coordinates: the selected text
  /// box's frame and handles (see `BoxHandles`). Never part of the export.
  var paintAboveCaptions: ((OpaquePointer) -> Void)?
  /// The captions as drawn: the document's, with a placeholder for each empty caption not being
  /// typed in (see `CaptionEntry`).
  var captions: MemeCaptions { painter.captions }
  /// The document's captions as last shown: what `captions` shows placeholders over.
  private(set) var documentCaptions = EditorState.initial.captions

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
    (loadingIndicator, loadingLabel) = Self.makeLoadingIndicator()
    for child in [topEntry.widget, bottomEntry.widget, placeholder, loadingIndicator.widget] {
      overlay.add(child)
    }
    addStopButton()
    for entry in [topEntry, bottomEntry] { addLimitMessage(of: entry) }

    DrawingArea.setDrawFunction(drawingArea) { [weak self] context, width, height in
      guard let self else { return }
      let focused = focusedEntry.flatMap { entry in cursor(for: entry).map { (entry, $0) } }
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
      // An oversized caption's layer is being drawn on another thread: look again shortly.
      if painter.isDrawingLayers, layerPoll?.isPending != true {
        layerPoll = Timeout(milliseconds: 16) { [weak self] in self?.drawingArea.queueDraw() }
      }
    }
    // A look-again still pending when the window closes must not reach the freed drawing area (the
    // canvas may outlive its widgets while late work still holds it).
    Signal.connect(drawingArea, "destroy") { [weak self] in self?.layerPoll?.cancel() }
    connectEntries()
    Signal.connectChildPosition(widget) { [weak self] child in self?.position(of: child) }
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
    zoomControls = CanvasZoomControls(drawing: drawingArea, painter: painter) { [unowned self] in
      // The caption fields follow the picture.
      gtk_widget_queue_allocate(widget)
    }
    addOverlay(zoomControls.indicator)
    playback.onFrame = { [weak self] frame in
      guard let self else { return }
      painter.showFrame(frame)
      drawingArea.queueDraw()
    }
    showPicture(nil)
  }

  // MARK: - Model to screen

  /// Shows `image` cut and turned by `transform`; crop mode shows it without the captions and their
  /// fields (its own layer draws them on the crop).
  func showPicture(_ image: EditorImage?, transform: PictureTransform = .identity, withCaptions: Bool = true)
  {
    painter.show(image, transform: transform)
    playback.show(animationAt: image?.isAnimated == true ? image?.url : nil)
    painter.drawsCaptions = withCaptions
    placeholder.isVisible = image == nil
    for entry in [topEntry, bottomEntry] {
      entry.widget.isVisible = withCaptions
      if !withCaptions { entry.limitLabel.isVisible = false }
    }
    for (index, entry) in boxEntries.enumerated() {
      entry.widget.isVisible = showsField(ofLayerAt: index)
      if !withCaptions { entry.limitLabel.isVisible = false }
    }
    zoomControls?.update()
    gtk_widget_queue_allocate(widget)
    drawingArea.queueDraw()
  }

  func showCaptions(_ captions: MemeCaptions) {
    documentCaptions = captions
    topEntry.show(caption: captions.top)
    bottomEntry.show(caption: captions.bottom)
    showBoxes(captions.layers)
    showFieldTexts()
  }

  /// Draws what the fields show: the document's captions, and the placeholders of empty ones.
  func showFieldTexts() {
    var shown = documentCaptions
    shown.top = topEntry.text
    shown.bottom = bottomEntry.text
    for (index, entry) in zip(shown.layers.indices, boxEntries) {
      guard var box = shown.layers[index].textBox else { continue }
      box.text = entry.text
      shown.layers[index] = .text(box)
    }
    painter.show(shown)
    drawingArea.queueDraw()
  }

  /// Adds a layer over the picture and everything on it.
  func addOverlay(_ child: UnsafeMutablePointer<GtkWidget>) {
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
    gtk_widget_insert_before(child, widget, boxEntries.first?.widget)
  }

  /// Shows the "Loading…" indicator for `fileName`, whose Stop button (and Escape) calls `stop`, or
  /// hides it (nil).
  func showLoading(_ fileName: String?, stop: (() -> Void)? = nil) {
    if let fileName {
      loadingLabel.text = String(format: localized("Loading %@…"), fileName)
      watchEscape()
    }
    stopLoading = fileName == nil ? nil : stop
    loadingIndicator.widget.isVisible = !(fileName == nil)
  }

  /// Escape stops a load while the indicator shows (in the capture phase, before a caption field
  /// or another shortcut takes it); at other times it passes on.
  private func watchEscape() {
    guard !watchesEscape, let root = gtk_widget_get_root(widget) else { return }
    watchesEscape = true
    let keys = gtk_event_controller_key_new()!
    gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
    Signal.connectKeyPressed(keys.raw) { [weak self] keyval, _, _ in
      self?.handleLoadingKey(keyval) ?? false
    }
    gtk_widget_add_controller(UnsafeMutableRawPointer(root).assumingMemoryBound(to: GtkWidget.self), keys)
  }

  /// Escape stops the load shown; true when it did (the key is then taken).
  func handleLoadingKey(_ keyval: UInt32) -> Bool {
    guard Int32(keyval) == GDK_KEY_Escape, let stopLoading else { return false }
    stopLoading()
    return true
  }

  /// After a share: the pointer went to the Share menu and a dialog, so the hover highlight a caption
  /// field kept from before (GTK does not hear the pointer leave under a popover's grab) goes.
  func forgetPointer() {
    for entry in [topEntry, bottomEntry] + boxEntries {
      gtk_widget_unset_state_flags(entry.widget, GTK_STATE_FLAG_PRELIGHT)
    }
  }

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

  // MARK: - For the canvas's parts: box handles, the context menu, drag-out, the launch

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

  /// Parents `popover` to the drawing, so that it points at the drawing's coordinates, and unparents
  /// it as the drawing goes (a popover is a child the drawing does not know about).
  func attachPopover(_ popover: UnsafeMutablePointer<GtkWidget>) {
    gtk_widget_set_parent(popover, drawingArea)
    Signal.connect(drawingArea, "destroy") { gtk_widget_unparent(popover) }
  }

  /// Lays the empty sheet out for a canvas of this size before its first frame (see
  /// `EditorWindow+LaunchCaptions.swift`).
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

  private static func makeLoadingIndicator() -> (Box, Label) {
    let box = Box(GTK_ORIENTATION_HORIZONTAL, spacing: 12)
    box.widget.name = "loading"
    box.widget.addCSSClass("osd")
    box.widget.addCSSClass("loading-indicator")
    box.widget.horizontalAlignment = GTK_ALIGN_CENTER
    box.widget.verticalAlignment = GTK_ALIGN_CENTER
    let spinner = Spinner()
    spinner.start()
    let label = Label(localized("Loading…"))
    box.append(spinner.widget)
    box.append(label.widget)
    box.widget.isVisible = false
    return (box, label)
  }

  /// The Stop button of the loading indicator: calls `stopLoading`.
  private func addStopButton() {
    let button = gtk_button_new_with_mnemonic(localized("_Stop"))!
    button.name = "stop-loading"
    button.tooltip = localized("Stop loading the picture (Escape)")
    _ = Signal.connect(button, "clicked") { [weak self] in self?.stopLoading?() }
    loadingIndicator.append(button)
  }
}
