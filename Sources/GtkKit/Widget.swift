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

extension WidgetTree {
  /// Every text `root`'s subtree shows a person: the window title, labels, tooltips, and the items of
  /// menu buttons' menus, depth first. For checking what a window says (e.g. in which language).
  public static func texts(in root: gpointer) -> [String] {
    var texts: [String] = []
    let widget = gtkkit_widget(root)!
    if gtkkit_is_a(widget, gtk_window_get_type()) != 0,
      let title = gtk_window_get_title(gtkkit_window(widget))
    {
      texts.append(String(cString: title))
    }
    // The header bar (titlebar) is one of the window's children, so it is walked too.
    collectTexts(in: widget, into: &texts)
    return texts
  }

  private static func collectTexts(in widget: UnsafeMutablePointer<GtkWidget>, into texts: inout [String]) {
    if gtkkit_is_label(widget) != 0, let text = gtk_label_get_text(gtkkit_label(widget)), text.pointee != 0 {
      texts.append(String(cString: text))
    }
    if let tooltip = gtk_widget_get_tooltip_text(widget) { texts.append(String(cString: tooltip)) }
    if gtkkit_is_a(widget, gtk_menu_button_get_type()) != 0, let model = widget.menuModel {
      menuLabels(of: model, into: &texts)
      // Its items as they are shown (with their shortcuts), even if it has not been opened yet.
      _ = widget.menuPopover
    }
    var child = gtk_widget_get_first_child(widget)
    while let current = child {
      collectTexts(in: current, into: &texts)
      child = gtk_widget_get_next_sibling(current)
    }
  }

  /// The labels of a GMenuModel's items, sections and submenus included.
  private static func menuLabels(of model: UnsafeMutablePointer<GMenuModel>, into texts: inout [String]) {
    for index in 0..<g_menu_model_get_n_items(model) {
      if let value = g_menu_model_get_item_attribute_value(model, index, "label", nil) {
        texts.append(String(cString: g_variant_get_string(value, nil)))
        g_variant_unref(value)
      }
      for link in ["section", "submenu"] {
        guard let linked = g_menu_model_get_item_link(model, index, link) else { continue }
        menuLabels(of: linked, into: &texts)
        g_object_unref(linked)  // transfer full
      }
    }
  }
}
