// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

extension UnsafeMutablePointer where Pointee == GtkWidget {
  /// Parents `popover` (a context menu) to this widget, so that it points at this widget's
  /// coordinates, and takes it away as the widget goes: a popover is a child its parent does not
  /// know about.
  ///
  /// It is closed before it is unparented. An open menu holds the keyboard and the pointer (on X11,
  /// GDK's grab); unparented while open, it kept them after its window had gone, and the app's
  /// other windows took no key or click again.
  public func attachPopover(_ popover: Widget) {
    gtk_widget_set_parent(popover, self)
    Signal.connect(self, "destroy") {
      gtk_popover_popdown(gtkkit_popover(popover))
      gtk_widget_unparent(popover)
    }
  }
}
