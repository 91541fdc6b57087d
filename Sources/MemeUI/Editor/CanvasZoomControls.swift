// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import MemeCore
import MemeEditing

/// Zooming and panning the canvas: Ctrl+scroll and a touchpad pinch zoom around the pointer,
/// scrolling and a middle-button drag (or Space and a drag) pan, and a small indicator shows the
/// size. Ctrl+plus, Ctrl+minus and Ctrl+0 are the window's actions, which call `zoom(by:)` and `fit()`.
final class CanvasZoomControls {
  /// The canvas's drawing, which the zoom is shown in and the gestures are on.
  private let drawing: UnsafeMutablePointer<GtkWidget>
  /// What draws the meme at the zoom.
  private let painter: PreviewPainter
  /// Lays the canvas's fields out again: they follow the picture.
  private let relayout: () -> Void
  /// The percentage in the canvas's corner (one picture pixel per screen pixel is 100 %), shown
  /// while the size changes and hidden once it has rested a moment, as Loupe does: left up, it
  /// would lie over the end of a full-width bottom caption.
  private let indicatorLabel = Label("")
  var indicator: Widget { indicatorLabel.widget }
  private var hidesSoon: Timeout?
  /// How long the indicator stays after the last change.
  static let restingMilliseconds: UInt32 = 1500
  /// Set while Space is held (outside a text field): a left-button drag then pans.
  var isSpaceHeld = false
  /// The pointer over the canvas, where Ctrl+scroll zooms around.
  var pointer: (x: Double, y: Double)?
  private var pinchScale: Double?
  /// Where the view was when the pan under way began; nil when none is.
  var panStart: CanvasZoom?

  /// Whether the press under way was held for a drag-out (`DragOut.isArmed`): it then does not pan.
  var isDragOutArmed: () -> Bool = { false }
  /// How far a left-button press moves before it pans (GTK's drag threshold, at its default).
  static let panThreshold = 8.0

  /// The canvas puts `indicator` over itself.
  init(drawing: UnsafeMutablePointer<GtkWidget>, painter: PreviewPainter, relayout: @escaping () -> Void) {
    self.drawing = drawing
    self.painter = painter
    self.relayout = relayout
    OnScreenDisplay.style(
      indicator, name: "zoom-indicator", horizontal: GTK_ALIGN_END, vertical: GTK_ALIGN_END)
    indicator.setMargins(end: 12)
    indicator.setMargins(bottom: 12)
    gtk_widget_set_can_target(indicator, 0)
    indicator.isVisible = false
    // The indicator goes with the window: a hiding still pending then would touch a freed widget.
    Signal.connect(indicator, "destroy") { [weak self] in self?.hidesSoon?.cancel() }
    connectControllers(to: drawing)
  }

  // MARK: - Zooming and panning

  private var sizes: (pictureWidth: Int, pictureHeight: Int, viewWidth: Double, viewHeight: Double)? {
    // The whole output is fitted and zoomed: the picture with its band or frame.
    guard let size = painter.outputSize else { return nil }
    return (size.width, size.height, Double(drawing.width), Double(drawing.height))
  }

  /// Zooms by `factor` around (x, y) of the canvas, or around its centre.
  func zoom(by factor: Double, aroundX x: Double? = nil, y: Double? = nil) {
    guard let sizes else { return }
    var zoom = painter.zoom
    zoom.zoom(
      by: factor, aroundX: x ?? sizes.viewWidth / 2, y: y ?? sizes.viewHeight / 2,
      pictureWidth: sizes.pictureWidth,
      pictureHeight: sizes.pictureHeight, viewWidth: sizes.viewWidth, viewHeight: sizes.viewHeight)
    show(zoom)
  }

  /// Moves the zoomed picture by (dx, dy) screen pixels.
  func pan(by dx: Double, _ dy: Double, from start: CanvasZoom? = nil) {
    guard let sizes else { return }
    var zoom = start ?? painter.zoom
    zoom.pan(
      by: dx, dy, pictureWidth: sizes.pictureWidth, pictureHeight: sizes.pictureHeight,
      viewWidth: sizes.viewWidth,
      viewHeight: sizes.viewHeight)
    show(zoom)
  }

  /// The whole picture again.
  func fit() { show(CanvasZoom()) }

  /// The zoom shown.
  var zoom: CanvasZoom { painter.zoom }

  private func show(_ zoom: CanvasZoom) {
    guard zoom != painter.zoom else { return }
    painter.zoom = zoom
    drawing.queueDraw()
    relayout()
    update()
  }

  /// The size shown, in percent of the picture's own pixels; nil without a picture.
  var percent: Int? {
    guard let sizes else { return nil }
    let scale = painter.zoom.effectiveScale(
      pictureWidth: sizes.pictureWidth, pictureHeight: sizes.pictureHeight, viewWidth: sizes.viewWidth,
      viewHeight: sizes.viewHeight)
    return Int((scale * 100).rounded())
  }

  /// Refreshes the indicator (after a zoom, a resize or a new picture).
  func update() {
    hidesSoon?.cancel()
    guard let percent else {
      indicator.isVisible = false
      return
    }
    indicatorLabel.text = String(format: localized("%d %%"), percent)
    indicator.isVisible = true
    hidesSoon = Timeout(milliseconds: Self.restingMilliseconds) { [weak self] in
      self?.indicator.isVisible = false
    }
  }

  // MARK: - Pointer, scroll and gestures

  private func connectControllers(to area: UnsafeMutablePointer<GtkWidget>) {
    let motion = gtk_event_controller_motion_new()!
    Signal.connectPoint(motion.raw, "motion") { [weak self] x, y in self?.pointer = (x, y) }
    area.addController(motion)

    let scroll = gtk_event_controller_scroll_new(GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES)!
    Signal.connectScroll(scroll.raw) { [weak self] dx, dy in
      guard let self else { return false }
      let state = gtk_event_controller_get_current_event_state(scroll)
      return scrolled(dx: dx, dy: dy, withControl: state.rawValue & GDK_CONTROL_MASK.rawValue != 0)
    }
    area.addController(scroll)

    let pinch = gtk_gesture_zoom_new()!
    Signal.connectSequence(pinch.raw, "begin") { [weak self] in self?.pinchScale = 1 }
    Signal.connectScale(pinch.raw) { [weak self] scale in
      guard let self else { return }
      let center = Gesture.center(of: pinch) ?? (0, 0)
      pinched(to: scale, aroundX: center.x, y: center.y)
    }
    area.addController(pinch)

    // Middle button: always pans. Left button: pans while Space is held, and on a zoomed picture
    // once it moves (a text box's own drag claims its press first); held still first, the meme is
    // dragged out instead (`DragOut`). On the fitted picture a plain left drag does nothing.
    for button in [2, 1] as [UInt32] {
      let drag = Gesture.drag(button: button)
      Signal.connectPoint(drag.raw, "drag-begin") { [weak self] _, _ in
        guard let self else { return }
        if button == 1 && !isSpaceHeld {
          if painter.zoom.isFitted { Gesture.claim(drag, false) }
          return
        }
        Gesture.claim(drag)
        panStart = painter.zoom
      }
      Signal.connectPoint(drag.raw, "drag-update") { [weak self] dx, dy in
        guard let self else { return }
        if panStart == nil, button == 1 {
          // Undecided until it moves past the drag threshold: a hold before it is a drag-out.
          guard (dx * dx + dy * dy).squareRoot() >= Self.panThreshold else { return }
          guard !isDragOutArmed() else { return Gesture.claim(drag, false) }
          Gesture.claim(drag)
          panStart = painter.zoom
        }
        guard let panStart else { return }
        pan(by: dx, dy, from: panStart)
      }
      Signal.connectPoint(drag.raw, "drag-end") { [weak self] _, _ in self?.panStart = nil }
      area.addController(drag)
    }
  }

  /// A scroll: with Ctrl it zooms around the pointer; zoomed in, it pans; otherwise it is not used.
  func scrolled(dx: Double, dy: Double, withControl: Bool) -> Bool {
    guard painter.pictureSize != nil else { return false }
    if withControl {
      zoom(by: pow(CanvasZoom.step, -dy), aroundX: pointer?.x, y: pointer?.y)
      return true
    }
    guard !painter.zoom.isFitted else { return false }
    pan(by: -dx * 40, -dy * 40)
    return true
  }

  /// A pinch reached `scale` (since it began) around (x, y).
  func pinched(to scale: Double, aroundX x: Double, y: Double) {
    let previous = pinchScale ?? 1
    pinchScale = scale
    guard previous > 0 else { return }
    zoom(by: scale / previous, aroundX: x, y: y)
  }
}
