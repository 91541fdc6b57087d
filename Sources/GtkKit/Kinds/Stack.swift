// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// A GtkStack: one of its named children at a time, cross-fading between them.
public struct Stack {
  public let widget: Widget

  public init() {
    widget = gtk_stack_new()
    gtk_stack_set_transition_type(stack, GTK_STACK_TRANSITION_TYPE_CROSSFADE)
  }

  private var stack: OpaquePointer { gtkkit_stack(widget) }

  public func add(_ child: Widget, named name: String) { gtk_stack_add_named(stack, child, name) }

  public func child(named name: String) -> Widget? { gtk_stack_get_child_by_name(stack, name) }

  /// The name of the child shown.
  public var visibleChildName: String? {
    get { gtk_stack_get_visible_child_name(stack).map { String(cString: $0) } }
    nonmutating set { gtk_stack_set_visible_child_name(stack, newValue) }
  }
}
