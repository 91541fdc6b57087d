// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

extension UnsafeMutablePointer where Pointee == GtkWidget {
  /// Keeps this GtkMenuButton's tooltip from lying over its own open menu: GTK would show it again
  /// while the pointer rests on the button, over the popover's first items. The tooltip is off while
  /// the popover shows and back (if the button has one) once it hides, whichever popover the button
  /// has now or builds later (a menu's is built when it first opens).
  public func hidesTooltipWhileMenuIsOpen() {
    let button = self
    watchPopover(of: button)
    Signal.connectNotify(button, property: "popover") { watchPopover(of: button) }
  }
}

/// Connects `button`'s current popover, once, to turn the button's tooltip off while it shows.
@MainActor private func watchPopover(of button: Widget) {
  guard let popover = gtk_menu_button_get_popover(gtkkit_menu_button(button)) else { return }
  let object = gtkkit_object(popover)
  guard g_object_get_data(object, watchedKey) == nil else { return }
  g_object_set_data(object, watchedKey, button)
  Signal.connect(popover, "show") { gtk_widget_set_has_tooltip(button, 0) }
  Signal.connect(popover, "hide") {
    // Setting a tooltip text turns has-tooltip on, and an empty one off: as the button's text says.
    let hasTooltip =
      gtk_widget_get_tooltip_text(button) != nil || gtk_widget_get_tooltip_markup(button) != nil
    gtk_widget_set_has_tooltip(button, hasTooltip ? 1 : 0)
  }
}

/// The object-data key marking a popover whose button's tooltip it already hides.
private let watchedKey = "gtkkit-hides-button-tooltip"
