// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkKit

/// A window made the size of a small phone screen, 360×640, as the narrow-window tests ask.
enum NarrowWindow {
  /// Makes `window` 360×640 and returns the width its widget should then have: GTK's window
  /// widget leaves out the client-side decorations' border that the window's size includes,
  /// measured at the size it had (one it surely fits). `settle` lets the window take the size.
  static func make360(_ window: UnsafeMutablePointer<GtkWidget>, settle: () -> Void) -> Int32 {
    var defaultWidth: Int32 = 0
    var defaultHeight: Int32 = 0
    gtk_window_get_default_size(gtkkit_window(window), &defaultWidth, &defaultHeight)
    let border = defaultWidth - gtk_widget_get_width(window)
    gtk_window_set_default_size(gtkkit_window(window), 360, 640)
    settle()
    return 360 - border
  }
}
