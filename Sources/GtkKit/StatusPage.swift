// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// A centred "nothing here yet" page: a large dim icon, a title, a wrapped description and an
/// optional pill button that starts the first step. The page's widget name is also its CSS class;
/// the icon has the class "<name>-icon", the button the name "<name>-button".
public struct StatusPage {
  /// The button's mnemonic label ("_Make a Meme") and the detailed action it activates.
  public struct Button {
    public var label: String
    public var actionName: String

    public init(label: String, actionName: String) {
      self.label = label
      self.actionName = actionName
    }
  }

  public var name: String
  public var iconName: String
  public var iconSize: Int32
  public var title: String
  public var description: String
  /// The description's CSS class, e.g. "dim-label".
  public var descriptionClass: String
  /// The description's width limit in characters; nil lets it take the page's width.
  public var maxWidthChars: Int32?
  public var button: Button?

  public init(
    name: String, iconName: String, iconSize: Int32, title: String, description: String,
    descriptionClass: String, maxWidthChars: Int32? = nil, button: Button? = nil
  ) {
    self.name = name
    self.iconName = iconName
    self.iconSize = iconSize
    self.title = title
    self.description = description
    self.descriptionClass = descriptionClass
    self.maxWidthChars = maxWidthChars
    self.button = button
  }

  /// A new floating widget holding the page.
  public func makeWidget() -> UnsafeMutablePointer<GtkWidget> {
    let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)!
    gtk_widget_set_name(box, name)
    gtk_widget_add_css_class(box, name)
    gtk_widget_set_halign(box, GTK_ALIGN_CENTER)
    gtk_widget_set_valign(box, GTK_ALIGN_CENTER)
    let icon = gtk_image_new_from_icon_name(iconName)!
    gtk_image_set_pixel_size(gtkkit_image(icon), iconSize)
    gtk_widget_add_css_class(icon, "\(name)-icon")
    let titleLabel = gtk_label_new(title)!
    gtk_widget_add_css_class(titleLabel, "title-1")
    let descriptionLabel = gtk_label_new(description)!
    gtk_label_set_wrap(gtkkit_label(descriptionLabel), 1)
    gtk_label_set_justify(gtkkit_label(descriptionLabel), GTK_JUSTIFY_CENTER)
    if let maxWidthChars { gtk_label_set_max_width_chars(gtkkit_label(descriptionLabel), maxWidthChars) }
    gtk_widget_add_css_class(descriptionLabel, descriptionClass)
    for child in [icon, titleLabel, descriptionLabel] { gtk_box_append(gtkkit_box(box), child) }
    if let button { gtk_box_append(gtkkit_box(box), makeButton(button)) }
    return box
  }

  private func makeButton(_ button: Button) -> UnsafeMutablePointer<GtkWidget> {
    let widget = Accessible.mnemonicButton(button.label)
    gtk_widget_set_name(widget, "\(name)-button")
    gtk_actionable_set_action_name(gtkkit_actionable(widget), button.actionName)
    gtk_widget_add_css_class(widget, "suggested-action")
    gtk_widget_add_css_class(widget, "pill")
    gtk_widget_set_halign(widget, GTK_ALIGN_CENTER)
    gtk_widget_set_margin_top(widget, 12)
    return widget
  }
}
