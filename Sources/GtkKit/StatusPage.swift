// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// A centred "nothing here yet" page (libadwaita's AdwStatusPage): a large dim icon, a title, a
/// wrapped description and an optional pill button that starts the first step. The page's widget
/// name is also its CSS class; the button is named "<name>-button".
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
  public var title: String
  public var description: String
  public var button: Button?
  /// A smaller page (AdwStatusPage's `compact` style) for places that are often small.
  public var isCompact: Bool

  public init(
    name: String, iconName: String, title: String, description: String, button: Button? = nil,
    isCompact: Bool = false
  ) {
    self.name = name
    self.iconName = iconName
    self.title = title
    self.description = description
    self.button = button
    self.isCompact = isCompact
  }

  /// A new floating widget holding the page.
  public func makeWidget() -> UnsafeMutablePointer<GtkWidget> {
    let page = adw_status_page_new()!
    let status = gtkkit_adw_status_page(page)
    gtk_widget_set_name(page, name)
    gtk_widget_add_css_class(page, name)
    if isCompact { gtk_widget_add_css_class(page, "compact") }
    adw_status_page_set_icon_name(status, iconName)
    adw_status_page_set_title(status, title)
    // The description is Pango markup: escaped, so a translation's "&" or "<" shows as written.
    let escaped = g_markup_escape_text(description, -1)!
    adw_status_page_set_description(status, escaped)
    g_free(escaped)
    if let button { adw_status_page_set_child(status, makeButton(button)) }
    return page
  }

  private func makeButton(_ button: Button) -> UnsafeMutablePointer<GtkWidget> {
    let widget = Accessible.mnemonicButton(button.label)
    gtk_widget_set_name(widget, "\(name)-button")
    gtk_actionable_set_action_name(gtkkit_actionable(widget), button.actionName)
    gtk_widget_add_css_class(widget, "suggested-action")
    gtk_widget_add_css_class(widget, "pill")
    gtk_widget_set_halign(widget, GTK_ALIGN_CENTER)
    return widget
  }
}
