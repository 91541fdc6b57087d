// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// A GtkOverlay: a main child that sizes it, with other widgets over it.
public struct Overlay {
  public let widget: Widget

  public init() {
    widget = gtk_overlay_new()
  }

  /// The overlay `widget` is (a thumbnail's frame, built elsewhere).
  public init(wrapping widget: Widget) {
    self.widget = widget
  }

  private var overlay: OpaquePointer { gtkkit_overlay(widget) }

  /// Sets the main child, which sizes the overlay.
  public func setChild(_ child: Widget?) { gtk_overlay_set_child(overlay, child) }

  /// Puts `child` over the main child.
  public func add(_ child: Widget) { gtk_overlay_add_overlay(overlay, child) }

  /// Takes `child`, put over with `add`, off the overlay (which drops its reference).
  public func remove(_ child: Widget) { gtk_overlay_remove_overlay(overlay, child) }
}
