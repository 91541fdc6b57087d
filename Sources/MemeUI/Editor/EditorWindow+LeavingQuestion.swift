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
    leavingDialog = MessageDialog.ask(
      .question, parent: gtkkit_window(window), named: name, title: title, detail: detail,
      choices: choices.map {
        MessageDialog.Choice(
          label: $0.label, response: $0.response, look: $0.losesWork ? .destructive : .plain)
      },
      defaultResponse: defaultResponse
    ) { [weak self] response in
      guard let self else { return }
      leavingDialog = nil
      answer(response)
    }
  }
}
