// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import MemeCore

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
          captions, on: picture, transform: transform, to: url, as: format, cancellation: cancellation
        ).map { ($0, Self.savedPNG(at: url, format: format)) }
      } then: {
        [weak self] result in
        guard let self, endExport(cancellation) else { return }
        switch result {
        case .success(let (rendered, png)):
          shared(
            captions, picture, transform, rendered, png: png, message: SaveChooser.confirmation(savedTo: url))
        case .failure(let error):
          showError(
            title: String(format: tr("Could not save “%@”"), url.lastPathComponent),
            detail: Self.sentence(error.reason))
        }
      }
    }
  }

  func copyImage() {
    guard let (captions, picture, transform) = shareSnapshot else { return }
    let cancellation = beginExport()
    MainLoop.runInBackground {
      // As Data from here on: the clipboard reads it, and Sent Memes keeps it without encoding again.
      MemeExport.encodePNG(captions, on: picture, transform: transform, cancellation: cancellation)
        .map { (image: $0.image, png: Data($0.png)) }
    } then: { [weak self] result in
      guard let self, endExport(cancellation) else { return }
      switch result {
      case .success(let export):
        guard Clipboard(for: window).setImage(encoded: export.png) else {
          showError(
            title: tr("Could not copy the meme"), detail: tr("The picture could not be put on the clipboard.")
          )
          return
        }
        shared(
          captions, picture, transform, export.image, png: Data(export.png),
          message: tr("Copied to the clipboard"))
      case .failure(let error):
        showError(title: tr("Could not copy the meme"), detail: Self.sentence(error.reason))
      }
    }
  }

  func openWith() {
    guard let (captions, picture, transform) = shareSnapshot else { return }
    OpenWith.chooseApplication(parent: window) { [weak self] application in
      self?.exportToCache(captions, picture, transform) { [weak self] file, rendered, png in
        application.open(file) { [weak self] result in
          guard let self else { return }
          switch result {
          case .success:
            shared(captions, picture, transform, rendered, png: png, message: application.confirmation)
          case .failure(let failure):
            showError(title: tr("Could not open the meme"), detail: failure.reason)
          }
        }
      }
    }
  }

  /// Open With's export and completion with the program already launched (the export memory
  /// benchmark measures the app's part of it).
  func exportToOpen() {
    guard let (captions, picture, transform) = shareSnapshot else { return }
    exportToCache(captions, picture, transform) { [weak self] _, rendered, png in
      self?.shared(captions, picture, transform, rendered, png: png, message: nil)
    }
  }

  func sendByEmail() {
    guard let (captions, picture, transform) = shareSnapshot else { return }
    exportToCache(captions, picture, transform) { [weak self] file, rendered, png in
      guard let self else { return }
      EmailComposer.attach(file, over: window) { [weak self] failure in
        guard let self else { return }
        if let failure {
          showError(title: tr("Could not start an e-mail"), detail: failure)
        } else {
          shared(
            captions, picture, transform, rendered, png: png, message: tr("Meme attached to a new e-mail"))
        }
      }
    }
  }

  /// Renders the meme to a new PNG in the cache folder, then calls `body` on the main thread with
  /// the file, the image and the file's bytes.
  private func exportToCache(
    _ captions: MemeCaptions, _ picture: EditorImage, _ transform: PictureTransform,
    then body: @escaping (URL, RasterImage, Data?) -> Void
  ) {
    let file = CacheFolder.newFile(prefix: MemeExport.baseName(for: picture.url), extension: "png")
    let box = SendableBody(body)
    let cancellation = beginExport()
    MainLoop.runInBackground {
      MemeExport.write(
        captions, on: picture, transform: transform, to: file, as: .png, cancellation: cancellation
      ).map { ($0, Self.savedPNG(at: file, format: .png)) }
    } then: {
      [weak self] result in
      guard let self, endExport(cancellation) else { return }
      switch result {
      case .success(let (rendered, png)): box.body(file, rendered, png)
      case .failure(let error):
        showError(title: tr("Could not export the meme"), detail: Self.sentence(error.reason))
      }
    }
  }

  /// The PNG just written at `url`, read back for Sent Memes (reading it costs a fraction of
  /// encoding the picture again); nil for other formats or when it cannot be read.
  nonisolated private static func savedPNG(at url: URL, format: ImageFormat) -> Data? {
    guard format == .png else { return nil }
    return try? Data(contentsOf: url)
  }

  /// A share completed: the meme goes to Sent Memes and the user sees where it went. `png` is the
  /// meme as the share encoded it, when it did.
  func shared(
    _ captions: MemeCaptions, _ picture: EditorImage, _ transform: PictureTransform, _ rendered: RasterImage,
    png: Data? = nil, message: String?
  ) {
    // Sent Memes repeats the confirmation when it takes over from the editor.
    shareConfirmation = message
    sink.keep(
      captions: captions, originalImage: picture.url, transform: transform, rendered: rendered,
      renderedPNG: png)
    if let message { canvas.toast.show(message) }
    canvas.forgetPointer()
    updateActionStates()
  }
}

/// Carries a closure that captures non-Sendable values (a GAppInfo pointer) through
/// `MainLoop.runInBackground`'s `@Sendable` completion. The class is main-actor isolated (the
/// module's default), so the closure can only be read, and called, on the main actor.
private final class SendableBody {
  let body: (URL, RasterImage, Data?) -> Void
  init(_ body: @escaping (URL, RasterImage, Data?) -> Void) { self.body = body }
}
