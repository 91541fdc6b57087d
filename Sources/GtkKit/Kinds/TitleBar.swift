// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// A GtkHeaderBar as a plain GtkWindow's title bar (libadwaita's windows use `HeaderBar`).
public struct TitleBar {
  public let widget: Widget

  public init() {
    widget = gtk_header_bar_new()
  }

  private var bar: OpaquePointer { gtkkit_header_bar(widget) }

  public func packStart(_ child: Widget) { gtk_header_bar_pack_start(bar, child) }
  public func packEnd(_ child: Widget) { gtk_header_bar_pack_end(bar, child) }

  /// Whether it shows the window's close (and other) buttons.
  public var showsTitleButtons: Bool {
    get { gtk_header_bar_get_show_title_buttons(bar) != 0 }
    nonmutating set { gtk_header_bar_set_show_title_buttons(bar, newValue ? 1 : 0) }
  }
}
