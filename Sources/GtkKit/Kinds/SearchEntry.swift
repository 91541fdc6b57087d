// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// A GtkSearchEntry.
public struct SearchEntry {
  public let widget: Widget

  public init() {
    widget = gtk_search_entry_new()
  }

  public var text: String {
    get { String(cString: gtk_editable_get_text(gtkkit_editable(widget))) }
    nonmutating set { gtk_editable_set_text(gtkkit_editable(widget), newValue) }
  }

  /// How long typing must pause, in milliseconds, before `onSearchChanged` runs (GTK's default: 150).
  public var searchDelay: UInt32 {
    get { gtk_search_entry_get_search_delay(gtkkit_search_entry(widget)) }
    nonmutating set { gtk_search_entry_set_search_delay(gtkkit_search_entry(widget), newValue) }
  }

  /// Keys typed while the focus is anywhere in `widget` go to this entry (type to search).
  public func captureKeys(from widget: Widget) {
    gtk_search_entry_set_key_capture_widget(gtkkit_search_entry(self.widget), widget)
  }

  /// Runs `handler` when the text changed and typing paused for `searchDelay` (at once when cleared).
  public func onSearchChanged(_ handler: @escaping () -> Void) {
    Signal.connect(widget, "search-changed", handler)
  }
}
