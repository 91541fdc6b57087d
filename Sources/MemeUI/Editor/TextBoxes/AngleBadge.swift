// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import MemeEditing

/// The angle a text box is turned to, shown beside its rotation handle while it turns (a drag of
/// the handle, or the turning keys held): outside the box, so it never covers the caption, and
/// hidden when the turn is done. A label over the canvas, never part of the export.
final class AngleBadge {
  private let label = Label("")
  var widget: Widget { label.widget }
  /// The angle shown.
  var text: String { label.text }
  /// The gap between the rotation handle and the badge, in logical pixels.
  static let gap = 14.0

  init() {
    widget.name = "angle-badge"
    widget.isVisible = false
    gtk_widget_set_can_target(widget, 0)
    // Its margins place it from the canvas's top left corner, in any text direction.
    gtk_widget_set_direction(widget, GTK_TEXT_DIR_LTR)
    (widget.horizontalAlignment, widget.verticalAlignment) = (GTK_ALIGN_START, GTK_ALIGN_START)
    // The zoom percentage's look: a small pill of the on-screen-display style.
    for style in ["osd", "zoom-indicator"] { widget.addCSSClass(style) }
  }

  /// The angle as the badge shows it: whole degrees, a minus sign for an anticlockwise turn (a
  /// number and a sign, written alike in every language the app speaks).
  static func text(for angle: Double) -> String {
    let degrees = Int(BoxAngle.normalised(angle).rounded())
    return degrees < 0 ? "−\(-degrees)°" : "\(degrees)°"
  }

  /// Shows `angle` beside `knob` (the rotation handle, canvas coordinates), kept inside a canvas
  /// `width` × `height`: to the handle's right, or its left where the right has no room.
  func show(_ angle: Double, besideKnobAt knob: (x: Double, y: Double), width: Double, height: Double) {
    label.text = Self.text(for: angle)
    var labelWidth: Int32 = 0
    var labelHeight: Int32 = 0
    gtk_widget_measure(widget, GTK_ORIENTATION_HORIZONTAL, -1, nil, &labelWidth, nil, nil)
    gtk_widget_measure(widget, GTK_ORIENTATION_VERTICAL, -1, nil, &labelHeight, nil, nil)
    var x = knob.x + Self.gap
    if x + Double(labelWidth) > width { x = knob.x - Self.gap - Double(labelWidth) }
    let y = knob.y - Double(labelHeight) / 2
    widget.setMargins(
      top: Int32(max(0, min(y, height - Double(labelHeight))).rounded()),
      start: Int32(max(0, min(x, width - Double(labelWidth))).rounded()))
    widget.isVisible = true
  }

  func hide() {
    widget.isVisible = false
  }

  var isShown: Bool { widget.isVisible }
}
