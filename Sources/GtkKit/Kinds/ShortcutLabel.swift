// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// GTK's GtkShortcutLabel: an accelerator drawn as key caps ("Ctrl" "+" "O"), as GTK's own
/// shortcuts window draws them. Several accelerators separated by spaces show side by side.
public struct ShortcutLabel {
  public let widget: Widget

  /// `accelerator` in GTK's syntax ("<Control>o"; "Left Right" for two).
  public init(_ accelerator: String) {
    widget = gtk_shortcut_label_new(accelerator)
  }

  /// A label made elsewhere (found in a window's tree).
  public init?(wrapping widget: Widget) {
    guard gtkkit_is_a(widget, gtk_shortcut_label_get_type()) != 0 else { return nil }
    self.widget = widget
  }
}
