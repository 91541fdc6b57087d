// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// A GtkMenuButton: a button that opens a menu (`setMenu`) or a popover.
public struct MenuButton {
  public let widget: Widget

  /// A button to give an icon and a menu.
  public init() {
    widget = gtk_menu_button_new()
    widget.hidesTooltipWhileMenuIsOpen()
  }

  /// `child` on the button, `popover` opened by it.
  public init(child: Widget, popover: Popover) {
    widget = gtk_menu_button_new()
    widget.hidesTooltipWhileMenuIsOpen()
    setChild(child)
    gtk_menu_button_set_popover(button, popover.widget)
  }

  /// A menu button made elsewhere (a window's, kept as its widget).
  public init(wrapping widget: Widget) {
    self.widget = widget
  }

  private var button: OpaquePointer { gtkkit_menu_button(widget) }

  /// Whether this is the window's primary menu (F10 opens it).
  public var isPrimary: Bool {
    get { gtk_menu_button_get_primary(button) != 0 }
    nonmutating set { gtk_menu_button_set_primary(button, newValue ? 1 : 0) }
  }

  public func setIconName(_ name: String) { gtk_menu_button_set_icon_name(button, name) }

  /// What the button shows instead of its icon (a spinner while it is busy).
  public func setChild(_ child: Widget?) { gtk_menu_button_set_child(button, child) }

  /// Shows `menu` when pressed; built the first time it opens (see the widget's `setMenu`).
  /// `name` names the menu for screen readers, as they announce it on opening.
  public func setMenu(_ menu: Menu, named name: String? = nil) { widget.setMenu(menu, named: name) }

  /// Opens `popover` when pressed.
  public func setPopover(_ popover: Popover) { gtk_menu_button_set_popover(button, popover.widget) }

  /// Opens its popover above the button rather than below (a button at the window's bottom).
  public func opensUpwards() { gtk_menu_button_set_direction(button, GTK_ARROW_UP) }

  /// Opens the menu, as a press does.
  public func popUp() { gtk_menu_button_popup(button) }
  public func popDown() { gtk_menu_button_popdown(button) }
}
