// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// A GtkSwitch: an on/off control.
public struct Switch {
  public let widget: Widget

  public init() {
    widget = gtk_switch_new()
  }

  /// Whether it is on.
  public var isOn: Bool {
    get { gtk_switch_get_active(gtkkit_switch(widget)) != 0 }
    nonmutating set { gtk_switch_set_active(gtkkit_switch(widget), newValue ? 1 : 0) }
  }
}
