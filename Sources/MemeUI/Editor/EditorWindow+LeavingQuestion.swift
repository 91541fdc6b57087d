// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkKit

/// The question asked before the editor closes or the app quits while work would be lost (a running
/// export, an unshared meme): one dialog at a time, over the editor.
extension EditorWindow {
  /// A button of the question: its label, its response, and whether choosing it loses work.
  struct LeavingChoice<Response: RawRepresentable> where Response.RawValue == String {
    let label: String
    let response: Response
    var losesWork = false
  }

  /// Shows the question named `name` (or brings back the one already shown) and calls `answer` with
  /// the response once the dialog is gone; Enter answers `defaultResponse`, Escape `closeResponse`.
  func askLeavingQuestion<Response: RawRepresentable>(
    named name: String, heading: String, body: String, choices: [LeavingChoice<Response>],
    defaultResponse: Response, closeResponse: Response, answer: @escaping (Response) -> Void
  ) where Response.RawValue == String {
    if let leavingDialog {
      leavingDialog.present()
      return
    }
    leavingDialog = MessageDialog.ask(
      parent: gtkkit_window(window), named: name, heading: heading, body: body,
      choices: choices.map {
        MessageDialog.Choice(
          label: $0.label, response: $0.response, appearance: $0.losesWork ? .destructive : .plain)
      },
      defaultResponse: defaultResponse, closeResponse: closeResponse
    ) { [weak self] response in
      guard let self else { return }
      leavingDialog = nil
      answer(response)
    }
  }
}
