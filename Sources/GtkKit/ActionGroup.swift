// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// A GSimpleActionGroup inserted into a widget under a prefix of its own: a window's part (crop
/// mode's `crop.` actions) keeps its actions apart from the window's `win.` ones. Menus, buttons and
/// accelerators inside the widget reach them by their detailed name ("crop.apply").
public struct ActionGroup {
  /// The group's actions.
  public let actions: ActionMap

  /// A new, empty group inserted into `widget` as `prefix`; the widget keeps it.
  public init(insertedInto widget: UnsafeMutablePointer<GtkWidget>, prefix: String) {
    let group = g_simple_action_group_new()!
    gtk_widget_insert_action_group(widget, prefix, gtkkit_action_group(group))
    actions = ActionMap(group)
    // The widget took its own reference; drop the one from g_simple_action_group_new.
    g_object_unref(group)
  }
}
