// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkKit

/// The error a window shows the user, read from the dialog itself: what a person sees, rather than
/// a field the app would keep only for tests.
public enum ErrorDialog {
  /// The title and detail of the error dialog (GtkKit's `MessageDialog`) shown over `parent`, or nil.
  public static func shown(over parent: UnsafeMutablePointer<GtkWidget>) -> (title: String, detail: String)? {
    let windows = gtk_window_get_toplevels()!
    for index in 0..<g_list_model_get_n_items(windows) {
      guard let item = g_list_model_get_item(windows, index) else { continue }
      g_object_unref(item)  // the list keeps its own reference
      let window = gtkkit_window(item)!
      guard String(cString: gtk_widget_get_name(gtkkit_widget(item))) == "message-dialog",
        gtk_widget_get_visible(gtkkit_widget(item)) != 0,
        gtk_window_get_transient_for(window) == gtkkit_window(parent),
        let title = gtk_window_get_title(window)
      else { continue }
      let dialog = UnsafeMutableRawPointer(item).assumingMemoryBound(to: GtkMessageDialog.self)
      // The message area holds the primary text (the title) and then the secondary one (the detail).
      let texts = WidgetTree.texts(in: gtk_message_dialog_get_message_area(dialog))
      return (String(cString: title), texts.dropFirst().joined(separator: "\n"))
    }
    return nil
  }
}
