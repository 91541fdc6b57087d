// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import MemeCore
import MemeEditing
import MemeStore

/// Share targets. Each renders the meme at the source's resolution off the main thread and, once
/// the share has really happened, hands the meme to Sent Memes. A cancelled share keeps nothing.
extension EditorWindow {
  /// What is being shared: a snapshot, so edits made while exporting do not leak into it.
  private var shareSnapshot: (captions: MemeCaptions, picture: EditorImage, transform: PictureTransform)? {
    guard runningExport == nil else { return nil }  // one export at a time
    return document.image.map { (document.captions, $0, document.transform) }
  }

  func saveAs() {
    guard let (captions, picture, transform) = shareSnapshot else { return }
    filePicker(.saveMeme(suggestedName: MemeExport.suggestedName(for: picture.url))) { [weak self] chosen in
      guard let self, let chosen else { return }
      preferences.rememberSaveFolder(of: chosen)
      let (url, format) = SaveChooser.destination(for: chosen)
      let cancellation = beginExport()
      MainLoop.runInBackground {
        MemeExport.write(
          captions, on: picture, transform: transform, to: url, as: format, cancellation: cancellation)
      } then: {
        [weak self] result in
        guard let self, endExport(cancellation) else { return }
        switch result {
        case .success(let meme):
          shared(captions, picture, transform, meme, message: SaveChooser.confirmation(savedTo: url))
        case .failure(let error):
          showError(
            title: String(format: localized("Could not save “%@”"), url.lastPathComponent),
            detail: Self.sentence(error.reason))
        }
      }
    }
  }

  func copyImage() {
    guard let (captions, picture, transform) = shareSnapshot else { return }
    let cancellation = beginExport()
    MainLoop.runInBackground {
      MemeExport.encodePNG(captions, on: picture, transform: transform, cancellation: cancellation)
    } then: { [weak self] result in
      guard let self, endExport(cancellation) else { return }
      switch result {
      case .success(let export):
        guard Clipboard(for: window).setImage(encoded: export.png) else {
          showError(
            title: localized("Could not copy the meme"),
            detail: localized("The picture could not be put on the clipboard.")
          )
          return
        }
        // Sent Memes keeps the very PNG that went on the clipboard.
        shared(
          captions, picture, transform, SharedMeme(image: export.image, file: .png(Data(export.png))),
          message: localized("Copied to the clipboard"))
      case .failure(let error):
        showError(title: localized("Could not copy the meme"), detail: Self.sentence(error.reason))
      }
    }
  }

  func openWith() {
    guard let (captions, picture, transform) = shareSnapshot else { return }
    let format = MemeExport.handOverFormat(for: picture, transform: transform)
    OpenWith.chooseApplication(for: format, parent: window) { [weak self] application in
      self?.exportToCache(captions, picture, transform, as: format) { [weak self] file, rendered in
        application.open(file) { [weak self] result in
          guard let self else { return }
          switch result {
          case .success:
            shared(captions, picture, transform, rendered, message: application.confirmation)
          case .failure(let failure):
            showError(title: localized("Could not open the meme"), detail: failure.reason)
          }
        }
      }
    }
  }

  /// Open With's export and completion with the program already launched (the export memory
  /// benchmark measures the app's part of it).
  func exportToOpen() {
    guard let (captions, picture, transform) = shareSnapshot else { return }
    let format = MemeExport.handOverFormat(for: picture, transform: transform)
    exportToCache(captions, picture, transform, as: format) { [weak self] _, meme in
      self?.shared(captions, picture, transform, meme, message: nil)
    }
  }

  func sendByEmail() {
    guard let (captions, picture, transform) = shareSnapshot else { return }
    let format = MemeExport.handOverFormat(for: picture, transform: transform)
    exportToCache(captions, picture, transform, as: format) { [weak self] file, rendered in
      guard let self else { return }
      EmailComposer.attach(file, over: window) { [weak self] failure in
        guard let self else { return }
        if let failure {
          showError(title: localized("Could not start an e-mail"), detail: failure)
        } else {
          shared(captions, picture, transform, rendered, message: localized("Meme attached to a new e-mail"))
        }
      }
    }
  }

  /// Renders the meme to a new file in `format` in the cache folder, then calls `body` on the main
  /// thread.
  private func exportToCache(
    _ captions: MemeCaptions, _ picture: EditorImage, _ transform: PictureTransform, as format: ImageFormat,
    then body: @escaping (URL, SharedMeme) -> Void
  ) {
    let file = CacheFolder.newFile(
      prefix: MemeExport.baseName(for: picture.url), extension: format.fileExtension)
    let box = SendableBody(body)
    let cancellation = beginExport()
    MainLoop.runInBackground {
      MemeExport.write(
        captions, on: picture, transform: transform, to: file, as: format, cancellation: cancellation)
    } then: {
      [weak self] result in
      guard let self, endExport(cancellation) else { return }
      switch result {
      case .success(let rendered): box.body(file, rendered)
      case .failure(let error):
        showError(title: localized("Could not export the meme"), detail: Self.sentence(error.reason))
      }
    }
  }

  /// A share completed: the meme goes to Sent Memes and the user sees where it went.
  func shared(
    _ captions: MemeCaptions, _ picture: EditorImage, _ transform: PictureTransform, _ meme: SharedMeme,
    message: String?
  ) {
    // Sent Memes repeats the confirmation when it takes over from the editor.
    shareConfirmation = message
    sink.keep(
      captions: captions, originalImage: picture.url, transform: transform, rendered: meme.image,
      file: meme.file)
    // The window may be gone: Sent Memes took over, or it was closed while the export ran.
    guard !isDestroyed else { return }
    // Only if nothing changed while it was exported: a later edit is still unshared.
    if document.captions == captions, document.image === picture, document.transform == transform {
      document.markKept()
    }
    if let message { canvas.toast.show(message) }
    canvas.forgetPointer()
    updateActionStates()
  }
}

/// Carries a closure that captures non-Sendable values (a GAppInfo pointer) through
/// `MainLoop.runInBackground`'s `@Sendable` completion. The class is main-actor isolated (the
/// module's default), so the closure can only be read, and called, on the main actor.
private final class SendableBody {
  let body: (URL, SharedMeme) -> Void
  init(_ body: @escaping (URL, SharedMeme) -> Void) { self.body = body }
}
