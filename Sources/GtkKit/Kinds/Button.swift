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

  /// A button showing the mnemonic `label` ("_Edit") where there is room for it, and only the icon
  /// `iconName` where there is not (a header bar in a narrow window): GNOME's header bars show
  /// icons, and a label with the minimise and maximise buttons beside close did not fit 360 px.
  /// Give it an accessible name and a tooltip, which the icon alone does not say.
  public init(mnemonic label: String, narrowIcon iconName: String) {
    widget = gtk_button_new()
    let text = gtk_label_new_with_mnemonic(label)!
    gtk_label_set_mnemonic_widget(gtkkit_label(text), widget)
    // GTK 4.8 names a mnemonic label after its raw text, so a screen reader would read the underscore.
    Accessible.setLabel(text, String(cString: gtk_label_get_text(gtkkit_label(text))))
    let forms = Squeezer()
    forms.add(text)
    forms.add(gtk_image_new_from_icon_name(iconName))
    gtk_button_set_child(gtkkit_button(widget), forms.widget)
  }

  /// The text the button shows (empty when it shows an icon or another child).
  public var label: String {
    get { gtk_button_get_label(gtkkit_button(widget)).map { String(cString: $0) } ?? "" }
    nonmutating set { gtk_button_set_label(gtkkit_button(widget), newValue) }
  }

  /// Shows the icon `iconName` instead of what the button showed.
  public func setIconName(_ iconName: String) {
    gtk_button_set_icon_name(gtkkit_button(widget), iconName)
  }
}
