// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// A GtkPopover showing `child`, and the GtkMenuButton that opens it.
public struct Popover {
  public let widget: Widget

  public init(child: Widget, position: GtkPositionType) {
    widget = gtk_popover_new()
    gtk_popover_set_child(gtkkit_popover(widget), child)
    gtk_popover_set_position(gtkkit_popover(widget), position)
  }

  /// Closes it (as a choice made inside it does).
  public func close() { gtk_popover_popdown(gtkkit_popover(widget)) }
}

/// A GtkMenuButton: `child` on the button, `popover` opened by it.
public struct MenuButton {
  public let widget: Widget

  public init(child: Widget, popover: Popover) {
    widget = gtk_menu_button_new()
    gtk_menu_button_set_child(gtkkit_menu_button(widget), child)
    gtk_menu_button_set_popover(gtkkit_menu_button(widget), popover.widget)
  }
}
