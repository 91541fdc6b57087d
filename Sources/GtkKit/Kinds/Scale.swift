// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// A horizontal GtkScale: a slider over a range of whole numbers, which the arrow keys move by one
/// step and Page Up/Down by ten.
public struct Scale {
  public let widget: Widget

  public init(from lowest: Double, to highest: Double, step: Double) {
    widget = gtk_scale_new_with_range(GTK_ORIENTATION_HORIZONTAL, lowest, highest, step)
    gtk_range_set_increments(gtkkit_range(widget), step, step * 10)
    gtk_range_set_round_digits(gtkkit_range(widget), 0)
    gtk_scale_set_digits(gtkkit_scale(widget), 0)
  }

  /// The value shown; setting it moves the slider (and emits `value-changed` when it differs).
  public var value: Double {
    get { gtk_range_get_value(gtkkit_range(widget)) }
    nonmutating set { gtk_range_set_value(gtkkit_range(widget), newValue) }
  }

  /// Changes the range the slider covers (the value is kept inside it).
  public func setRange(from lowest: Double, to highest: Double) {
    gtk_range_set_range(gtkkit_range(widget), lowest, highest)
  }

  /// Whether the value is drawn beside the slider.
  public func drawValue(_ shown: Bool, position: GtkPositionType = GTK_POS_RIGHT) {
    gtk_scale_set_draw_value(gtkkit_scale(widget), shown ? 1 : 0)
    gtk_scale_set_value_pos(gtkkit_scale(widget), position)
  }

  /// A mark under the slider at `value`, with `label` (nil: a tick alone).
  public func addMark(at value: Double, label: String? = nil) {
    gtk_scale_add_mark(gtkkit_scale(widget), value, GTK_POS_BOTTOM, label)
  }

  /// Runs `handler` with the new value whenever it changes (by the user or by `value`).
  public func onValueChanged(_ handler: @escaping (Double) -> Void) {
    let range = widget
    Signal.connect(widget, "value-changed") { handler(gtk_range_get_value(gtkkit_range(range))) }
  }

  /// The values it takes, from `range`'s lower bound to its upper one.
  public func setRange(_ range: ClosedRange<Double>) {
    gtk_range_set_range(gtkkit_range(widget), range.lowerBound, range.upperBound)
  }

  /// Whether the trough is filled from its start to the slider (GTK's default), or left plain.
  public func showsFill(_ shown: Bool) {
    gtk_scale_set_has_origin(gtkkit_scale(widget), shown ? 1 : 0)
  }
}
