// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// The keyboard focus of a window, kept while a menu is open and given back once it has closed.
/// When a focused popover goes, GTK moves the focus to the window's first focusable widget (the
/// header bar's first button): a keyboard or screen reader user would lose their place.
@MainActor public final class FocusReturn {
  /// The widget that had the focus, with a reference of its own while the menu is open.
  private var kept: ObjectOwner?

  public init() {}

  /// Remembers the widget with the keyboard focus in `widget`'s window (nothing when none has it).
  public func remember(in widget: Widget) {
    guard let root = gtk_widget_get_root(widget), let focus = gtk_root_get_focus(root) else {
      kept = nil
      return
    }
    kept = ObjectOwner(retaining: UnsafeMutableRawPointer(focus))
  }

  /// Gives the focus back to the remembered widget after what the menu's item does (the item runs
  /// after the menu closes, in the same event) and after the frame that unmaps the popover, which
  /// moves the focus away: unless that widget is gone from its window or hidden, or a popover the
  /// item opened has the focus.
  public func giveBack() {
    guard let owner = kept else { return }
    kept = nil
    MainLoop.post(.afterFrames) {
      let widget = owner.raw.assumingMemoryBound(to: GtkWidget.self)
      guard let root = gtk_widget_get_root(widget), widget.isMapped, widget.isFocusable else { return }
      if let focus = gtk_root_get_focus(root), gtk_widget_get_ancestor(focus, gtk_popover_get_type()) != nil {
        return
      }
      _ = widget.grabFocus()
    }
  }
}
