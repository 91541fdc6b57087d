// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// A GtkRevealer: one child shown or hidden with a transition.
public struct Revealer {
  public let widget: Widget

  /// A revealer of `child`, hidden; without `transition`, GTK's (sliding down).
  public init(child: Widget?, transition: GtkRevealerTransitionType? = nil) {
    widget = gtk_revealer_new()
    gtk_revealer_set_child(revealer, child)
    if let transition { setTransition(transition) }
  }

  private var revealer: OpaquePointer { gtkkit_revealer(widget) }

  /// Whether the child is shown (with the transition).
  public var revealsChild: Bool {
    get { gtk_revealer_get_reveal_child(revealer) != 0 }
    nonmutating set { gtk_revealer_set_reveal_child(revealer, newValue ? 1 : 0) }
  }

  public func setTransition(_ transition: GtkRevealerTransitionType) {
    gtk_revealer_set_transition_type(revealer, transition)
  }
}
