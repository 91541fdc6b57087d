// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import MemeCore
import MemeEditing

/// The pointer and the keys on a panel meme's cells. A click selects a cell. A drag moves its
/// picture in it, or, released over another cell, swaps the two: either is one undo step. Scrolling
/// over a cell zooms its picture (Ctrl and scroll still zoom the canvas). With the canvas focused,
/// the arrow keys move the selected cell's picture and plus and minus zoom it.
final class PanelPointer {
  private unowned let panels: PanelEditing
  private let canvas: EditorCanvas
  /// Whether a drag-out of the meme is armed (the button held still first): then a drag is not ours.
  private let isDragOutArmed: () -> Bool
  private let gesture: OpaquePointer
  /// The drag under way: the cell pressed, the grid before it, whether it moved past the threshold.
  private var drag: (cell: Int, grid: PanelGrid, x: Double, y: Double, isMoving: Bool)?
  /// The caption cell pressed, if the press was on one.
  private var pressedCaptionCell: Int?
  /// Numbers the drags, so that each is one undo step of its own.
  private var dragCount = 0
  /// The cell a drag would swap with if released now, which `PanelCellMarks` shows.
  private(set) var swapTarget: Int?
  /// Called when `swapTarget` changes.
  var onSwapTargetChange: () -> Void = {}

  /// A key press moves a picture this part of its cell's side.
  static let keyStep = 0.1
  /// A key press, or a notch of the wheel, zooms this much.
  static let zoomStep = 1.25

  init(panels: PanelEditing, canvas: EditorCanvas, isDragOutArmed: @escaping () -> Bool) {
    self.panels = panels
    self.canvas = canvas
    self.isDragOutArmed = isDragOutArmed
    gesture = Gesture.drag(button: 1)
    Signal.connectPoint(gesture.raw, "drag-begin") { [weak self] x, y in self?.press(atX: x, y: y) }
    Signal.connectPoint(gesture.raw, "drag-update") { [weak self] dx, dy in self?.moved(by: dx, dy) }
    Signal.connectPoint(gesture.raw, "drag-end") { [weak self] _, _ in self?.release() }
    Signal.connectSequence(gesture.raw, "cancel") { [weak self] in self?.cancel() }
    canvas.addToDrawing(gesture)

    canvas.addToDrawing(
      Gesture.scroll { [weak self] _, dy, withControl in
        // Ctrl and scroll zoom the canvas, as on any picture.
        guard let self, !withControl else { return false }
        return scrolled(by: dy)
      })
    canvas.addToDrawing(
      Gesture.keysLeftOver { [weak self] keyval, withModifiers in
        self?.keyPressed(keyval, withModifiers: withModifiers) ?? false
      })
  }

  // MARK: - Dragging

  private func press(atX x: Double, y: Double) {
    pressedCaptionCell = panels.captionCell(atX: x, y: y)
    guard let grid = panels.grid, let cell = panels.cell(atX: x, y: y) else {
      drag = nil
      return
    }
    drag = (cell, grid, x, y, false)
  }

  private func moved(by dx: Double, _ dy: Double) {
    guard var drag else { return }
    if !drag.isMoving {
      guard Gesture.passesDragThreshold(on: canvas.drawingArea, dx: dx, dy: dy) else { return }
      guard !isDragOutArmed() else {
        self.drag = nil
        return Gesture.claim(gesture, false)
      }
      Gesture.claim(gesture)
      drag.isMoving = true
      dragCount += 1
      self.drag = drag
    }
    let over = panels.cell(atX: drag.x + dx, y: drag.y + dy)
    let target = over == drag.cell ? nil : over
    if target != swapTarget {
      swapTarget = target
      onSwapTargetChange()
    }
    var grid = drag.grid
    if target == nil { pan(&grid, cell: drag.cell, byX: dx, y: dy) }
    if grid != panels.grid { panels.apply(grid, coalescingKey: "panel-drag-\(dragCount)") }
  }

  private func release() {
    defer { cancel() }
    if let row = pressedCaptionCell {
      // A click on a row's caption cell: its caption is typed in the bar.
      panels.select(row)
      panels.bar.focusCaption()
      return
    }
    guard let drag else { return }
    guard drag.isMoving else {
      // A click: the cell becomes the one the bar and the keys act on.
      panels.select(drag.cell)
      _ = canvas.drawingArea.grabFocus()
      return
    }
    if let target = swapTarget {
      var grid = drag.grid
      grid.swapCells(drag.cell, target)
      panels.apply(grid, coalescingKey: "panel-drag-\(dragCount)")
      panels.select(target)
    }
    panels.endRunOfChanges()
  }

  private func cancel() {
    drag = nil
    pressedCaptionCell = nil
    if swapTarget != nil {
      swapTarget = nil
      onSwapTargetChange()
    }
  }

  /// Moves cell `index`'s picture in `grid` by (`dx`, `dy`) pixels of the canvas.
  @discardableResult
  private func pan(_ grid: inout PanelGrid, cell index: Int, byX dx: Double, y dy: Double) -> Bool {
    guard let layout = panels.layout, let scale = panels.sheetScale,
      let picture = layout.pictureSize(ofCell: index), layout.geometry.pictureCells.indices.contains(index)
    else { return false }
    let rect = layout.geometry.pictureCells[index]
    return grid.pan(
      cell: index, byX: dx * scale, y: dy * scale, cellWidth: rect.width, cellHeight: rect.height,
      pictureWidth: picture.width, pictureHeight: picture.height)
  }

  // MARK: - Wheel and keys

  private func scrolled(by dy: Double) -> Bool {
    guard let pointer = canvas.zoomControls.pointer, let cell = panels.cell(atX: pointer.x, y: pointer.y),
      panels.grid?.cells[cell].picture != nil
    else { return false }
    panels.select(cell)
    panels.change(coalescingKey: "panel-zoom-\(cell)") { $0.zoom(cell: cell, by: pow(Self.zoomStep, -dy)) }
    return true
  }

  private func keyPressed(_ keyval: UInt32, withModifiers: Bool) -> Bool {
    guard panels.isActive, let rect = panels.canvasRect(ofCell: panels.selectedCell) else { return false }
    let cell = panels.selectedCell
    if let direction = ArrowKey.direction(of: keyval) {
      guard !withModifiers else { return false }
      let (dx, dy) = (direction.x * rect.width * Self.keyStep, direction.y * rect.height * Self.keyStep)
      panels.change { self.pan(&$0, cell: cell, byX: dx, y: dy) }
      return true
    }
    switch Int32(bitPattern: keyval) {
    case GDK_KEY_plus, GDK_KEY_KP_Add, GDK_KEY_equal: panels.change { $0.zoom(cell: cell, by: Self.zoomStep) }
    case GDK_KEY_minus, GDK_KEY_KP_Subtract: panels.change { $0.zoom(cell: cell, by: 1 / Self.zoomStep) }
    default: return false
    }
    return true
  }
}
