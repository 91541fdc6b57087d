// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GLibSupport
import GtkKit
import MemeCore
import MemeEditing

/// Hide Area (`win.hide-area`): the user drags a rectangle over the part of the picture to hide,
/// which becomes a hidden area, selected, its handles and keys those of every layer.
///
/// From the pointer (a menu item or button clicked) the action starts a drawing mode: a line over the
/// picture says what to do, the pointer is a crosshair, and the next drag on the picture draws the
/// area, shown hidden as it grows; a click places a new-sized area there; Escape leaves the mode, and
/// Enter places one in the middle. From the keyboard (the last input the window had was a key: a
/// focused button's Space, the menu's Enter) there is nothing to drag: the area goes in the middle at
/// once, its field focused, so the arrow keys move it and Alt with them resizes it. Drawing, like
/// adding, is one undo step.
final class HideAreaDrawing {
  private unowned let host: any EditorHost
  private let toasts: ToastOverlay
  private let isCropping: () -> Bool
  /// What the mode says over the picture while it is on: built when the mode first starts, so an
  /// editor that never hides keeps the canvas's layers as they were (crop mode's lie just above
  /// the zoom indicator and the angle badge).
  private(set) lazy var hint = makeHint()
  /// Whether the next drag on the picture draws a hidden area.
  private(set) var isOn = false
  /// The press of the drag under way, in the canvas's coordinates.
  private var press: (x: Double, y: Double)?
  /// The area the drag under way draws, once it has passed the drag threshold.
  private var drawnIndex: Int?
  /// Counts the areas drawn: each drag's changes share a coalescing key of their own.
  private var drawings = 0
  private let gesture: OpaquePointer
  /// Whether the window's last input was a key rather than a press of the pointer (GTK's own
  /// focus-visible flag stays on after a click once a key was pressed, so it cannot tell).
  var lastInputWasKeys = false

  init(host: any EditorHost, toasts: ToastOverlay, isCropping: @escaping () -> Bool) {
    self.host = host
    self.toasts = toasts
    self.isCropping = isCropping
    // In the capture phase, ahead of the fields lying over the picture and of the layers' own drag.
    gesture = Gesture.dragFirst(button: 1)
    Signal.connectPoint(gesture.raw, "drag-begin") { [weak self] x, y in self?.pressed(atX: x, y: y) }
    Signal.connectPoint(gesture.raw, "drag-update") { [weak self] dx, dy in self?.moved(by: dx, dy) }
    Signal.connectPoint(gesture.raw, "drag-end") { [weak self] dx, dy in self?.released(after: dx, dy) }
    Signal.connectSequence(gesture.raw, "cancel") { [weak self] in self?.released(after: nil, nil) }
    host.canvas.widget.addController(gesture)
    host.window.addController(
      Gesture.keysFirst { [weak self] keyval, _ in
        guard let self else { return false }
        lastInputWasKeys = true
        return key(keyval)
      })
    host.window.addController(Gesture.pressesFirst { [weak self] in self?.lastInputWasKeys = false })
  }

  private func makeHint() -> Label {
    let hint = Label(localized("Drag over what to hide. Enter: in the middle. Escape: cancel."))
    hint.widget.name = "hide-area-hint"
    hint.wrapsText = true
    hint.widget.isVisible = false
    hint.widget.canTarget = false
    (hint.widget.horizontalAlignment, hint.widget.verticalAlignment) = (GTK_ALIGN_CENTER, GTK_ALIGN_START)
    hint.widget.setMargins(top: 12, start: 12, end: 12)
    hint.widget.addCSSClass("osd")
    hint.widget.addCSSClass("hide-area-hint")
    host.canvas.addOverlay(hint.widget)
    return hint
  }

  private var document: EditorDocument { host.document }
  private var canvas: EditorCanvas { host.canvas }

  /// `win.hide-area`: from the keyboard an area in the middle, from the pointer the drawing mode.
  func start() {
    guard canAdd() else { return }
    if lastInputWasKeys {
      add(at: nil)
    } else {
      setOn(true)
    }
  }

  /// Leaves the drawing mode without drawing (Escape, crop mode, a new picture).
  func cancel() {
    guard isOn else { return }
    setOn(false)
  }

  private func setOn(_ on: Bool) {
    isOn = on
    hint.widget.isVisible = on
    canvas.widget.setCursor(named: on ? "crosshair" : nil)
    if on { document.selectLayer(at: nil) }
  }

  /// Whether an area can be added now; at the most a meme holds, a toast says so.
  private func canAdd() -> Bool {
    guard document.image != nil, !isCropping(), canvas.boxMapping != nil else { return false }
    guard document.hiddenAreas.canAdd else {
      toasts.show(
        Toast(String(format: localized("A meme holds at most %ld hidden areas"), HiddenArea.maximumCount)))
      return false
    }
    return true
  }

  /// Adds an area at `frame` (nil: the middle), selected, its field focused for its keys.
  private func add(at frame: RelativeRect?) {
    guard let index = document.hiddenAreas.add(at: frame) else { return }
    canvas.fields.boxEntry(at: index)?.focus(typing: false)
  }

  // MARK: - Keys

  /// Escape leaves the mode; Enter (or Space) places an area in the middle.
  private func key(_ keyval: UInt32) -> Bool {
    guard isOn else { return false }
    switch Int32(keyval) {
    case GDK_KEY_Escape:
      cancel()
    case GDK_KEY_Return, GDK_KEY_KP_Enter, GDK_KEY_ISO_Enter, GDK_KEY_space:
      setOn(false)
      if canAdd() { add(at: nil) }
    default:
      return false
    }
    return true
  }

  // MARK: - Pointer

  private func pressed(atX x: Double, y: Double) {
    guard isOn, let rect = canvas.boxMapping?.pictureRect, (rect.x...rect.maxX).contains(x),
      (rect.y...rect.maxY).contains(y)
    else {
      press = nil
      return
    }
    // The press is the drawing's: the layers under it, and their fields, do not see it.
    Gesture.claim(gesture)
    press = (x, y)
    drawnIndex = nil
    drawings += 1
  }

  private func moved(by dx: Double, _ dy: Double) {
    guard let press, let mapping = canvas.boxMapping else { return }
    let frame = HiddenArea.drawnFrame(
      fromX: press.x, y: press.y, toX: press.x + dx, y: press.y + dy, on: mapping)
    let key = "hide-area-drawing-\(drawings)"
    if let drawnIndex, document.layers.indices.contains(drawnIndex),
      var area = document.layers[drawnIndex].hiddenArea
    {
      area.frame = frame
      document.updateLayer(at: drawnIndex, to: .hidden(area), coalescingKey: key)
    } else if drawnIndex == nil, Gesture.passesDragThreshold(on: canvas.widget, dx: dx, dy: dy) {
      drawnIndex = document.hiddenAreas.add(at: frame, coalescingKey: key)
    }
  }

  /// The drag ended (`dx`, `dy` from its press; nil: cancelled). A drag drew its area; a click
  /// places a new-sized area about the point clicked.
  private func released(after dx: Double?, _ dy: Double?) {
    guard let press else { return }
    self.press = nil
    setOn(false)
    if let drawnIndex {
      self.drawnIndex = nil
      document.endTyping()
      canvas.fields.boxEntry(at: drawnIndex)?.focus(typing: false)
      return
    }
    guard dx != nil, let mapping = canvas.boxMapping, let image = document.image else { return }
    let picture = document.transform.outputSize(sourceWidth: image.width, sourceHeight: image.height)
    var frame = HiddenArea.newFrame(pictureWidth: picture.width, pictureHeight: picture.height)
    frame.x = (press.x - mapping.pictureRect.x) / mapping.pictureRect.width - frame.width / 2
    frame.y = (press.y - mapping.pictureRect.y) / mapping.pictureRect.height - frame.height / 2
    add(at: frame.clampedToAllowed)
  }
}
