// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkKit
import MemeStore

/// The application's side of Sent Memes: opening the store at start-up, the first window, shortcuts.
extension MemeMeApplication {
  /// Opens the store; on failure the app says why and keeps working as an editor.
  func startSentMemes() {
    SentMemesStyleSheet.installOnce()
    SentMemesAction.installAccelerators(in: application)
    DetailAction.installAccelerators(in: application)
    guard let openStore else { return }
    switch openStore() {
    case .success(let memes):
      useSentMemes(memes)
    case .failure(let error):
      reportStoreProblem(error.message)
    }
  }

  /// At launch: Sent Memes when memes exist, otherwise the editor; then any store problem.
  func presentFirstWindow() {
    if let sentMemes {
      sentMemes.presentAtLaunch()
    } else {
      presentEditor()
    }
    showStoreProblemOnce()
  }

  private func showStoreProblemOnce() {
    guard let problem = storeProblem, let window = application.windows.first else { return }
    clearStoreProblem()
    MessageDialog.present(
      .warning, parent: window, title: tr("Sent Memes are not available"),
      detail: problem + "\n\n" + tr("You can still make and share memes, but they will not be kept."))
  }
}
