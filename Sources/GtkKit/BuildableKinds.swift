// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

// The widget kinds the app's .ui files hold, each with the GType `Builder` checks it against.

extension Box: BuildableWidget {
  public static var gtkType: GType { gtk_box_get_type() }
  public init(built widget: Widget) { self.widget = widget }
}

extension Button: BuildableWidget {
  public static var gtkType: GType { gtk_button_get_type() }
  public init(built widget: Widget) { self.widget = widget }
}

extension ToggleButton: BuildableWidget {
  public static var gtkType: GType { gtk_toggle_button_get_type() }
  public init(built widget: Widget) { self.widget = widget }
}

extension ColorButton: BuildableWidget {
  public static var gtkType: GType { gtk_color_button_get_type() }
  public init(built widget: Widget) { self.widget = widget }
}

extension Switch: BuildableWidget {
  public static var gtkType: GType { gtk_switch_get_type() }
  public init(built widget: Widget) { self.widget = widget }
}

extension Label: BuildableWidget {
  public static var gtkType: GType { gtk_label_get_type() }
  public init(built widget: Widget) { self.widget = widget }
}

extension Picture: BuildableWidget {
  public static var gtkType: GType { gtk_picture_get_type() }
  public init(built widget: Widget) { self.widget = widget }
}

extension Entry: BuildableWidget {
  public static var gtkType: GType { gtk_entry_get_type() }
  public init(built widget: Widget) { self.widget = widget }
}

extension SpinButton: BuildableWidget {
  public static var gtkType: GType { gtk_spin_button_get_type() }
  public init(built widget: Widget) { self.widget = widget }
}

extension TextView: BuildableWidget {
  public static var gtkType: GType { gtk_text_view_get_type() }
  public init(built widget: Widget) { self.widget = widget }
}

extension ScrolledWindow: BuildableWidget {
  public static var gtkType: GType { gtk_scrolled_window_get_type() }
  public init(built widget: Widget) { self.widget = widget }
}

extension Overlay: BuildableWidget {
  public static var gtkType: GType { gtk_overlay_get_type() }
  public init(built widget: Widget) { self.widget = widget }
}

extension Revealer: BuildableWidget {
  public static var gtkType: GType { gtk_revealer_get_type() }
  public init(built widget: Widget) { self.widget = widget }
}

extension Separator: BuildableWidget {
  public static var gtkType: GType { gtk_separator_get_type() }
  public init(built widget: Widget) { self.widget = widget }
}

extension TitleBar: BuildableWidget {
  public static var gtkType: GType { gtk_header_bar_get_type() }
  public init(built widget: Widget) { self.widget = widget }
}

extension Window: BuildableWidget {
  public static var gtkType: GType { gtk_window_get_type() }
  public init(built widget: Widget) { self.widget = widget }
}

extension PreferencesGroup: BuildableWidget {
  public static var gtkType: GType { adw_preferences_group_get_type() }
  public init(built widget: Widget) { self.widget = widget }
}

extension ActionRow: BuildableWidget {
  public static var gtkType: GType { adw_action_row_get_type() }
  public init(built widget: Widget) { self.widget = widget }
}

extension MessageDialog: BuildableWidget {
  public static var gtkType: GType { adw_message_dialog_get_type() }
  public init(built widget: Widget) { self.widget = widget }
}
