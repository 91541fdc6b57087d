// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkKit

/// The question asked before the editor closes or the app quits while work would be lost (a running
/// export, an unshared meme): one dialog at a time, over the editor.
extension EditorWindow {
  /// A button of the question: its label, its response, and whether choosing it loses work.
  struct LeavingChoice {
    let label: String
    let response: Int32
    var losesWork = false
  }

  /// Shows the question named `name` (or brings back the one already shown) and calls `answer` with
  /// the response once the dialog is gone; Escape answers GTK_RESPONSE_DELETE_EVENT.
  func askLeavingQuestion(
    named name: String, title: String, detail: String, choices: [LeavingChoice], defaultResponse: Int32,
    answer: @escaping (Int32) -> Void
  ) {
    if let leavingDialog {
      leavingDialog.present()
      return
    }
    let dialog = gtkkit_message_dialog_new(
      gtkkit_window(window), GTK_MESSAGE_QUESTION, GTK_BUTTONS_NONE, title, detail)!
    dialog.name = name
    // A message dialog has no name of its own: its title names it for screen readers and window lists.
    dialog.title = title
    Accessible.setLabel(dialog, title)
    for choice in choices {
      let button = gtk_dialog_add_button(gtkkit_dialog(dialog), choice.label, choice.response)!
      if choice.losesWork { button.addCSSClass("destructive-action") }
    }
    gtk_dialog_set_default_response(gtkkit_dialog(dialog), defaultResponse)
    leavingDialog = dialog
    Signal.connectResponse(dialog) { [weak self] response in
      dialog.destroyWindow()
      guard let self else { return }
      leavingDialog = nil
      answer(response)
    }
    dialog.present()
  }
}
