// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// A GtkFlowBox: children laid out in rows that reflow with the width, as a gallery's tiles.
/// Selection is off: each child is a control of its own (a button), so Tab and Enter reach them.
public struct FlowBox {
  public let widget: Widget

  public init(columnSpacing: UInt32 = 12, rowSpacing: UInt32 = 12) {
    widget = gtk_flow_box_new()
    gtk_flow_box_set_selection_mode(box, GTK_SELECTION_NONE)
    gtk_flow_box_set_homogeneous(box, 1)
    gtk_flow_box_set_column_spacing(box, columnSpacing)
    gtk_flow_box_set_row_spacing(box, rowSpacing)
    gtk_flow_box_set_max_children_per_line(box, 12)
  }

  private var box: OpaquePointer { gtkkit_flow_box(widget) }

  public func append(_ child: Widget) { gtk_flow_box_append(box, child) }

  /// Removes every child.
  public func removeAll() {
    while let child = gtk_widget_get_first_child(widget) { gtk_flow_box_remove(box, child) }
  }
}
