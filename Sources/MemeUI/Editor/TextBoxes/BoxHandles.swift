// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import MemeCore
import MemeEditing

/// The pointer's side of the text boxes on the canvas: a press on a box selects it, a drag on its
/// body moves it, on a handle resizes it (Shift on a corner keeps its proportions), on the rotation
/// handle turns it (snapping to multiples of 45°, the angle shown beside it while it turns); a press anywhere
/// else lets go of the selection. The selected box's frame and handles are drawn over the canvas
/// (see `BoxHandles+Drawing.swift`), never into the export. The classic top and bottom captions are not boxes: presses on them pass on.
///
/// Each box has a caption field lying over it for typing in place. The drag gesture therefore sits
/// on the canvas overlay in the capture phase, ahead of the fields, and takes the press for itself
/// only on a handle or once the pointer has moved past the drag threshold: a plain click still
/// reaches the field and puts the caret there. Each drag is one undo step. A selected comic speech
/// bubble's tail has a handle at its tip: a drag there moves the tip (`BubbleTailDrag`).
final class BoxHandles {
  unowned let canvas: EditorCanvas
  let document: EditorDocument
  /// The drag under way, from its press on a box until its release.
  private(set) var drag: BoxDrag?
  /// The drag of a comic bubble's tail's tip under way, from its press until its release.
  private(set) var tailDrag: BubbleTailDrag?
  /// Whether the drag has taken the pointer sequence (and changes the box).
  private(set) var isDragging = false
  /// The guide lines the drag snapped to, drawn while it holds.
  private(set) var guides: BoxGuides = []
  /// The unselected box under the pointer, outlined faintly.
  private(set) var hoveredIndex: Int?
  /// Counts drags, so that each has a coalescing key of its own (one undo step per drag).
  private var dragCount = 0
  /// The focused caption field and its selection when the press came (see `restoreTextSelection`).
  private var fieldAtPress: (field: UnsafeMutablePointer<GtkWidget>, start: Int32, end: Int32)?
  /// Whether the pressed box was being typed in when the press came (see `keepTypingState`).
  private var wasTypingAtPress = false
  private let gesture: OpaquePointer
  /// The angle beside the rotation handle while a box turns.
  let angleBadge = AngleBadge()
  /// Whether presses are another tool's (Hide Area's drawing): the layers then take none.
  var isSuspended: () -> Bool = { false }

  init(canvas: EditorCanvas, document: EditorDocument) {
    self.canvas = canvas
    self.document = document
    gesture = Gesture.drag(button: 1)
    gtk_event_controller_set_propagation_phase(gesture, GTK_PHASE_CAPTURE)
    Signal.connectPoint(gesture.raw, "drag-begin") { [weak self] x, y in self?.press(atX: x, y: y) }
    Signal.connectPoint(gesture.raw, "drag-update") { [weak self] dx, dy in self?.pointerMoved(by: dx, dy) }
    Signal.connectPoint(gesture.raw, "drag-end") { [weak self] _, _ in self?.release() }
    Signal.connectSequence(gesture.raw, "cancel") { [weak self] in self?.release() }
    canvas.widget.addController(gesture)

    // The pointer shows what a press would take hold of, and a box under it is outlined.
    let motion = gtk_event_controller_motion_new()!
    gtk_event_controller_set_propagation_phase(motion, GTK_PHASE_CAPTURE)
    Signal.connectPoint(motion.raw, "motion") { [weak self] x, y in self?.hover(atX: x, y: y) }
    Signal.connect(motion.raw, "leave") { [weak self] in self?.hover(atX: nil, y: nil) }
    canvas.widget.addController(motion)
    canvas.paintAboveCaptions = { [weak self] context in self?.draw(on: context) }
    canvas.addOverlay(angleBadge.widget)
  }

  /// Shows the angle of the box at `index` beside its rotation handle (while it turns).
  func showAngle(ofBoxAt index: Int) {
    guard let mapping, document.layers.indices.contains(index) else { return angleBadge.hide() }
    let box = document.layers[index]
    angleBadge.show(
      box.angle, besideKnobAt: mapping.onScreen(box).position(of: .rotation),
      width: canvas.drawingSize.width, height: canvas.drawingSize.height)
  }

  /// After any change to the document: the frame follows the selection and the boxes.
  func documentChanged(_ change: EditorDocument.Change) {
    if let hoveredIndex, !document.layers.indices.contains(hoveredIndex) { self.hoveredIndex = nil }
    // The box turning is no longer selected: its angle goes too.
    if change.contains(.selection), drag == nil { angleBadge.hide() }
    if !change.isDisjoint(with: [.selection, .captions]) { canvas.redraw() }
  }

  // MARK: - Where things are (canvas coordinates)

  /// How boxes map onto the canvas now; nil while they are not shown (crop mode, no room).
  var mapping: BoxMapping? {
    canvas.boxMapping
  }

  /// Where a menu or popover for the selected layer points (the Menu key's context menu, Opacity…):
  /// the layer's centre, else the canvas's middle.
  var selectionPoint: (x: Double, y: Double) {
    if let mapping, let index = document.selectedLayerIndex, document.layers.indices.contains(index) {
      let shown = mapping.onScreen(document.layers[index])
      return (shown.centreX, shown.centreY)
    }
    return (canvas.drawingSize.width / 2, canvas.drawingSize.height / 2)
  }

  /// What a press at (x, y) takes hold of: the selected box's handles and body first, then the
  /// body of the topmost box under it.
  func target(atX x: Double, y: Double) -> (index: Int, handle: BoxHandle)? {
    guard let mapping else { return nil }
    let boxes = document.layers
    if let selected = document.selectedLayerIndex, boxes.indices.contains(selected),
      let handle = mapping.onScreen(boxes[selected]).handle(atCanvasX: x, y: y),
      handle.isOffered(by: boxes[selected].kind.editing.handles)
    {
      return (selected, handle)
    }
    for index in boxes.indices.reversed()
    where mapping.onScreen(boxes[index]).handle(atCanvasX: x, y: y, reach: 0) == .body {
      return (index, .body)
    }
    return nil
  }

  /// The selected comic bubble's tail, when its tip lies under (`x`, `y`).
  private func selectedTail(atX x: Double, y: Double, mapping: BoxMapping) -> BubbleTailDrag? {
    guard let index = document.selectedLayerIndex, document.layers.indices.contains(index) else { return nil }
    return BubbleTailDrag(index: index, layer: document.layers[index], mapping: mapping, pressX: x, y: y)
  }

  // MARK: - Pointer

  /// A press: selects the box under it (or lets go of the selection) and gets ready to drag it.
  func press(atX x: Double, y: Double) {
    drag = nil
    isDragging = false
    guides = []
    fieldAtPress = Self.focusedField(in: canvas)
    // Space and a drag pan the zoomed picture (see `CanvasZoomControls`).
    guard !canvas.zoomControls.isSpaceHeld, !isSuspended(), let mapping else { return }
    if let tail = selectedTail(atX: x, y: y, mapping: mapping) {
      // The tip is a handle: the drag is its own at once.
      tailDrag = tail
      dragCount += 1
      beginDragging()
      return
    }
    guard let (index, handle) = target(atX: x, y: y) else {
      document.selectLayer(at: nil)
      return
    }
    wasTypingAtPress = canvas.fields.boxEntry(at: index).map { $0.isFocused && $0.isTyping } ?? false
    document.selectLayer(at: index)
    dragCount += 1
    drag = BoxDrag(
      index: index, box: document.layers[index], handle: handle, mapping: mapping, pressX: x, pressY: y)
    // A handle is ours at once; the body only once the pointer moves, so a click reaches its field.
    if handle != .body { beginDragging() }
    canvas.redraw()
  }

  /// The pointer moved (dx, dy) from the press.
  func pointerMoved(by dx: Double, _ dy: Double) {
    if let tailDrag {
      let tip = tailDrag.tip(movedBy: dx, dy)
      document.speechBubbles.moveTail(
        ofBubbleAt: tailDrag.index, toX: tip.x, y: tip.y, coalescingKey: "tail-drag-\(dragCount)")
      canvas.redraw()
      return
    }
    guard let drag else { return }
    if !isDragging {
      let moved =
        gtk_drag_check_threshold(
          canvas.widget, 0, 0, Int32(dx.rounded()), Int32(dy.rounded())) != 0
      guard moved else { return }
      beginDragging()
    }
    let shift = gtk_event_controller_get_current_event_state(gesture).rawValue & GDK_SHIFT_MASK.rawValue != 0
    let result = drag.box(pointerAtX: drag.pressX + dx, y: drag.pressY + dy, keepingRatio: shift)
    guides = result.guides
    guard document.layers.indices.contains(drag.index) else { return }
    document.updateLayer(at: drag.index, to: result.box, coalescingKey: "box-drag-\(dragCount)")
    if drag.handle == .rotation { showAngle(ofBoxAt: drag.index) }
    canvas.redraw()
  }

  /// The press ended (or another gesture took it): the drag is one undo step.
  func release() {
    if isDragging { document.endTyping() }
    angleBadge.hide()
    drag = nil
    tailDrag = nil
    isDragging = false
    guides = []
    gtk_widget_set_cursor_from_name(canvas.widget, nil)
    canvas.redraw()
  }

  private func beginDragging() {
    isDragging = true
    Gesture.claim(gesture)
    restoreTextSelection()
    keepTypingState()
    gtk_widget_set_cursor_from_name(
      canvas.widget, Self.cursorName(for: drag?.handle, angle: drag?.start.angle ?? 0, isDragging: true))
  }

  /// The caption field with the focus when the press came, and its selection then.
  private static func focusedField(in canvas: EditorCanvas) -> (
    field: UnsafeMutablePointer<GtkWidget>, start: Int32, end: Int32
  )? {
    guard let root = gtk_widget_get_root(canvas.widget), let focus = gtk_root_get_focus(root),
      gtk_widget_is_ancestor(focus, canvas.widget) != 0, gtkkit_is_editable(focus) != 0
    else { return nil }
    var start: Int32 = 0
    var end: Int32 = 0
    if gtk_editable_get_selection_bounds(gtkkit_editable(focus), &start, &end) == 0 {
      start = gtk_editable_get_position(gtkkit_editable(focus))
      end = start
    }
    return (focus, start, end)
  }

  /// Before the pointer passed the drag threshold, the caption field under it saw the press and the
  /// first small moves, and moved its caret or began selecting text. The drag is the box's: the
  /// field the press found focused gets its caret and selection back (a new box's placeholder stays
  /// selected, ready to be typed over); a field the press focused selects nothing.
  private func restoreTextSelection() {
    guard let now = Self.focusedField(in: canvas) else { return }
    let editable = gtkkit_editable(now.field)
    if let before = fieldAtPress, before.field == now.field {
      gtk_editable_select_region(editable, before.start, before.end)
    } else {
      let position = gtk_editable_get_position(editable)
      gtk_editable_select_region(editable, position, position)
    }
  }

  /// The press also reached the box's field, which began typing as a click does. A drag is not a
  /// click: as in slides and drawing apps, dragging a box that was not being typed in moves it and
  /// leaves it selected, its keys moving it, rather than in the middle of its text.
  private func keepTypingState() {
    guard !wasTypingAtPress, let drag, let entry = canvas.fields.boxEntry(at: drag.index), entry.isFocused
    else {
      return
    }
    entry.isTyping = false
  }

  /// The pointer moved over the canvas without a button pressed (nil: it left).
  private func hover(atX x: Double?, y: Double?) {
    guard drag == nil, !isSuspended() else { return }
    let target = x.flatMap { x in y.flatMap { self.target(atX: x, y: $0) } }
    let hovered = target.flatMap { $0.index == document.selectedLayerIndex ? nil : $0.index }
    if hovered != hoveredIndex {
      hoveredIndex = hovered
      canvas.redraw()
    }
    let angle = target.map { document.layers[$0.index].angle } ?? 0
    gtk_widget_set_cursor_from_name(canvas.widget, Self.cursorName(for: target?.handle, angle: angle))
  }

  /// The CSS cursor for pointing at (or dragging) `handle` of a box turned by `angle` degrees: the
  /// resize arrows turn with the box.
  static func cursorName(for handle: BoxHandle?, angle: Double, isDragging: Bool = false) -> String? {
    guard let handle else { return nil }
    switch handle {
    case .body: return "move"
    case .rotation: return isDragging ? "grabbing" : "grab"
    default:
      guard let side = handle.side else { return nil }
      // The handle's outward direction on the screen, folded onto the four two-headed arrows.
      let direction = atan2(side.y, side.x) * 180 / .pi + angle
      let octant = Int(((direction / 45).rounded()).truncatingRemainder(dividingBy: 4) + 4) % 4
      return ["ew-resize", "nwse-resize", "ns-resize", "nesw-resize"][octant]
    }
  }
}
