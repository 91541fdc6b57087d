// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import MemeCore
import MemeEditing

/// The selected box's frame, its eight handles and its rotation handle, in the accent colour as
/// GNOME apps mark a selection, on a white halo edged in dark, so that each shows on light, dark and
/// busy pictures alike, in either style;
/// the centre lines while a move snaps to them; a faint outline around a box under the pointer.
/// Drawn over the canvas only: export never sees them.
extension BoxHandles {
  /// The side of a resize handle's square and the radius of the rotation handle, in logical pixels.
  static let handleSide = 9.0
  static let rotationRadius = 5.5

  func draw(on context: OpaquePointer) {
    guard let mapping else { return }
    let boxes = document.layers
    let accent = accentColor
    cairo_save(context)
    if let hoveredIndex, boxes.indices.contains(hoveredIndex), hoveredIndex != document.selectedLayerIndex {
      outline(mapping.onScreen(boxes[hoveredIndex]), on: context, color: (1, 1, 1, 0.55), width: 1)
    }
    drawGuides(mapping, on: context, accent: accent)
    if let selected = document.selectedLayerIndex, boxes.indices.contains(selected) {
      drawSelection(
        mapping.onScreen(boxes[selected]), offering: boxes[selected].kind.editing.handles,
        on: context,
        accent: accent)
      // A comic bubble's tail's tip is a handle of its own, round as the rotation handle.
      if let bubble = boxes[selected].speechBubble, !bubble.isReaction {
        knob(at: mapping.tailTip(of: bubble), on: context, rim: Self.rgb(accent))
      }
    }
    cairo_restore(context)
  }

  /// The selected layer's frame and the handles its kind offers (`handles`).
  private func drawSelection(
    _ shown: BoxOnScreen, offering handles: Set<LayerHandles>, on context: OpaquePointer, accent: GdkRGBA
  ) {
    let color = Self.rgb(accent)
    let turns = BoxHandle.rotation.isOffered(by: handles)
    // The stalk from the top edge to the rotation handle, then the frame.
    let top = shown.position(of: .top)
    let knob = shown.position(of: .rotation)
    for (shade, width) in [(Self.darkEdge, 7.0), (Self.lightHalo, 4.5), (color, 2.0)] {
      if turns {
        cairo_move_to(context, top.x, top.y)
        cairo_line_to(context, knob.x, knob.y)
        setSource(shade, on: context)
        cairo_set_line_width(context, width)
        cairo_stroke(context)
      }
      outline(shown, on: context, color: shade, width: width)
    }
    // Handles: white with an accent rim, the squares turned with the box.
    for handle in BoxHandle.resizeHandles where handle.isOffered(by: handles) {
      let place = shown.position(of: handle)
      cairo_save(context)
      cairo_translate(context, place.x, place.y)
      cairo_rotate(context, shown.angle * .pi / 180)
      cairo_rectangle(context, -Self.handleSide / 2, -Self.handleSide / 2, Self.handleSide, Self.handleSide)
      cairo_restore(context)
      fillAndRim(on: context, rim: color)
    }
    guard turns else { return }
    self.knob(at: knob, on: context, rim: color)
  }

  /// A round handle at `point`: the rotation handle, a comic bubble's tail's tip.
  private func knob(
    at point: (x: Double, y: Double), on context: OpaquePointer, rim: (Double, Double, Double, Double)
  ) {
    cairo_new_sub_path(context)
    cairo_arc(context, point.x, point.y, Self.rotationRadius, 0, 2 * .pi)
    fillAndRim(on: context, rim: rim)
  }

  /// `accent` as an opaque colour.
  private static func rgb(_ accent: GdkRGBA) -> (Double, Double, Double, Double) {
    (Double(accent.red), Double(accent.green), Double(accent.blue), 1.0)
  }

  /// The picture's centre lines the drag snapped to, across the whole picture; an angle snap
  /// draws the box's own axis through its centre.
  private func drawGuides(_ mapping: BoxMapping, on context: OpaquePointer, accent: GdkRGBA) {
    guard !guides.isEmpty else { return }
    let rect = mapping.pictureRect
    let centre = mapping.pictureCentre
    let color = (Double(accent.red), Double(accent.green), Double(accent.blue), 0.9)
    cairo_save(context)
    let dashes = [6.0, 4.0]
    cairo_set_dash(context, dashes, 2, 0)
    if guides.contains(.verticalCentre) {
      cairo_move_to(context, centre.x, rect.y)
      cairo_line_to(context, centre.x, rect.maxY)
    }
    if guides.contains(.horizontalCentre) {
      cairo_move_to(context, rect.x, centre.y)
      cairo_line_to(context, rect.maxX, centre.y)
    }
    if guides.contains(.snappedAngle), let drag, document.layers.indices.contains(drag.index) {
      let shown = mapping.onScreen(document.layers[drag.index])
      let reach = max(shown.width, shown.height) / 2 + 40
      let (left, right) = (shown.canvasPoint(localX: -reach, y: 0), shown.canvasPoint(localX: reach, y: 0))
      let (up, down) = (shown.canvasPoint(localX: 0, y: -reach), shown.canvasPoint(localX: 0, y: reach))
      for (a, b) in [(left, right), (up, down)] {
        cairo_move_to(context, a.x, a.y)
        cairo_line_to(context, b.x, b.y)
      }
    }
    setSource(color, on: context)
    cairo_set_line_width(context, 1)
    cairo_stroke(context)
    cairo_restore(context)
  }

  private func outline(
    _ shown: BoxOnScreen, on context: OpaquePointer, color: (Double, Double, Double, Double), width: Double
  ) {
    cairo_new_sub_path(context)
    for corner in shown.corners { cairo_line_to(context, corner.x, corner.y) }
    cairo_close_path(context)
    setSource(color, on: context)
    cairo_set_line_width(context, width)
    cairo_stroke(context)
  }

  /// The dark edge under everything drawn (it shows on light pictures) and the white halo on it
  /// (it shows on dark ones).
  static let darkEdge = (0.0, 0.0, 0.0, 0.7)
  static let lightHalo = (1.0, 1.0, 1.0, 1.0)

  /// Fills the current path white and strokes it in `rim`, over a dark edge.
  private func fillAndRim(on context: OpaquePointer, rim: (Double, Double, Double, Double)) {
    setSource(Self.darkEdge, on: context)
    cairo_set_line_width(context, 3.5)
    cairo_stroke_preserve(context)
    cairo_set_source_rgb(context, 1, 1, 1)
    cairo_fill_preserve(context)
    setSource(rim, on: context)
    cairo_set_line_width(context, 1.5)
    cairo_stroke(context)
  }

  private func setSource(_ color: (Double, Double, Double, Double), on context: OpaquePointer) {
    cairo_set_source_rgba(context, color.0, color.1, color.2, color.3)
  }

  /// The theme's accent colour.
  var accentColor: GdkRGBA { canvas.accentColor }
}
