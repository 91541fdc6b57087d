// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import MemeCore
import MemeEditing
import MemeStore

/// Share targets: each runs `SharePipeline` (MemeEditing), whose comment lists the stages. The
/// snapshot is taken here, render, encode, thumbnail and a file's delivery run on one background hop,
/// and once the share has really happened the meme goes to Sent Memes (keep). A cancelled share keeps
/// nothing.
extension EditorWindow {
  /// Stage 1, snapshot: what is being shared, so edits made while exporting do not leak into it.
  private var shareSnapshot: ShareSnapshot? {
    guard runningExport == nil else { return nil }  // one export at a time
    return document.image.map {
      ShareSnapshot(captions: document.captions, picture: $0, transform: document.transform)
    }
  }

  func saveAs() {
    guard let snapshot = shareSnapshot else { return }
    filePicker(.saveMeme(suggestedName: snapshot.suggestedName())) {
      [weak self] chosen in
      guard let self, let chosen else { return }
      preferences.rememberSaveFolder(of: chosen)
      let (url, format) = SaveChooser.destination(for: chosen)
      share(snapshot, as: format, to: .file(url)) { [weak self] meme in
        self?.shared(snapshot, meme, confirmation: .saved(url))
      } failed: { [weak self] error in
        self?.showError(
          title: String(format: localized("Could not save “%@”"), url.lastPathComponent),
          detail: Self.sentence(error.reason))
      }
    }
  }

  func copyImage() {
    guard let snapshot = shareSnapshot else { return }
    share(snapshot, as: .png, to: .caller) { [weak self] meme in
      guard let self else { return }
      // Stage 5 for the clipboard, on the main thread.
      guard Clipboard(for: window).setImage(encoded: [UInt8](meme.file.data)) else {
        showError(
          title: localized("Could not copy the meme"),
          detail: localized("The picture could not be put on the clipboard.")
        )
        return
      }
      // Sent Memes keeps the very PNG that went on the clipboard.
      shared(snapshot, meme, confirmation: ShareConfirmation(localized("Copied to the clipboard")))
    } failed: { [weak self] error in
      self?.showError(title: localized("Could not copy the meme"), detail: Self.sentence(error.reason))
    }
  }

  /// Open With: asks which application (`applicationChooser`), and only on a choice exports to the
  /// cache folder and hands the file over.
  func openWith() {
    guard let snapshot = shareSnapshot else { return }
    let format = ShareSnapshot.handOverFormat(for: snapshot.picture, transform: snapshot.transform)
    applicationChooser(format) { [weak self] application in
      self?.shareToCache(snapshot, as: format) { [weak self] file, meme in
        application.open(file) { [weak self] result in
          guard let self else { return }
          switch result {
          case .success:
            shared(snapshot, meme, confirmation: ShareConfirmation(application.confirmation))
          case .failure(let failure):
            showError(title: localized("Could not open the meme"), detail: failure.reason)
          }
        }
      }
    }
  }

  func sendByEmail() {
    guard let snapshot = shareSnapshot else { return }
    let format = ShareSnapshot.handOverFormat(for: snapshot.picture, transform: snapshot.transform)
    shareToCache(snapshot, as: format) { [weak self] file, meme in
      guard let self else { return }
      EmailComposer.attach(file, over: window) { [weak self] failure in
        guard let self else { return }
        if let failure {
          showError(title: localized("Could not start an e-mail"), detail: failure)
        } else {
          shared(snapshot, meme, confirmation: ShareConfirmation(localized("Meme attached to a new e-mail")))
        }
      }
    }
  }

  /// Delivers the meme to a new file in `format` in the cache folder, named as Save As suggests,
  /// then calls `body` on the main thread with that file.
  private func shareToCache(
    _ snapshot: ShareSnapshot, as format: ImageFormat, then body: @escaping (URL, SharedMeme) -> Void
  ) {
    let file = CacheFolder.newFile(named: snapshot.name, extension: format.fileExtension)
    share(snapshot, as: format, to: .file(file)) { meme in
      body(file, meme)
    } failed: { [weak self] error in
      self?.showError(title: localized("Could not export the meme"), detail: Self.sentence(error.reason))
    }
  }

  /// Stages 2 to 5 on one background hop (`SharePipeline.run`), with the Stop button and the spinner;
  /// back on the main thread, `done` or `failed` runs unless the share was stopped or the window is
  /// gone.
  private func share(
    _ snapshot: ShareSnapshot, as format: ImageFormat, to destination: SharePipeline.Destination,
    done: @escaping (SharedMeme) -> Void, failed: @escaping (ImageError) -> Void
  ) {
    let completion = SendableCompletion(done: done, failed: failed)
    let cancellation = beginExport()
    MainLoop.runInBackground {
      SharePipeline.run(snapshot, as: format, to: destination, cancellation: cancellation)
    } then: { [weak self] result in
      guard let self, endExport(cancellation) else { return }
      switch result {
      case .success(let meme): completion.done(meme)
      case .failure(let error): completion.failed(error)
      }
    }
  }

  /// Stage 6, keep: a share completed, so the meme goes to Sent Memes and the user sees where it went.
  func shared(_ snapshot: ShareSnapshot, _ meme: SharedMeme, confirmation: ShareConfirmation?) {
    // Sent Memes repeats the confirmation when it takes over from the editor.
    shareConfirmation = confirmation
    sink.keep(meme)
    // The window may be gone: Sent Memes took over, or it was closed while the export ran.
    guard !isDestroyed else { return }
    // Only if nothing changed while it was exported: a later edit is still unshared.
    if document.captions == snapshot.captions, document.image === snapshot.picture,
      document.transform == snapshot.transform
    {
      document.markKept()
    }
    if let confirmation { toasts.show(confirmation.toast(in: window)) }
    canvas.forgetPointer()
    updateActionStates()
  }
}

/// Carries closures that capture non-Sendable values (a GAppInfo pointer, the window) through
/// `MainLoop.runInBackground`'s `@Sendable` completion. The class is main-actor isolated (the
/// module's default), so the closures can only be read, and called, on the main actor.
private final class SendableCompletion {
  let done: (SharedMeme) -> Void
  let failed: (ImageError) -> Void
  init(done: @escaping (SharedMeme) -> Void, failed: @escaping (ImageError) -> Void) {
    self.done = done
    self.failed = failed
  }
}
