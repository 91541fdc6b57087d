// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GLibSupport
import GtkKit
import MemeStore

/// The application's side of Sent Memes: opening the store at start-up, the first window, shortcuts.
extension MemeMeApplication {
  /// Opens the store; on failure the app says why and keeps working as an editor.
  func startSentMemes() {
    SentMemesAction.installAccelerators(in: application)
    DetailAction.installAccelerators(in: application)
    TemplateAction.installAccelerators(in: application)
    guard let openStore else { return }
    switch openStore() {
    case .success(let memes):
      useSentMemes(memes)
    case .failure(let error):
      reportStoreNotice(Self.unavailableNotice(error))
      if let question = LinkedImagesQuestion(error) { reportLinkedImages(question) }
      if let question = DamagedStoreQuestion(error) { reportDamagedStore(question) }
    }
  }

  /// At launch: Sent Memes when memes exist, otherwise the editor; then any store problem.
  func presentFirstWindow() {
    if let sentMemes {
      sentMemes.presentAtLaunch()
    } else {
      presentEditor()
    }
    finishShowingFirstWindow()
  }

  /// After the first window is shown (at launch, or when the desktop's search opens one): the store
  /// notice, the store's check and the windows' icon, each once.
  func finishShowingFirstWindow() {
    showStoreNoticeOnce()
    guard let window = application.windows.first else { return }
    repairStoreAfterFirstFrame(of: gtkkit_widget(window))
    giveWindowsTheAppIconAfterFirstFrame(of: gtkkit_widget(window))
  }

  /// Checks the store's file and puts right image files no row lists (`SentMemeStore.finishOpening()`
  /// and `repair()`) on a background thread once `window` has painted, then lists memes the repair
  /// rebuilt and tells the user what it did. The check reads the whole database and the repair lists
  /// the whole images folder, seconds with a cold disk cache at tens of thousands of memes: the window
  /// must not wait for them. A file that fails the check is reported as one that could not be opened
  /// (it stays as it was). Runs once per launch.
  private func repairStoreAfterFirstFrame(of window: UnsafeMutablePointer<GtkWidget>) {
    guard let memes = sentMemes?.memes, !hasStartedRepair else { return }
    markRepairStarted()
    // Once the main loop has finished with the first frame, as the camera's search does: a launch
    // that quits after its first frame (Benchmarks/startup) has quit by then and checks nothing.
    afterFirstFrame(of: window) { [weak self] in
      MainLoop.post { [weak self] in self?.finishOpening(memes) }
    }
  }

  /// Runs the store's check and repair, then tells the user what came of them.
  private func finishOpening(_ memes: SentMemesLibrary) {
    memes.finishOpening { [weak self] result in
      guard let self else { return }
      switch result {
      case .failure(let error):
        guard let parent = activeWindow else { return }
        if let question = DamagedStoreQuestion(error) { return offerRebuild(question, over: parent) }
        let notice = Self.unavailableNotice(error)
        MessageDialog.present(parent: parent, heading: notice.heading, body: notice.body)
      case .success(let repairs):
        // A failed repair leaves everything as it was; the next launch tries again.
        guard let repairs else { return }
        memes.listRebuilt(repairs.rebuiltMemeIDs)
        guard let detail = repairs.message, let parent = activeWindow else { return }
        MessageDialog.present(parent: parent, heading: localized("Sent Memes were repaired"), body: detail)
      }
    }
  }

  /// What the user is told when the store cannot be used: they keep the editor, not their shares.
  static func unavailableNotice(_ error: StoreError) -> StoreNotice {
    StoreNotice(
      heading: localized("Sent Memes are not available"),
      body: error.message + "\n\n"
        + localized("You can still make and share memes, but they will not be kept."))
  }

  private func showStoreNoticeOnce() {
    guard let notice = storeNotice, let window = application.windows.first else { return }
    let question = linkedImagesQuestion
    let damaged = damagedStoreQuestion
    clearStoreNotice()
    if let damaged { return offerRebuild(damaged, over: window) }
    guard let question else {
      MessageDialog.present(parent: window, heading: notice.heading, body: notice.body)
      return
    }
    question.ask(over: window) { [weak self] answer in
      guard let self else { return }
      switch answer {
      case .quit: application.actions.action(named: ApplicationAction.quit.name)?.activate()
      case .notNow: break
      case .useFolder: useLinkedImagesFolder(question)
      }
    }
  }

  /// The user chose to use the folder the store's pictures link points to: the store opens with it
  /// (every file operation relative to the folder it points to now), the choice is remembered for
  /// as long as the link points there, and Sent Memes take over from the editor as at any launch.
  private func useLinkedImagesFolder(_ question: LinkedImagesQuestion) {
    let opened = SentMemesLibrary.open(
      directory: question.storeFolder, checkingLater: true, followingLinkedImages: true)
    guard case .success(let memes) = opened else {
      if case .failure(let error) = opened, let parent = activeWindow {
        let notice = Self.unavailableNotice(error)
        MessageDialog.present(parent: parent, heading: notice.heading, body: notice.body)
      }
      return
    }
    preferences.linkedImagesFolder = question.target
    useSentMemes(memes)
    if let editor {
      editor.sink = memes
      sentMemes?.adopt(editor)
      // A blank editor makes way for the memes, as at a launch that found some.
      if editor.document.image == nil && !memes.isEmpty {
        sentMemes?.showSentMemes()
        // As its Cancel does, on the next iteration (this runs in the dialog's response).
        MainLoop.post { [weak editor] in editor?.toplevel.close() }
      }
    }
    // The first frame is long past: the check and repair start now.
    markRepairStarted()
    finishOpening(memes)
  }
}

// MARK: - A damaged store

extension MemeMeApplication {
  /// Offers, once a run, to rebuild Sent Memes from a damaged database (`DamagedStoreQuestion`).
  func offerRebuild(_ question: DamagedStoreQuestion, over parent: UnsafeMutablePointer<GtkWindow>) {
    guard !hasOfferedRebuild else { return }
    markRebuildOffered()
    question.ask(over: parent) { [weak self] answer in
      guard answer == .rebuild else { return }
      self?.rebuildSentMemes(in: question.storeFolder)
    }
  }

  /// Rebuilds the store in `folder` in the background, then lets Sent Memes take over with it, as
  /// at a launch that found memes, and says what came back and where the damaged file is.
  private func rebuildSentMemes(in folder: URL) {
    MainLoop.runInBackground { () -> Result<(SentMemeStore, [Int64], DatabaseRebuild), StoreError> in
      do {
        let (store, rebuild) = try SentMemeStore.rebuildDamagedDatabase(in: folder)
        return .success((store, try store.memeIDs(), rebuild))
      } catch {
        return .failure(error as? StoreError ?? .databaseFailure(reason: error.localizedDescription))
      }
    } then: { [weak self] result in
      guard let self else { return }
      switch result {
      case .failure(let error):
        let notice = Self.unavailableNotice(error)
        MessageDialog.present(parent: activeWindow, heading: notice.heading, body: notice.body)
      case .success(let (store, ids, rebuild)):
        takeOver(with: SentMemesLibrary(store: store, ids: ids))
        // The rebuild ran the store's repair already.
        markRepairStarted()
        MessageDialog.present(
          parent: activeWindow, heading: localized("Sent Memes were rebuilt"), body: rebuild.message)
      }
    }
  }

  /// Sent Memes, from `memes`, take over from the editor (or from Sent Memes of the damaged store,
  /// whose windows close).
  private func takeOver(with memes: SentMemesLibrary) {
    let previous = sentMemes
    useSentMemes(memes)
    if let editor {
      editor.sink = memes
      sentMemes?.adopt(editor)
    }
    let editorIsShown = editor?.window.isVisible ?? false
    if !editorIsShown || (editor?.document.image == nil && !memes.isEmpty) {
      sentMemes?.showSentMemes()
      if editorIsShown, let editor { MainLoop.post { [weak editor] in editor?.toplevel.close() } }
    }
    previous?.closeWindows()
  }
}

/// A message about the store for the first window: it could not be opened.
struct StoreNotice {
  let heading: String
  let body: String
}
