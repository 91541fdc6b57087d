// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// A GtkToggleButton showing an icon or a label.
public struct ToggleButton {
  public let widget: Widget

  /// A button showing `iconName`; with `group`, pressing one lets go of the others in the group.
  public init(iconName: String, group: ToggleButton? = nil) {
    widget = gtk_toggle_button_new()
    gtk_button_set_icon_name(gtkkit_button(widget), iconName)
    join(group)
  }

  /// A button showing `label`; with `group`, as above.
  public init(label: String, group: ToggleButton? = nil) {
    widget = gtk_toggle_button_new_with_label(label)
    join(group)
  }

  /// A button showing `child` (a picture above a name); with `group`, as above.
  public init(child: Widget, group: ToggleButton? = nil) {
    widget = gtk_toggle_button_new()
    gtk_button_set_child(gtkkit_button(widget), child)
    join(group)
  }

  private func join(_ group: ToggleButton?) {
    guard let group else { return }
    gtk_toggle_button_set_group(gtkkit_toggle_button(widget), gtkkit_toggle_button(group.widget))
  }

  /// Shows the icon `iconName` (a button made by a .ui file).
  public func setIconName(_ iconName: String) {
    gtk_button_set_icon_name(gtkkit_button(widget), iconName)
  }

  /// Whether it is pressed in.
  public var isActive: Bool {
    get { gtk_toggle_button_get_active(gtkkit_toggle_button(widget)) != 0 }
    nonmutating set { gtk_toggle_button_set_active(gtkkit_toggle_button(widget), newValue ? 1 : 0) }
  }
}
