// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import MemeCore
import MemeEditing

/// The Detail window's `win.` actions. Each handler checks its preconditions first.
extension DetailWindow {
  func addActions() {
    DetailAction.add(to: actions) { [weak self] action in self?.perform(action) }
    ShareTarget.add(to: actions) { [weak self] target in self?.share(to: target) }
    // Edit needs the original picture; the editor reports a missing one itself, so it stays enabled.
  }

  private func perform(_ action: DetailAction) {
    switch action {
    case .back: onBack()
    case .edit: onEdit(meme.meme)
    case .delete: onDelete(meme.id)
    case .close: gtk_window_close(gtkkit_window(window))
    }
  }

  private func share(to target: ShareTarget) {
    switch target {
    case .saveAs: saveAs()
    case .copyImage: copyImage()
    case .openWith: openWith()
    case .sendByEmail: sendByEmail()
    }
  }

  /// Save As…: PNG or JPEG (by the name's extension) of the meme as it was sent, at full size. A
  /// meme sent as JPEG and saved as JPEG is the sent file itself, with no generation lost.
  func saveAs() {
    let source = meme.renderedImageURL
    let sentFormat = self.sentFormat
    filePicker(.saveMeme(suggestedName: suggestedName)) { [weak self] chosen in
      guard let self, let chosen else { return }
      preferences.rememberSaveFolder(of: chosen)
      let (url, format) = SaveChooser.destination(for: chosen)
      MainLoop.runInBackground({ () -> ImageError? in
        do throws(ImageError) {
          if case .jpeg = format, case .jpeg = sentFormat {
            let bytes: Data
            do {
              bytes = try Data(contentsOf: source)
            } catch {
              throw ImageError(path: source.path, kind: .unreadable, reason: error.localizedDescription)
            }
            try ImageWriter.write(encoded: bytes, to: url)
          } else {
            try ImageWriter.write(ImageLoader().load(contentsOf: source), to: url, as: format)
          }
          return nil
        } catch {
          return error
        }
      }) { [weak self] error in
        guard let self, !isDestroyed else { return }
        guard let error else { return confirm(.saved(url)) }
        showError(
          title: String(format: localized("Could not save “%@”"), url.lastPathComponent),
          detail: EditorWindow.sentence(error.reason))
      }
    }
  }

  /// Copy Image: the sent PNG goes on the clipboard as it is.
  func copyImage() {
    let source = meme.renderedImageURL
    MainLoop.runInBackground(
      { try? [UInt8](Data(contentsOf: source)) },
      then: { [weak self] bytes in
        guard let self, !isDestroyed else { return }
        guard let bytes, Clipboard(for: window).setImage(encoded: bytes) else {
          showError(
            title: localized("Could not copy the meme"),
            detail: localized("The meme’s image could not be read."))
          return
        }
        confirm(ShareConfirmation(localized("Copied to the clipboard")))
      })
  }

  /// Open With…: a copy of the sent meme opens in the chosen application.
  func openWith() {
    OpenWith.chooseApplication(for: sentFormat, parent: window) { [weak self] application in
      self?.copyToCache { [weak self] file in
        application.open(file) { [weak self] result in
          guard let self, !isDestroyed else { return }
          switch result {
          case .success: confirm(ShareConfirmation(application.confirmation))
          case .failure(let failure):
            showError(title: localized("Could not open the meme"), detail: failure.reason)
          }
        }
      }
    }
  }

  /// Send by E-mail: a copy of the sent meme is attached to a new e-mail.
  func sendByEmail() {
    copyToCache { [weak self] file in
      guard let self else { return }
      EmailComposer.attach(file, over: window) { [weak self] failure in
        guard let self, !isDestroyed else { return }
        if let failure {
          showError(title: localized("Could not start an e-mail"), detail: failure)
        } else {
          confirm(ShareConfirmation(localized("Meme attached to a new e-mail")))
        }
      }
    }
  }

  /// Says what a share did, in a toast.
  private func confirm(_ confirmation: ShareConfirmation) {
    toasts.show(confirmation.toast(in: window))
  }

  /// The format the meme was sent in: JPEG for a meme shared through the JPEG block path, else PNG.
  private var sentFormat: ImageFormat {
    ImageFormat(fileExtension: meme.renderedImageURL.pathExtension) ?? .png
  }

  /// Copies the sent meme to a new file in the cache folder (other applications get a copy, never
  /// the store's own file, in the format it was sent in), then calls `body` on the main thread.
  private func copyToCache(then body: @escaping @Sendable @MainActor (URL) -> Void) {
    let source = meme.renderedImageURL
    // Named as Save As suggests, in a folder of its own: the name the other application shows.
    let file = CacheFolder.newFile(named: fileName, extension: sentFormat.fileExtension)
    MainLoop.runInBackground(
      { () -> ImageError? in
        // Read and written again rather than copied: the copy goes through the engine's writer, as
        // every file in the cache does, so it is readable by its owner only.
        do throws(ImageError) {
          let bytes: Data
          do {
            bytes = try Data(contentsOf: source)
          } catch {
            throw ImageError(path: source.path, kind: .unreadable, reason: error.localizedDescription)
          }
          try ImageWriter.write(encoded: bytes, to: file)
          return nil
        } catch {
          return error
        }
      },
      then: { [weak self] failure in
        guard let self, !isDestroyed else { return }
        guard let failure else { return body(file) }
        showError(
          title: localized("Could not export the meme"), detail: EditorWindow.sentence(failure.reason))
      })
  }

  /// What the meme's file is called, without the extension: the editor's rule (`MemeFileName`), for
  /// which the store's copy of the picture is a name the app gave it, so the meme is called by its
  /// first words.
  private var fileName: String {
    MemeFileName.base(picture: meme.meme.originalImage, captions: meme.meme.captions)
  }

  /// Save As's suggestion: `fileName` as PNG, the format Save As writes unless told otherwise.
  var suggestedName: String { "\(fileName).png" }
}
