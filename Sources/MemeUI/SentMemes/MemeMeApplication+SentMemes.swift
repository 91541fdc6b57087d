// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSupport
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
      if let repairs = memes.store.repairs.message {
        reportStoreNotice(
          StoreNotice(kind: .information, title: localized("Sent Memes were repaired"), detail: repairs))
      }
    case .failure(let error):
      reportStoreNotice(
        StoreNotice(
          kind: .warning, title: localized("Sent Memes are not available"),
          detail: error.message + "\n\n"
            + localized("You can still make and share memes, but they will not be kept.")))
    }
  }

  /// At launch: Sent Memes when memes exist, otherwise the editor; then any store problem.
  func presentFirstWindow() {
    if let sentMemes {
      sentMemes.presentAtLaunch()
    } else {
      presentEditor()
    }
    showStoreNoticeOnce()
  }

  private func showStoreNoticeOnce() {
    guard let notice = storeNotice, let window = application.windows.first else { return }
    clearStoreNotice()
    MessageDialog.present(notice.kind, parent: window, title: notice.title, detail: notice.detail)
  }
}

/// A message about the store for the first window: it could not be opened, or opening it rebuilt
/// memes, moved files to lost+found or skipped rows.
struct StoreNotice {
  let kind: MessageDialog.Kind
  let title: String
  let detail: String
}
