// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkKit

@testable import MemeUI

/// Where the editor's keyboard focus is, for the tests of where it lands.
extension EditorWindow {
  /// The widget with the window's focus (inside a composite control, such as a caption field's text).
  var focusWidget: UnsafeMutablePointer<GtkWidget>? { gtk_window_get_focus(gtkkit_window(window)) }

  /// Whether the focus is `widget` or inside it.
  func focusIsInside(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
    focusWidget.map { $0 == widget || gtk_widget_is_ancestor($0, widget) != 0 } ?? false
  }
}
