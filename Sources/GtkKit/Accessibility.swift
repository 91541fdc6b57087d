// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// Accessible names and descriptions: what screen readers announce and what UI tests look widgets up by.
public enum Accessible {
  /// The accessible name, for controls without a visible label (icon buttons, caption fields).
  public static func setLabel(_ widget: gpointer, _ label: String) {
    gtkkit_accessible_set_string(gtkkit_accessible(widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label)
    // In GTK 4.8 a menu button is a wrapper: keyboard focus and screen readers land on its inner
    // toggle button, which announces only its icon unless it carries the name too.
    if gtkkit_is_a(widget, gtk_menu_button_get_type()) != 0,
      let inner = gtk_widget_get_first_child(gtkkit_widget(widget))
    {
      gtkkit_accessible_set_string(gtkkit_accessible(inner), GTK_ACCESSIBLE_PROPERTY_LABEL, label)
    }
  }

  /// A longer description announced after the name.
  public static func setDescription(_ widget: gpointer, _ description: String) {
    gtkkit_accessible_set_string(gtkkit_accessible(widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description)
  }

  /// Names `widget` after a visible `label` widget.
  public static func setLabelledBy(_ widget: gpointer, _ label: gpointer) {
    gtkkit_accessible_set_labelled_by(gtkkit_accessible(widget), gtkkit_widget(label))
  }
}
