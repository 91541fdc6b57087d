// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// A GtkBox: children in a row or a column.
public struct Box {
  public let widget: Widget

  public init(_ orientation: GtkOrientation, spacing: Int32 = 0) {
    widget = gtk_box_new(orientation, spacing)
  }

  /// Adds `child` at the end.
  public func append(_ child: Widget) { gtk_box_append(gtkkit_box(widget), child) }

  /// Takes every child out (each is freed unless something else holds a reference to it).
  public func removeAll() {
    while let child = gtk_widget_get_first_child(widget) { gtk_box_remove(gtkkit_box(widget), child) }
  }

  /// Lays the children out along `orientation` (a panel that moves under the canvas on a narrow window).
  public func setOrientation(_ orientation: GtkOrientation) {
    gtk_orientable_set_orientation(gtkkit_orientable(widget), orientation)
  }
}
