// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkKit

/// Finds controls a screen reader could only announce as "button" or "text": every widget whose
/// accessible role is interactive (buttons, toggles, switches, entries, drop-downs, tabs, list
/// items...) or that shows content (drawing areas, pictures) must have a name.
///
/// A name is what GTK 4.8 gives assistive technologies: the accessible label property, a
/// labelled-by relation, or, for buttons, tabs and list items, the text of a label inside them.
public enum AccessibilityAudit {
  /// Whether `widget`'s accessible label property is `expected` (what a screen reader announces).
  public static func hasLabel(_ widget: gpointer, _ expected: String) -> Bool {
    guard
      let mismatch = gtkkit_accessible_check_string(
        gtkkit_accessible(widget), GTK_ACCESSIBLE_PROPERTY_LABEL, expected)
    else { return true }
    g_free(mismatch)
    return false
  }

  /// One line per unnamed control under `root` (its type, widget name and path), empty when all
  /// are named. Hidden subtrees are skipped: they are not in the accessible tree.
  public static func unnamedControls(in root: gpointer) -> [String] {
    var problems: [String] = []
    // The root is audited even before its window is shown.
    audit(gtkkit_widget(root), path: [], isRoot: true, into: &problems)
    return problems
  }

  private static func audit(
    _ widget: UnsafeMutablePointer<GtkWidget>, path: [String], isRoot: Bool = false,
    into problems: inout [String]
  ) {
    guard isRoot || gtk_widget_get_visible(widget) != 0 else { return }
    let path = path + [describe(widget)]
    if needsName(widget), !hasName(widget) {
      problems.append(path.suffix(4).joined(separator: " > "))
    }
    var child = gtk_widget_get_first_child(widget)
    while let current = child {
      audit(current, path: path, into: &problems)
      child = gtk_widget_get_next_sibling(current)
    }
  }

  /// Roles a person operates (or content they need described).
  private static let interactiveRoles: Set<UInt32> = [
    GTK_ACCESSIBLE_ROLE_BUTTON, GTK_ACCESSIBLE_ROLE_CHECKBOX, GTK_ACCESSIBLE_ROLE_COMBO_BOX,
    GTK_ACCESSIBLE_ROLE_LINK, GTK_ACCESSIBLE_ROLE_RADIO, GTK_ACCESSIBLE_ROLE_SEARCH_BOX,
    GTK_ACCESSIBLE_ROLE_SLIDER, GTK_ACCESSIBLE_ROLE_SPIN_BUTTON, GTK_ACCESSIBLE_ROLE_SWITCH,
    GTK_ACCESSIBLE_ROLE_TAB, GTK_ACCESSIBLE_ROLE_TEXT_BOX,
    GTK_ACCESSIBLE_ROLE_LIST_ITEM, GTK_ACCESSIBLE_ROLE_GRID_CELL, GTK_ACCESSIBLE_ROLE_LIST,
    GTK_ACCESSIBLE_ROLE_GRID, GTK_ACCESSIBLE_ROLE_IMG,
  ].map(\.rawValue).reduce(into: Set<UInt32>()) { $0.insert($1) }

  private static func role(of widget: UnsafeMutablePointer<GtkWidget>) -> GtkAccessibleRole {
    gtk_accessible_get_accessible_role(gtkkit_accessible(widget))
  }

  private static func needsName(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
    if gtkkit_is_a(widget, gtk_drawing_area_get_type()) != 0 { return true }
    // Decorative icons inside buttons are images too; only pictures show content.
    if role(of: widget) == GTK_ACCESSIBLE_ROLE_IMG {
      return gtkkit_is_a(widget, gtk_picture_get_type()) != 0
    }
    return interactiveRoles.contains(role(of: widget).rawValue)
  }

  private static func hasName(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
    let accessible = gtkkit_accessible(widget)
    if gtk_test_accessible_has_property(accessible, GTK_ACCESSIBLE_PROPERTY_LABEL) != 0 { return true }
    // A menu button's inner button is named after the menu button, through the relation alone.
    if let parent = gtk_widget_get_parent(widget), gtkkit_is_a(parent, gtk_menu_button_get_type()) != 0 {
      return gtk_test_accessible_has_relation(accessible, GTK_ACCESSIBLE_RELATION_LABELLED_BY) != 0
        && (gtk_test_accessible_has_property(gtkkit_accessible(parent), GTK_ACCESSIBLE_PROPERTY_LABEL) != 0
          || gtk_test_accessible_has_relation(gtkkit_accessible(parent), GTK_ACCESSIBLE_RELATION_LABELLED_BY)
            != 0
          || hasNamedContent(parent))
    }
    // Named by content: a visible label inside a button, a tab or a list row. (GTK makes every
    // button labelled-by its child, even an icon, so the relation alone proves nothing for them.)
    switch role(of: widget) {
    case GTK_ACCESSIBLE_ROLE_BUTTON, GTK_ACCESSIBLE_ROLE_TAB,
      GTK_ACCESSIBLE_ROLE_LIST_ITEM, GTK_ACCESSIBLE_ROLE_GRID_CELL, GTK_ACCESSIBLE_ROLE_CHECKBOX,
      GTK_ACCESSIBLE_ROLE_RADIO, GTK_ACCESSIBLE_ROLE_LINK:
      return hasNamedContent(widget)
    default:
      return gtk_test_accessible_has_relation(accessible, GTK_ACCESSIBLE_RELATION_LABELLED_BY) != 0
    }
  }

  /// A visible label with text, or a named descendant (a grid tile's picture), inside `widget`.
  private static func hasNamedContent(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
    WidgetTree.first(in: widget) { candidate in
      guard candidate != widget, gtk_widget_get_visible(candidate) != 0 else { return false }
      if gtkkit_is_label(candidate) != 0, let text = gtk_label_get_text(gtkkit_label(candidate)) {
        return text.pointee != 0
      }
      return gtk_test_accessible_has_property(gtkkit_accessible(candidate), GTK_ACCESSIBLE_PROPERTY_LABEL)
        != 0
    } != nil
  }

  /// A widget as a failure message names it: its type, and its widget name when it has one.
  public static func describe(_ widget: UnsafeMutablePointer<GtkWidget>) -> String {
    let type = String(cString: g_type_name(gtkkit_type_of(widget)))
    let name = String(cString: gtk_widget_get_name(widget))
    return name == type ? type : "\(type)#\(name)"
  }
}
