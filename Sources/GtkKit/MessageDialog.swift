// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// A modal message with a single OK button (GtkMessageDialog, the 4.8 way; GtkAlertDialog is 4.10).
public enum MessageDialog {
  public enum Kind {
    case information, warning, error

    var messageType: GtkMessageType {
      switch self {
      case .information: GTK_MESSAGE_INFO
      case .warning: GTK_MESSAGE_WARNING
      case .error: GTK_MESSAGE_ERROR
      }
    }
  }

  /// Shows the dialog over `parent` and returns it (tests look at it; it destroys itself on response).
  @discardableResult
  public static func present(
    _ kind: Kind, parent: UnsafeMutablePointer<GtkWindow>?, title: String, detail: String? = nil,
    onDismiss: @escaping () -> Void = {}
  ) -> UnsafeMutablePointer<GtkWidget> {
    let dialog = gtkkit_message_dialog_new(parent, kind.messageType, GTK_BUTTONS_OK, title, detail)!
    gtk_widget_set_name(dialog, "message-dialog")
    // GTK names a message dialog after nothing (screen readers announced an empty window): its
    // title is its name, for assistive technologies and for window lists.
    gtk_window_set_title(gtkkit_window(dialog), title)
    Accessible.setLabel(dialog, title)
    Signal.connectResponse(dialog) { _ in
      gtk_window_destroy(gtkkit_window(dialog))
      onDismiss()
    }
    gtk_window_present(gtkkit_window(dialog))
    return dialog
  }
}
