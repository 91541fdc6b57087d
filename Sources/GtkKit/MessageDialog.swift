// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// A modal message with a single OK button, or a question with buttons of its own (GtkMessageDialog,
/// the 4.8 way; GtkAlertDialog is 4.10).
public enum MessageDialog {
  public enum Kind {
    case information, warning, error, question

    var messageType: GtkMessageType {
      switch self {
      case .information: GTK_MESSAGE_INFO
      case .warning: GTK_MESSAGE_WARNING
      case .error: GTK_MESSAGE_ERROR
      case .question: GTK_MESSAGE_QUESTION
      }
    }
  }

  /// A button of a question: its label (a mnemonic, `_Quit`), its response, and how it looks.
  public struct Choice {
    public enum Look { case plain, destructive, suggested }

    public let label: String
    public let response: Int32
    public let look: Look

    public init(label: String, response: Int32, look: Look = .plain) {
      self.label = label
      self.response = response
      self.look = look
    }
  }

  /// Asks `title` over `parent` with a button for each of `choices`, named `name` (tests find it by
  /// that). `answer` gets the response once the dialog is gone; Escape or closing the window answers
  /// GTK_RESPONSE_DELETE_EVENT.
  @discardableResult
  public static func ask(
    _ kind: Kind, parent: UnsafeMutablePointer<GtkWindow>?, named name: String, title: String,
    detail: String, choices: [Choice], defaultResponse: Int32, answer: @escaping (Int32) -> Void
  ) -> UnsafeMutablePointer<GtkWidget> {
    let dialog = gtkkit_message_dialog_new(parent, kind.messageType, GTK_BUTTONS_NONE, title, detail)!
    dialog.name = name
    // A message dialog has no name of its own: its title names it for screen readers and window lists.
    dialog.title = title
    Accessible.setLabel(dialog, title)
    for choice in choices {
      let button = gtk_dialog_add_button(gtkkit_dialog(dialog), choice.label, choice.response)!
      Accessible.nameAfterShownLabel(button)
      switch choice.look {
      case .plain: break
      case .destructive: button.addCSSClass("destructive-action")
      case .suggested: button.addCSSClass("suggested-action")
      }
    }
    gtk_dialog_set_default_response(gtkkit_dialog(dialog), defaultResponse)
    Signal.connectResponse(dialog) { response in
      dialog.destroyWindow()
      answer(response)
    }
    dialog.present()
    return dialog
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
    if let ok = gtk_dialog_get_widget_for_response(gtkkit_dialog(dialog), GTK_RESPONSE_OK.rawValue) {
      Accessible.nameAfterShownLabel(ok)
    }
    Signal.connectResponse(dialog) { _ in
      gtk_window_destroy(gtkkit_window(dialog))
      onDismiss()
    }
    gtk_window_present(gtkkit_window(dialog))
    return dialog
  }
}
