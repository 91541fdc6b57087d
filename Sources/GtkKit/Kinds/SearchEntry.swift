// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// A GtkSearchEntry.
public struct SearchEntry {
  public let widget: Widget

  public init() {
    widget = gtk_search_entry_new()
  }

  public var text: String {
    get { widget.editableText }
    nonmutating set { widget.editableText = newValue }
  }

  /// Keys typed while the focus is anywhere in `widget` go to this entry (type to search).
  public func captureKeys(from widget: Widget) {
    gtk_search_entry_set_key_capture_widget(gtkkit_search_entry(self.widget), widget)
  }
}
