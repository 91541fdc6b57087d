// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// Accessible names and descriptions: what screen readers announce and what UI tests look widgets up by.
public enum Accessible {
  /// The accessible name, for controls without a visible label (icon buttons, caption fields).
  ///
  /// The name replaces the one GTK derives from the widget's content: GTK 4.8 announces a label
  /// property and a labelled-by relation one after the other ("Cancel Cancel"), so the relation GTK
  /// set (a button to its label, a menu button's inner button to the menu button) is dropped.
  public static func setLabel(_ widget: gpointer, _ label: String) {
    setOnlyLabel(gtkkit_accessible(widget), label)
    // In GTK 4.8 a menu button is a wrapper: keyboard focus and screen readers land on its inner
    // toggle button, which GTK names after the menu button through a labelled-by relation. The inner
    // button takes its name from that relation alone: GTK sets the relation again as the button
    // changes, and a label of its own beside it would be read twice ("Share Share").
    if gtkkit_is_a(widget, gtk_menu_button_get_type()) != 0,
      let inner = gtk_widget_get_first_child(gtkkit_widget(widget))
    {
      gtk_accessible_reset_property(gtkkit_accessible(inner), GTK_ACCESSIBLE_PROPERTY_LABEL)
      setLabelledBy(inner, widget)
    }
  }

  private static func setOnlyLabel(_ accessible: OpaquePointer?, _ label: String) {
    gtkkit_accessible_set_string(accessible, GTK_ACCESSIBLE_PROPERTY_LABEL, label)
    gtk_accessible_reset_relation(accessible, GTK_ACCESSIBLE_RELATION_LABELLED_BY)
  }

  /// A longer description announced after the name.
  public static func setDescription(_ widget: gpointer, _ description: String) {
    gtkkit_accessible_set_string(gtkkit_accessible(widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description)
  }

  /// Names `widget` after a visible `label` widget.
  public static func setLabelledBy(_ widget: gpointer, _ label: gpointer) {
    gtkkit_accessible_set_labelled_by(gtkkit_accessible(widget), gtkkit_widget(label))
  }

  /// Leaves `widget` out of (or puts it back into) what assistive technologies see, for a widget
  /// that stays visible to GTK while the user cannot see it: a stack's other pages, a folded
  /// revealer's child. (GTK 4.8 hides only widgets that are not visible.)
  public static func setHidden(_ widget: gpointer, _ hidden: Bool) {
    gtkkit_accessible_set_hidden(gtkkit_accessible(widget), hidden ? 1 : 0)
  }

  /// A button with a mnemonic label ("_Undo") whose accessible name is the label without the
  /// underscore (see `nameAfterShownLabel`).
  public static func mnemonicButton(_ label: String) -> UnsafeMutablePointer<GtkWidget> {
    let button = gtk_button_new_with_mnemonic(label)!
    nameAfterShownLabel(button)
    return button
  }

  /// Names a button with a mnemonic label, the app's or one a library made (a message dialog's "_OK"),
  /// after the text it shows. GTK 4.8 names such a button after its raw label, so a screen reader
  /// would read "underscore OK OK".
  public static func nameAfterShownLabel(_ button: gpointer) {
    guard let child = gtk_button_get_child(gtkkit_button(button)), gtkkit_is_label(child) != 0,
      let text = gtk_label_get_text(gtkkit_label(child))
    else { return }
    let shown = String(cString: text)  // the mnemonic's underscore removed
    setLabel(button, shown)
    gtkkit_accessible_set_string(gtkkit_accessible(child), GTK_ACCESSIBLE_PROPERTY_LABEL, shown)
  }
}
