// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkKit

/// The error a window shows the user, read from the dialog itself: what a person sees, rather than
/// a field the app would keep only for tests.
public enum ErrorDialog {
  /// The heading and body of the message (GtkKit's `MessageDialog.present`) shown over `parent`,
  /// or nil.
  public static func shown(over parent: UnsafeMutablePointer<GtkWidget>) -> (title: String, detail: String)? {
    let windows = gtk_window_get_toplevels()!
    for index in 0..<g_list_model_get_n_items(windows) {
      guard let item = g_list_model_get_item(windows, index) else { continue }
      g_object_unref(item)  // the list keeps its own reference
      guard String(cString: gtk_widget_get_name(gtkkit_widget(item))) == "message-dialog",
        gtk_widget_get_visible(gtkkit_widget(item)) != 0,
        gtk_window_get_transient_for(gtkkit_window(item)) == gtkkit_window(parent),
        let dialog = MessageDialog(item)
      else { continue }
      return (dialog.heading, dialog.body)
    }
    return nil
  }
}
