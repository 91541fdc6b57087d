// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// A GtkPopover showing `child`, opened by a `MenuButton`.
public struct Popover {
  public let widget: Widget

  public init(child: Widget, position: GtkPositionType) {
    widget = gtk_popover_new()
    gtk_popover_set_child(gtkkit_popover(widget), child)
    gtk_popover_set_position(gtkkit_popover(widget), position)
  }

  /// A popover made elsewhere (GTK's emoji chooser is one).
  public init(wrapping widget: Widget) {
    self.widget = widget
  }

  /// Closes it (as a choice made inside it does).
  public func close() { gtk_popover_popdown(gtkkit_popover(widget)) }
}
