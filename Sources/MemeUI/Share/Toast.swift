// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkKit

/// A short confirmation over a window's content ("Saved to Pictures/cat-meme.png", "Copied to the
/// clipboard") that goes away by itself. GTK 4.8 has no libadwaita toast: this is a label in the
/// on-screen-display style, added to an overlay by the window that shows it.
final class Toast {
  /// How long a message stays.
  static let milliseconds: UInt32 = 3000

  /// The label: add it to an overlay. Named "toast" for tests.
  let widget: UnsafeMutablePointer<GtkWidget>
  private var timeout: UInt32?

  init(valign: GtkAlign) {
    widget = gtk_label_new("")
    gtk_widget_set_name(widget, "toast")
    gtk_widget_add_css_class(widget, "osd")
    gtk_widget_add_css_class(widget, "toast")
    gtk_widget_set_halign(widget, GTK_ALIGN_CENTER)
    gtk_widget_set_valign(widget, valign)
    gtk_widget_set_margin_bottom(widget, valign == GTK_ALIGN_END ? 24 : 0)
    gtk_widget_set_margin_start(widget, 12)
    gtk_widget_set_margin_end(widget, 12)
    gtk_label_set_wrap(gtkkit_label(widget), 1)
    gtk_label_set_justify(gtkkit_label(widget), GTK_JUSTIFY_CENTER)
    gtk_widget_set_visible(widget, 0)
  }

  var isShown: Bool { gtk_widget_get_visible(widget) != 0 }
  var text: String { String(cString: gtk_label_get_text(gtkkit_label(widget))) }

  /// Shows `message` for a few seconds (a newer message replaces it and starts the time again).
  func show(_ message: String) {
    gtk_label_set_text(gtkkit_label(widget), message)
    gtk_widget_set_visible(widget, 1)
    if let timeout { MainLoop.cancel(timeout) }
    timeout = MainLoop.after(milliseconds: Self.milliseconds) { [weak self] in
      self?.timeout = nil
      self?.hide()
    }
  }

  func hide() {
    if let timeout { MainLoop.cancel(timeout) }
    timeout = nil
    gtk_widget_set_visible(widget, 0)
  }
}
