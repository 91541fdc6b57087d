// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkKit
import Testing

/// Where a shown popover's menu lies in its window, for tests of where menus open.
public enum PopoverBounds {
  /// A menu that grabs (an autohide popover) is shown on Wayland only for an input event, and the
  /// headless compositor has no input devices: tests of open menus run on X11.
  public static func requireMenus() throws {
    if DisplayHarness.isWayland {
      try Test.cancel(
        Comment(
          rawValue: "Wayland maps a grabbing popup only for an input event; the headless compositor has none."
        ))
    }
  }

  /// The box of `popover`'s menu (its child: the popover widget's own edges are its transparent
  /// shadow) in `window`'s coordinates, from where GDK put the popover's surface.
  public static func menu(
    of popover: UnsafeMutablePointer<GtkWidget>, in window: UnsafeMutablePointer<GtkWidget>
  ) -> (x: Double, y: Double, width: Double, height: Double)? {
    guard let surface = gtk_native_get_surface(OpaquePointer(popover)),
      let child = gtk_popover_get_child(gtkkit_popover(popover)),
      let inPopover = WidgetTree.bounds(of: child, in: popover)
    else { return nil }
    var popoverOffset = (x: 0.0, y: 0.0)
    var windowOffset = (x: 0.0, y: 0.0)
    gtk_native_get_surface_transform(OpaquePointer(popover), &popoverOffset.x, &popoverOffset.y)
    gtk_native_get_surface_transform(OpaquePointer(window), &windowOffset.x, &windowOffset.y)
    let x = Double(gdk_popup_get_position_x(surface)) + popoverOffset.x - windowOffset.x
    let y = Double(gdk_popup_get_position_y(surface)) + popoverOffset.y - windowOffset.y
    return (x + inPopover.x, y + inPopover.y, inPopover.width, inPopover.height)
  }

  /// Whether `popover`'s menu lies inside `window`.
  public static func isInside(
    _ popover: UnsafeMutablePointer<GtkWidget>, _ window: UnsafeMutablePointer<GtkWidget>
  ) -> Bool {
    guard let box = menu(of: popover, in: window) else { return false }
    return box.x >= 0 && box.y >= 0 && box.x + box.width <= Double(gtk_widget_get_width(window))
      && box.y + box.height <= Double(gtk_widget_get_height(window))
  }
}
