// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// An AdwClamp: its child as wide as the space, up to a maximum width, centred beyond it (text
/// that stays readable in a wide window).
public struct Clamp {
  public let widget: Widget

  public init(maximumWidth: Int32, child: Widget) {
    widget = adw_clamp_new()
    adw_clamp_set_maximum_size(gtkkit_adw_clamp(widget), maximumWidth)
    adw_clamp_set_child(gtkkit_adw_clamp(widget), child)
  }
}
