// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

extension UnsafeMutablePointer where Pointee == GtkWidget {
  /// Opens this popover (a context menu) at (`x`, `y`) of its parent, on the side of that point
  /// where it fits inside the window: GTK keeps a popover on the screen, not in its window, so at
  /// a narrow window's right or bottom edge it would hang out over the desktop. It opens to the
  /// right of and below the point when it fits there, else to the left or above; when it fits
  /// neither way, it moves along to lie inside the window.
  public func popUp(atX x: Double, y: Double) {
    let popover = gtkkit_popover(self)
    guard let parent = gtk_widget_get_parent(self), let root = gtk_widget_get_root(parent) else { return }
    let window = gtkkit_widget(UnsafeMutableRawPointer(root))!
    var point = (x: x, y: y)
    var inWindow = (x: x, y: y)
    _ = gtk_widget_translate_coordinates(parent, window, x, y, &inWindow.x, &inWindow.y)
    // GTK measures a hidden widget as nothing: the menu inside is measured, with room for the
    // popover's own padding and border around it.
    var width: Int32 = 0
    var height: Int32 = 0
    if let child = gtk_popover_get_child(popover) {
      gtk_widget_measure(child, GTK_ORIENTATION_HORIZONTAL, -1, nil, &width, nil, nil)
      gtk_widget_measure(child, GTK_ORIENTATION_VERTICAL, width, nil, &height, nil, nil)
    }
    let room = (width: Double(gtk_widget_get_width(window)), height: Double(gtk_widget_get_height(window)))
    let size = (width: Double(width) + Self.popoverFrame, height: Double(height) + Self.popoverFrame)

    // Right of the point, else left of it; below it, else above it.
    let across = Self.placement(at: inWindow.x, size: size.width, room: room.width)
    let down = Self.placement(at: inWindow.y, size: size.height, room: room.height)
    point.x -= across.shift
    point.y -= down.shift
    let alignment = across.flips ? GTK_ALIGN_END : GTK_ALIGN_START
    let position = down.flips ? GTK_POS_TOP : GTK_POS_BOTTOM
    horizontalAlignment = alignment
    gtk_popover_set_position(popover, position)
    var rectangle = GdkRectangle(
      x: Int32(point.x.rounded()), y: Int32(point.y.rounded()), width: 1, height: 1)
    gtk_popover_set_pointing_to(popover, &rectangle)
    gtk_popover_popup(popover)
  }

  /// The popover's padding and border on both sides of its menu, at most (Adwaita's: 2 × 7 px).
  private static var popoverFrame: Double { 16 }

  /// Along one axis, for a popover of `size` opening at `start` in `room`: whether it opens the
  /// other way (it fits only before the point), and how far to move the point back when it fits
  /// neither way (so that it ends at the window's edge, or starts at 0 when it is larger still).
  private static func placement(at start: Double, size: Double, room: Double) -> (flips: Bool, shift: Double)
  {
    guard start + size > room else { return (false, 0) }
    if start - size >= 0 { return (true, 0) }
    return (false, start - max(0, room - size))
  }
}
