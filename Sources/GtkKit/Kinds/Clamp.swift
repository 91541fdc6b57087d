// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// libadwaita's AdwClamp: its child as wide as the space up to a maximum width, centred beyond it,
/// and as narrow as the window when the window is narrower, so that text and columns of rows read
/// well at every width.
public struct Clamp {
  public let widget: Widget

  public init(maximumWidth: Int32, child: Widget) {
    widget = adw_clamp_new()
    adw_clamp_set_maximum_size(gtkkit_adw_clamp(widget), maximumWidth)
    adw_clamp_set_child(gtkkit_adw_clamp(widget), child)
  }

  public init(_ child: Widget, maximumSize: Int32) {
    self.init(maximumWidth: maximumSize, child: child)
  }
}
