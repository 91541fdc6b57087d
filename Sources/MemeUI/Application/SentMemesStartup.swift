// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GLibSupport
import GtkKit
import MemeStore

/// What opening Sent Memes asks of the application it opens for.
protocol SentMemesStartupHost: AnyObject {
  var application: Application { get }
  var preferences: Preferences { get }
  var editor: EditorWindow? { get }
  var sentMemes: SentMemesNavigator? { get }
  /// The window the user works in (dialogs open over it).
  var activeWindow: UnsafeMutablePointer<GtkWindow>? { get }
  /// Keeps shared memes in `memes` and lets the user browse them.
  func useSentMemes(_ memes: SentMemesLibrary)
}

/// Opening the Sent Memes store at start-up, and what the user is told and asked about it: why it
/// could not be opened, a pictures folder that is a link, a damaged database, and what the repair
/// after the first frame did.
final class SentMemesStartup {
  private unowned let host: any SentMemesStartupHost
  /// What the user should know about the store at launch (why it could not be opened), shown once
  /// over the first window. What the repair after the first frame did is told when it finishes.
  private var notice: StoreNotice?
  /// Asked over the first window when the store's pictures folder is a link (instead of `notice`).
  private var linkedImagesQuestion: LinkedImagesQuestion?
  /// Asked over the first window when the store's database is damaged (instead of `notice`).
  private var damagedStoreQuestion: DamagedStoreQuestion?
  /// Whether the offer to rebuild a damaged store has been made this run (it is made once).
  private var hasOfferedRebuild = false
  /// Whether the store's repair has been started (it runs once per launch, after the first frame).
  private var hasStartedRepair = false

  init(host: any SentMemesStartupHost) {
    self.host = host
  }

  /// Opens the store with `openStore`; on failure the app says why and keeps working as an editor.
  func open(with openStore: () -> Result<SentMemesLibrary, StoreError>) {
    switch openStore() {
    case .success(let memes):
      host.useSentMemes(memes)
    case .failure(let error):
      notice = Self.unavailableNotice(error)
      linkedImagesQuestion = LinkedImagesQuestion(error)
      damagedStoreQuestion = DamagedStoreQuestion(error)
    }
  }

  /// Checks the store's file and puts right image files no row lists (`SentMemeStore.finishOpening()`
  /// and `repair()`) on a background thread once `window` has painted, then lists memes the repair
  /// rebuilt and tells the user what it did. The check reads the whole database and the repair lists
  /// the whole images folder, seconds with a cold disk cache at tens of thousands of memes: the window
  /// must not wait for them. A file that fails the check is reported as one that could not be opened
  /// (it stays as it was). Runs once per launch.
  func repairAfterFirstFrame(of window: UnsafeMutablePointer<GtkWidget>) {
    guard let memes = host.sentMemes?.memes, !hasStartedRepair else { return }
    hasStartedRepair = true
    // Once the main loop has finished with the first frame, as the camera's search does: a launch
    // that quits after its first frame (Benchmarks/startup) has quit by then and checks nothing.
    FirstFrame.afterPaint(of: window) { [weak self] in
      MainLoop.post { [weak self] in self?.finishOpening(memes) }
    }
  }

  /// Runs the store's check and repair, then tells the user what came of them.
  private func finishOpening(_ memes: SentMemesLibrary) {
    memes.finishOpening { [weak self] result in
      guard let self else { return }
      switch result {
      case .failure(let error):
        guard let parent = host.activeWindow else { return }
        if let question = DamagedStoreQuestion(error) { return offerRebuild(question, over: parent) }
        let notice = Self.unavailableNotice(error)
        MessageDialog.present(parent: parent, heading: notice.heading, body: notice.body)
      case .success(let repairs):
        // The store may be written now: the words in received memes are read.
        host.sentMemes?.reading.start()
        // A failed repair leaves everything as it was; the next launch tries again.
        guard let repairs else { return }
        memes.listRebuilt(repairs.rebuiltMemeIDs)
        guard let detail = repairs.message, let parent = host.activeWindow else { return }
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

  /// Says why the store could not be opened, or asks what to do about it, over `window` (the first
  /// shown); once.
  func showNoticeOnce(over window: UnsafeMutablePointer<GtkWindow>) {
    guard let notice else { return }
    let question = linkedImagesQuestion
    let damaged = damagedStoreQuestion
    self.notice = nil
    linkedImagesQuestion = nil
    damagedStoreQuestion = nil
    if let damaged { return offerRebuild(damaged, over: window) }
    guard let question else {
      MessageDialog.present(parent: window, heading: notice.heading, body: notice.body)
      return
    }
    question.ask(over: window) { [weak self] answer in
      guard let self else { return }
      switch answer {
      case .quit: host.application.actions.action(named: ApplicationAction.quit.name)?.activate()
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
      if case .failure(let error) = opened, let parent = host.activeWindow {
        let notice = Self.unavailableNotice(error)
        MessageDialog.present(parent: parent, heading: notice.heading, body: notice.body)
      }
      return
    }
    host.preferences.linkedImagesFolder = question.target
    host.useSentMemes(memes)
    if let editor = host.editor {
      editor.sink = memes
      host.sentMemes?.adopt(editor)
      // A blank editor makes way for the memes, as at a launch that found some.
      if editor.document.image == nil && !memes.isEmpty {
        host.sentMemes?.showSentMemes()
        // As its Cancel does, on the next iteration (this runs in the dialog's response).
        MainLoop.post { [weak editor] in editor?.toplevel.close() }
      }
    }
    // The first frame is long past: the check and repair start now.
    hasStartedRepair = true
    finishOpening(memes)
  }

  // MARK: - A damaged store

  /// Offers, once a run, to rebuild Sent Memes from a damaged database (`DamagedStoreQuestion`).
  private func offerRebuild(_ question: DamagedStoreQuestion, over parent: UnsafeMutablePointer<GtkWindow>) {
    guard !hasOfferedRebuild else { return }
    hasOfferedRebuild = true
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
        MessageDialog.present(parent: host.activeWindow, heading: notice.heading, body: notice.body)
      case .success(let (store, ids, rebuild)):
        takeOver(with: SentMemesLibrary(store: store, ids: ids))
        // The rebuild ran the store's repair already.
        hasStartedRepair = true
        MessageDialog.present(
          parent: host.activeWindow, heading: localized("Sent Memes were rebuilt"), body: rebuild.message)
      }
    }
  }

  /// Sent Memes, from `memes`, take over from the editor (or from Sent Memes of the damaged store,
  /// whose windows close).
  private func takeOver(with memes: SentMemesLibrary) {
    let previous = host.sentMemes
    host.useSentMemes(memes)
    let editor = host.editor
    if let editor {
      editor.sink = memes
      host.sentMemes?.adopt(editor)
    }
    let editorIsShown = editor?.window.isVisible ?? false
    if !editorIsShown || (editor?.document.image == nil && !memes.isEmpty) {
      host.sentMemes?.showSentMemes()
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
