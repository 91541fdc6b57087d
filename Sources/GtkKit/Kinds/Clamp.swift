// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// libadwaita's AdwClamp: its child at most `maximumSize` wide, centred, and as narrow as the
/// window when the window is narrower, so that a column of rows reads well at every width.
public struct Clamp {
  public let widget: Widget

  public init(_ child: Widget, maximumSize: Int32) {
    widget = adw_clamp_new()
    adw_clamp_set_child(gtkkit_adw_clamp(widget), child)
    adw_clamp_set_maximum_size(gtkkit_adw_clamp(widget), maximumSize)
  }
}
