// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkKit
import MemeCore
import MemeEditing

/// Crop mode's layer over the canvas: the picture outside the crop dimmed, the captions laid out live
/// on the crop, the frame with its handles, and drags that move its corners, edges or the whole.
final class CropOverlay {
  let widget: UnsafeMutablePointer<GtkWidget>
  /// The crop being edited; nil outside crop mode.
  var selection: CropSelection? { didSet { widget.queueDraw() } }
  var captions = EditorState.initial.captions { didSet { widget.queueDraw() } }
  /// Where the (uncropped) picture lies, in this widget's coordinates.
  var pictureRect: () -> ImageRect = { ImageRect(x: 0, y: 0, width: 0, height: 0) }
  private var drag: (handle: CropHandle, start: ImageRect)?
  /// Where the pointer rests on the layer (widget coordinates); nil while it is elsewhere.
  private(set) var pointer: (x: Double, y: Double)?
  private var cachedLayout: MemeLayout?

  /// How far from an edge or corner a press still takes hold of it, in logical pixels.
  static let reach = 14.0

  init() {
    widget = gtk_drawing_area_new()
    widget.name = "crop-overlay"
    widget.expandsHorizontally = true
    widget.expandsVertically = true
    widget.isVisible = false
    Accessible.setLabel(widget, localized("Crop area"))
    DrawingArea.setDrawFunction(widget) { [weak self] context, _, _ in self?.draw(on: context) }
    let gesture = gtk_gesture_drag_new()!
    Signal.connectPoint(gesture.raw, "drag-begin") { [weak self] x, y in self?.beginDrag(atX: x, y: y) }
    Signal.connectPoint(gesture.raw, "drag-update") { [weak self] dx, dy in self?.updateDrag(dx: dx, dy: dy) }
    Signal.connectPoint(gesture.raw, "drag-end") { [weak self] _, _ in self?.drag = nil }
    widget.addController(gesture)
    // The pointer shows what a press would take hold of.
    let motion = gtk_event_controller_motion_new()!
    Signal.connectPoint(motion.raw, "motion") { [weak self] x, y in
      guard let self else { return }
      pointer = (x, y)
      guard drag == nil else { return }
      gtk_widget_set_cursor_from_name(widget, Self.cursorName(for: handle(atX: x, y: y)))
    }
    Signal.connect(motion.raw, "leave") { [weak self] in self?.pointer = nil }
    widget.addController(motion)
  }

  /// The handle under (x, y) of the widget, if any.
  func handle(atX x: Double, y: Double) -> CropHandle? {
    guard let selection else { return nil }
    let rect = pictureRect()
    return selection.handle(at: ((x - rect.x) * scale, (y - rect.y) * scale), reach: Self.reach * scale)
  }

  /// The CSS cursor name for a handle (nil: the default arrow).
  static func cursorName(for handle: CropHandle?) -> String? {
    switch handle {
    case .topLeft, .bottomRight: "nwse-resize"
    case .topRight, .bottomLeft: "nesw-resize"
    case .top, .bottom: "ns-resize"
    case .left, .right: "ew-resize"
    case .move: "move"
    case nil: nil
    }
  }

  /// Picture pixels per logical pixel of the widget.
  var scale: Double {
    guard let selection else { return 1 }
    let rect = pictureRect()
    return rect.width > 0 ? selection.pictureWidth / rect.width : 1
  }

  // MARK: - Dragging (widget coordinates)

  /// A press at (x, y): takes hold of the edge, corner or inside of the crop under it.
  func beginDrag(atX x: Double, y: Double) {
    guard let selection else { return }
    drag = handle(atX: x, y: y).map { ($0, selection.rect) }
  }

  /// The pointer moved (dx, dy) since the press.
  func updateDrag(dx: Double, dy: Double) {
    guard let drag, var selection else { return }
    selection.drag(drag.handle, from: drag.start, by: dx * scale, dy * scale)
    self.selection = selection
  }

  // MARK: - Drawing

  private func draw(on context: OpaquePointer) {
    guard let selection else { return }
    let picture = pictureRect()
    guard picture.width > 0 else { return }
    let factor = picture.width / selection.pictureWidth
    let crop = ImageRect(
      x: picture.x + selection.rect.x * factor, y: picture.y + selection.rect.y * factor,
      width: selection.rect.width * factor, height: selection.rect.height * factor)
    // Outside the crop, dimmed.
    cairo_save(context)
    cairo_set_fill_rule(context, CAIRO_FILL_RULE_EVEN_ODD)
    cairo_rectangle(context, picture.x, picture.y, picture.width, picture.height)
    cairo_rectangle(context, crop.x, crop.y, crop.width, crop.height)
    cairo_set_source_rgba(context, 0, 0, 0, 0.6)
    cairo_fill(context)
    cairo_restore(context)
    drawCaptions(on: context, in: crop, pixelWidth: selection.rect.width, pixelHeight: selection.rect.height)
    drawFrame(on: context, crop)
  }

  /// The captions as export will lay them out on the cropped picture.
  private func drawCaptions(
    on context: OpaquePointer, in crop: ImageRect, pixelWidth: Double, pixelHeight: Double
  ) {
    let width = max(1, Int(pixelWidth.rounded()))
    let height = max(1, Int(pixelHeight.rounded()))
    // Band and Poster set their texts around the picture, not on the crop: only the boxes lie on it.
    let onPicture = captions.onPictureOnly
    if cachedLayout?.imageWidth != width || cachedLayout?.imageHeight != height
      || cachedLayout?.captions != onPicture
    {
      cachedLayout = MemeLayout(captions: onPicture, imageWidth: width, imageHeight: height)
    }
    guard let layout = cachedLayout else { return }
    cairo_save(context)
    cairo_rectangle(context, crop.x, crop.y, crop.width, crop.height)
    cairo_clip(context)
    cairo_translate(context, crop.x, crop.y)
    cairo_scale(context, crop.width / Double(width), crop.height / Double(height))
    layout.draw(on: context)
    cairo_restore(context)
  }

  /// A white frame, thirds to compose by, and a square at each corner, each edged in dark so that
  /// it shows on a light picture as on a dark one.
  private func drawFrame(on context: OpaquePointer, _ crop: ImageRect) {
    cairo_save(context)
    func thirds() {
      for third in [1.0, 2.0] {
        cairo_move_to(context, crop.x + crop.width * third / 3, crop.y)
        cairo_line_to(context, crop.x + crop.width * third / 3, crop.maxY)
        cairo_move_to(context, crop.x, crop.y + crop.height * third / 3)
        cairo_line_to(context, crop.maxX, crop.y + crop.height * third / 3)
      }
    }
    // Faint lines: a dark edge under a white line.
    thirds()
    cairo_set_source_rgba(context, 0, 0, 0, 0.3)
    cairo_set_line_width(context, 3)
    cairo_stroke(context)
    thirds()
    cairo_set_source_rgba(context, 1, 1, 1, 0.5)
    cairo_set_line_width(context, 1)
    cairo_stroke(context)
    let side = 10.0
    func frameAndCorners() {
      cairo_rectangle(context, crop.x, crop.y, crop.width, crop.height)
      for (x, y) in [(crop.x, crop.y), (crop.maxX, crop.y), (crop.x, crop.maxY), (crop.maxX, crop.maxY)] {
        cairo_rectangle(context, x - side / 2, y - side / 2, side, side)
      }
    }
    // The dark edge: the frame's line and the squares' outlines, widened.
    frameAndCorners()
    cairo_set_source_rgba(context, 0, 0, 0, 0.55)
    cairo_set_line_width(context, 4)
    cairo_stroke(context)
    cairo_set_source_rgb(context, 1, 1, 1)
    cairo_set_line_width(context, 2)
    cairo_rectangle(context, crop.x, crop.y, crop.width, crop.height)
    cairo_stroke(context)
    for (x, y) in [(crop.x, crop.y), (crop.maxX, crop.y), (crop.x, crop.maxY), (crop.maxX, crop.maxY)] {
      cairo_rectangle(context, x - side / 2, y - side / 2, side, side)
    }
    cairo_fill(context)
    cairo_restore(context)
  }
}
