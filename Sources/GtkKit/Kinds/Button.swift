// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// A GtkButton showing a label, an icon or any child; it activates its `actionName` or its "clicked"
/// handlers.
public struct Button {
  public let widget: Widget

  public init(label: String) {
    widget = gtk_button_new_with_label(label)
  }

  /// A button showing the icon `iconName` (give it an accessible label and a tooltip).
  public init(iconName: String) {
    widget = gtk_button_new_from_icon_name(iconName)
  }

  /// A button showing `child` (a picture, a box of an icon and a label).
  public init(child: Widget) {
    widget = gtk_button_new()
    gtk_button_set_child(gtkkit_button(widget), child)
  }

  /// Shows the icon `iconName` instead of what the button showed.
  public func setIconName(_ iconName: String) {
    gtk_button_set_icon_name(gtkkit_button(widget), iconName)
  }
}
