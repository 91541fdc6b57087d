// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// A GtkSeparator: a line between parts of a box.
public struct Separator {
  public let widget: Widget

  public init(_ orientation: GtkOrientation) {
    widget = gtk_separator_new(orientation)
  }

  /// Draws the line along `orientation` (when the box around it turns).
  public func setOrientation(_ orientation: GtkOrientation) {
    gtk_orientable_set_orientation(gtkkit_orientable(widget), orientation)
  }
}
