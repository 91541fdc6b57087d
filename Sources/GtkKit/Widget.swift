// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// Widget-tree helpers GTK leaves to the application.
public enum WidgetTree {
  /// The first widget in `root`'s subtree (depth first, `root` included) whose name is `name`
  /// (`gtk_widget_set_name`), e.g. for tests that check a window's structure.
  public static func descendant(of root: gpointer, named name: String) -> UnsafeMutablePointer<GtkWidget>? {
    first(in: gtkkit_widget(root)) { String(cString: gtk_widget_get_name($0)) == name }
  }

  /// The first widget in `root`'s subtree that satisfies `predicate`.
  public static func first(
    in root: UnsafeMutablePointer<GtkWidget>, where predicate: (UnsafeMutablePointer<GtkWidget>) -> Bool
  ) -> UnsafeMutablePointer<GtkWidget>? {
    if predicate(root) { return root }
    var child = gtk_widget_get_first_child(root)
    while let current = child {
      if let found = first(in: current, where: predicate) { return found }
      child = gtk_widget_get_next_sibling(current)
    }
    return nil
  }

  /// `widget`'s allocation in `ancestor`'s coordinates, or nil when not both realised in one tree.
  public static func bounds(
    of widget: gpointer, in ancestor: gpointer
  ) -> (x: Double, y: Double, width: Double, height: Double)? {
    var rect = graphene_rect_t()
    guard gtk_widget_compute_bounds(gtkkit_widget(widget), gtkkit_widget(ancestor), &rect) != 0 else {
      return nil
    }
    return (Double(rect.origin.x), Double(rect.origin.y), Double(rect.size.width), Double(rect.size.height))
  }
}
