// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSupport

extension UnsafeMutablePointer where Pointee == GtkWidget {
  /// Gives the widget a tooltip whose text `text` supplies when the tooltip is about to show (nil or
  /// empty: no tooltip). For widgets that show something else every moment, such as the rows of a
  /// list rebound as it scrolls: setting `tooltip` makes GTK check at once whether the pointer rests
  /// on the widget, which on X11 is a round trip to the display server per widget and change.
  public func provideTooltip(_ text: @escaping () -> String?) {
    let box = ClosureBox(text)
    gtkkit_connect_query_tooltip(
      self,
      { _, _, _, _, tooltip, data in
        let text = MainActor.assumeIsolated { ClosureBox<() -> String?>.unretained(data).payload() }
        guard let text, !text.isEmpty else { return 0 }
        gtk_tooltip_set_text(tooltip, text)
        return 1
      }, box.retainedPointer(), releaseClosureBox)
    gtk_widget_set_has_tooltip(self, 1)
  }
}
