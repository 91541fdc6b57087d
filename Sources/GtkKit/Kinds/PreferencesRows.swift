// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// libadwaita's AdwPreferencesGroup: a titled section of rows in a boxed list, with a line that
/// says what the section is for.
public struct PreferencesGroup {
  public let widget: Widget

  public init(title: String, description: String? = nil) {
    widget = adw_preferences_group_new()
    adw_preferences_group_set_title(group, title)
    if let description { self.description = description }
  }

  private var group: UnsafeMutablePointer<AdwPreferencesGroup> { gtkkit_preferences_group(widget) }

  /// The line under the title.
  public var description: String {
    get { adw_preferences_group_get_description(group).map { String(cString: $0) } ?? "" }
    nonmutating set { adw_preferences_group_set_description(group, newValue) }
  }

  /// Adds a row to the list, or any other widget below it.
  public func add(_ child: Widget) { adw_preferences_group_add(group, child) }
}

/// libadwaita's AdwActionRow: a row naming what it sets, with the control at its end.
public struct ActionRow {
  public let widget: Widget

  /// A row titled `title` with `control` at its end; a click anywhere on the row works the control
  /// (a switch toggles, a button opens), as in GNOME's settings. The title is text, not markup
  /// (libadwaita's default would read "Black & white" as a broken entity and show nothing).
  public init(title: String, control: Widget? = nil) {
    widget = adw_action_row_new()
    titleIsMarkup = false
    self.title = title
    if let control { setControl(control) }
  }

  /// Puts `control` at the row's end; a click anywhere on the row works it.
  public func setControl(_ control: Widget) {
    control.verticalAlignment = GTK_ALIGN_CENTER
    adw_action_row_add_suffix(row, control)
    adw_action_row_set_activatable_widget(row, control)
    nameControl()
  }

  /// Names the row's control (its activatable widget, as a .ui file sets it) after the title alone.
  /// libadwaita labels the control by the row's title as well: GTK 4.8 then reads both, its own
  /// name and the title ("Font Font").
  public func nameControl() {
    guard let control = adw_action_row_get_activatable_widget(row) else { return }
    gtk_accessible_reset_relation(gtkkit_accessible(control), GTK_ACCESSIBLE_RELATION_LABELLED_BY)
    Accessible.setLabel(control, title)
  }

  /// A row made elsewhere (found in a window's tree).
  public init(wrapping widget: Widget) {
    self.widget = widget
  }

  private var row: UnsafeMutablePointer<AdwActionRow> { gtkkit_action_row(widget) }

  public var title: String {
    get { adw_preferences_row_get_title(gtkkit_preferences_row(widget)).map { String(cString: $0) } ?? "" }
    nonmutating set { adw_preferences_row_set_title(gtkkit_preferences_row(widget), newValue) }
  }

  /// Whether the title is Pango markup (libadwaita's default). Off for text that is not markup
  /// and may hold "&" or "<", such as a translated title.
  public var titleIsMarkup: Bool {
    get { adw_preferences_row_get_use_markup(gtkkit_preferences_row(widget)) != 0 }
    nonmutating set { adw_preferences_row_set_use_markup(gtkkit_preferences_row(widget), newValue ? 1 : 0) }
  }

  /// The smaller line under the title.
  public var subtitle: String {
    get { adw_action_row_get_subtitle(row).map { String(cString: $0) } ?? "" }
    nonmutating set { adw_action_row_set_subtitle(row, newValue) }
  }

  /// Adds `widget` at the row's end, after the control.
  public func addSuffix(_ widget: Widget) { adw_action_row_add_suffix(row, widget) }
}
