// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// A GtkGrid: children in rows and columns.
public struct Grid {
  public let widget: Widget

  public init(rowSpacing: Int32, columnSpacing: Int32) {
    widget = gtk_grid_new()
    gtk_grid_set_row_spacing(gtkkit_grid(widget), UInt32(rowSpacing))
    gtk_grid_set_column_spacing(gtkkit_grid(widget), UInt32(columnSpacing))
  }

  public func attach(_ child: Widget, column: Int32, row: Int32, width: Int32 = 1, height: Int32 = 1) {
    gtk_grid_attach(gtkkit_grid(widget), child, column, row, width, height)
  }
}
