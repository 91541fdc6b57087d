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
    case .playAnimation: playback.toggle()
    case .previousFrame: playback.stepBack()
    case .nextFrame: playback.stepOn()
    case .editDescription: editDescription()
    case .showInFolder: showInFolder()
    }
  }

  private func share(to target: ShareTarget) {
    switch target {
    case .saveAs: saveAs()
    case .copyImage: copyImage()
    case .copyDescription: copyDescription()
    case .openWith: openWith()
    case .sendByEmail: sendByEmail()
    }
  }

  /// The sent meme's file as it is, or under the size limit (`Preferences.shareSizeLimit`) the
  /// largest JPEG of it that fits, with the meme's description (`ExportPlan.refit`). Runs on a
  /// background thread.
  private nonisolated static func sentFile(
    at source: URL, description: String, sizeLimit: Int?
  ) throws(ImageError) -> FittedFile {
    let fitted = try ExportPlan(sizeLimit: sizeLimit, description: description).refit(fileAt: source)
    return FittedFile(bytes: Data(fitted.bytes), fit: fitted.fit)
  }

  /// What `sentFile` gives: the bytes, and what a size limit made of them.
  private nonisolated struct FittedFile: Sendable {
    let bytes: Data
    let fit: SizeFit?
    /// Whether the bytes are another file than the sent one (a JPEG made to fit).
    var isRefitted: Bool { !(fit?.isNormalExport ?? true) }
  }

  /// Save As…: PNG or JPEG (by the name's extension) of the meme as it was sent, at full size. A
  /// meme sent as JPEG and saved as JPEG is the sent file itself, with no generation lost. Under a
  /// size limit it is no larger: a file over it is saved as the largest JPEG that fits. A meme sent
  /// as an animation is saved as it is in its own kind, converted to the other animated kind, or as
  /// its first frame in PNG or JPEG (which the toast says).
  func saveAs() {
    let source = meme.renderedImageURL
    let description = meme.resolvedDescription
    let sizeLimit = preferences.shareSizeLimit
    filePicker(.saveMeme(suggestedName: suggestedName)) { [weak self] chosen in
      guard let self, let chosen else { return }
      preferences.rememberSaveFolder(of: chosen)
      let (url, shareFormat) = ShareFormat.destination(for: chosen, animation: sentAnimation)
      guard case .still(let format) = shareFormat else {
        if case .animated(let animation) = shareFormat { saveAnimation(as: animation, to: url) }
        return
      }
      let isFirstFrame = sentAnimation != nil
      MainLoop.runInBackground({ () -> Result<SavedFile, ImageError> in
        do throws(ImageError) {
          let plan = ExportPlan(sizeLimit: sizeLimit, description: description)
          let file = try plan.still(ofSentFileAt: source, as: format)
          if let fit = file.fit, !fit.isNormalExport {
            let written = url.pathExtension.lowercased() == "png" ? try fit.unusedFileURL(for: url) : url
            // A JPEG beside the PNG chosen is a name the user did not choose: asked about first.
            guard written == url else { return .success(.proposed(written, Data(file.bytes), fit)) }
            try ImageWriter.write(encoded: Data(file.bytes), to: written)
            return .success(.saved(written, fit))
          }
          try ImageWriter.write(encoded: Data(file.bytes), to: url)
          return .success(.saved(url, nil))
        } catch {
          return .failure(error)
        }
      }) { [weak self] result in
        guard let self, !isDestroyed else { return }
        switch result {
        case .success(.saved(let written, let fit)):
          rememberSaved(written)
          let saved = ShareConfirmation.saved(written).fitted(fit)
          confirm(isFirstFrame ? saved.firstFrameOnly() : saved)
        case .success(.proposed(let proposed, let bytes, let fit)):
          RenamedSaveQuestion.ask(
            over: window.asWindow, chosen: url, proposed: proposed, fit: fit,
            keepPNG: { [weak self] in
              self?.savePNGKeepingFormat(
                from: source, description: description, to: url, isFirstFrame: isFirstFrame)
            }
          ) { [weak self] in
            self?.saveNew(bytes, to: proposed, fit: fit, isFirstFrame: isFirstFrame)
          }
        case .failure(let error): saveFailed(url, error)
        }
      }
    }
  }

  /// What Save As made in the background: a file saved, or a JPEG that fits the size limit proposed
  /// under a name the user did not choose.
  private nonisolated enum SavedFile: Sendable {
    case saved(URL, SizeFit?)
    case proposed(URL, Data, SizeFit)
  }

  /// Save As's "Keep PNG": the sent meme as a PNG made smaller until it fits the size limit, under
  /// the name chosen.
  private func savePNGKeepingFormat(from source: URL, description: String, to url: URL, isFirstFrame: Bool) {
    let plan = ExportPlan(
      sizeLimit: preferences.shareSizeLimit, strategy: .keepFormat, description: description)
    MainLoop.runInBackground {
      Result { () throws(ImageError) -> SizeFit? in
        let file = try plan.still(ofSentFileAt: source, as: .png)
        try ImageWriter.write(encoded: Data(file.bytes), to: url)
        return file.fit
      }
    } then: { [weak self] result in
      guard let self, !isDestroyed else { return }
      switch result {
      case .success(let fit):
        rememberSaved(url)
        let saved = ShareConfirmation.saved(url).fitted(fit)
        confirm(isFirstFrame ? saved.firstFrameOnly() : saved)
      case .failure(let error): saveFailed(url, error)
      }
    }
  }

  /// Save As's JPEG, once the user agreed to its name: written as a new file, never over what has
  /// that name by then.
  private func saveNew(_ bytes: Data, to url: URL, fit: SizeFit, isFirstFrame: Bool) {
    MainLoop.runInBackground {
      Result { () throws(ImageError) in try ImageWriter.writeNew(encoded: bytes, to: url) }
    } then: { [weak self] result in
      guard let self, !isDestroyed else { return }
      switch result {
      case .success:
        rememberSaved(url)
        let saved = ShareConfirmation.savedAsJPEG(url, limit: fit.limit).fitted(fit)
        confirm(isFirstFrame ? saved.firstFrameOnly() : saved)
      case .failure(let error): saveFailed(url, error)
      }
    }
  }

  /// Save As of a meme sent as an animation in an animated kind: the sent file itself in its own
  /// kind, else every frame written again in `format` (the captions are in the frames already).
  private func saveAnimation(as format: AnimationFormat, to url: URL) {
    writeAnimationInBackground(as: format, to: url) { [weak self] result in
      guard let self else { return }
      switch result {
      case .success(let (written, fit)):
        rememberSaved(written)
        confirm(ShareConfirmation.saved(written).fitted(fit))
      case .failure(let error): saveFailed(url, error)
      }
    }
  }

  /// `ExportPlan.animation(ofSentFileAt:as:to:)` on a background thread to `url`, under the size
  /// limit, then `done` with that file and what the limit made of it, while the window is open.
  private func writeAnimationInBackground(
    as format: AnimationFormat, to url: URL,
    then done: @escaping @Sendable @MainActor (Result<(URL, AnimationFit?), ImageError>) -> Void
  ) {
    let source = meme.renderedImageURL
    let description = meme.resolvedDescription
    let sizeLimit = preferences.shareSizeLimit
    MainLoop.runInBackground(
      {
        Result { () throws(ImageError) -> (URL, AnimationFit?) in
          let fit = try ExportPlan(sizeLimit: sizeLimit, description: description).animation(
            ofSentFileAt: source, as: format, to: url)
          return (url, fit)
        }
      },
      then: { [weak self] result in
        guard let self, !isDestroyed else { return }
        done(result)
      })
  }

  private func saveFailed(_ url: URL, _ error: ImageError) {
    showError(
      title: String(format: localized("Could not save “%@”"), url.lastPathComponent),
      detail: EditorWindow.sentence(error.reason))
  }

  /// Copy Image: the sent meme goes on the clipboard as it is (under a size limit, no larger). An
  /// animation goes as its bytes with its file in the cache folder, as the editor copies it.
  func copyImage() {
    if let animation = sentAnimation {
      copyToCache { [weak self] file, fitted in
        guard let self, !isDestroyed else { return }
        guard let bytes = try? [UInt8](Data(contentsOf: file)),
          Clipboard(for: window).setFile(
            file, encoded: bytes, mimeType: animation.mimeType,
            firstFrame: FrameTexture.firstFrame(ofAnimation: bytes))
        else {
          showError(
            title: localized("Could not copy the meme"),
            detail: localized("The meme’s image could not be read."))
          return
        }
        confirm(fitted(ShareConfirmation(localized("Copied to the clipboard"))))
      }
      return
    }
    let source = meme.renderedImageURL
    let description = meme.resolvedDescription
    let sizeLimit = preferences.shareSizeLimit
    let sentFormat = self.sentFormat
    MainLoop.runInBackground(
      { try? Self.sentFile(at: source, description: description, sizeLimit: sizeLimit) },
      then: { [weak self] file in
        guard let self, !isDestroyed else { return }
        let mimeType = (file?.isRefitted == true ? file?.fit?.format : sentFormat)?.mimeType
        guard let file, Clipboard(for: window).setImage(encoded: file.bytes, mimeType: mimeType) else {
          showError(
            title: localized("Could not copy the meme"),
            detail: localized("The meme’s image could not be read."))
          return
        }
        confirm(ShareConfirmation(localized("Copied to the clipboard")).fitted(file.fit))
      })
  }

  /// Copy Description: the meme's alt text, for services that ask for it apart from the picture.
  func copyDescription() {
    Clipboard(for: window).setText(meme.resolvedDescription)
    confirm(ShareConfirmation(localized("Description copied to the clipboard")))
  }

  /// Edit Description: the description dialog the editor has, for the sent meme; what is saved goes
  /// into Sent Memes (and the next share's file), not into the file already sent.
  func editDescription() {
    var plain = meme
    plain.customDescription = nil
    DescriptionDialog.present(
      text: meme.customDescription, placeholder: plain.resolvedDescription, over: window
    ) { [weak self] text in
      guard let self, !isDestroyed, let stored = saveDescription(meme.id, text) else { return }
      show(stored)
      // What was just done, at once, rather than after an earlier toast times out.
      toasts.show(Toast(localized("Description saved")), replacingOthers: true)
    }
  }

  /// Save As wrote the meme to `file`: Sent Memes remembers it, and the window shows it.
  private func rememberSaved(_ file: URL) {
    guard let stored = recordSavedFile(meme.id, file) else { return }
    show(stored)
  }

  /// Show in Folder: the file manager shows the file Save As last wrote. When neither a file
  /// manager nor the desktop portal can, a toast says so: the window shows where it is already.
  func showInFolder() {
    guard let file = meme.savedFileURL else { return }
    ShowInFolder.show(file, over: window) { [weak self] outcome in
      guard let self, !isDestroyed, case .failed = outcome else { return }
      toasts.show(Toast(localized("No file manager could show the folder")), replacingOthers: true)
    }
  }

  /// Open With…: a copy of the sent meme opens in the chosen application.
  func openWith() {
    OpenWith.chooseApplication(for: sentAnimation?.mimeType ?? sentFormat.mimeType, parent: window) {
      [weak self] application in
      self?.copyToCache { [weak self] file, fitted in
        application.open(file) { [weak self] result in
          guard let self, !isDestroyed else { return }
          switch result {
          case .success: confirm(fitted(ShareConfirmation(application.confirmation)))
          case .failure(let failure):
            showError(title: localized("Could not open the meme"), detail: failure.reason)
          }
        }
      }
    }
  }

  /// Send by E-mail: a copy of the sent meme is attached to a new e-mail.
  func sendByEmail() {
    copyToCache { [weak self] file, fitted in
      guard let self else { return }
      EmailComposer.attach(file, over: window) { [weak self] failure in
        guard let self, !isDestroyed else { return }
        if let failure {
          showError(title: localized("Could not start an e-mail"), detail: failure)
        } else {
          confirm(fitted(ShareConfirmation(localized("Meme attached to a new e-mail"))))
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

  /// The kind of animation a meme sent as one was written in (nil for a still meme).
  private var sentAnimation: AnimationFormat? {
    meme.isAnimated ? ShareFormat.animation(of: meme.renderedImageURL) : nil
  }

  /// The extension of the file the meme was sent as.
  private var sentFileExtension: String { sentAnimation?.fileExtension ?? sentFormat.fileExtension }

  /// What a copy made for a share says of a size limit, added to a confirmation.
  private typealias Fitted = @Sendable @MainActor (ShareConfirmation) -> ShareConfirmation

  /// Copies the sent meme to a new file in the cache folder (other applications get a copy, never
  /// the store's own file, in the format it was sent in, or as the JPEG a size limit made), then
  /// calls `body` on the main thread.
  private func copyToCache(then body: @escaping @Sendable @MainActor (URL, @escaping Fitted) -> Void) {
    let source = meme.renderedImageURL
    let description = meme.resolvedDescription
    let sizeLimit = preferences.shareSizeLimit
    // Named as Save As suggests, in a folder of its own: the name the other application shows.
    let name = fileName
    let sentExtension = sentFileExtension
    if let animation = sentAnimation {
      let file = CacheFolder.newFile(named: name, extension: animation.fileExtension)
      writeAnimationInBackground(as: animation, to: file) { [weak self] result in
        switch result {
        case .success(let (url, fit)): body(url, { $0.fitted(fit) })
        case .failure(let failure):
          self?.showError(
            title: localized("Could not export the meme"), detail: EditorWindow.sentence(failure.reason))
        }
      }
      return
    }
    MainLoop.runInBackground(
      { () -> Result<(URL, SizeFit?), ImageError> in
        // Read and written again rather than copied: the copy goes through the engine's writer, as
        // every file in the cache does, so it is readable by its owner only.
        do throws(ImageError) {
          let file = try Self.sentFile(at: source, description: description, sizeLimit: sizeLimit)
          let fileExtension =
            file.isRefitted ? (file.fit?.format.fileExtension ?? sentExtension) : sentExtension
          let url = CacheFolder.newFile(named: name, extension: fileExtension)
          try ImageWriter.write(encoded: file.bytes, to: url)
          return .success((url, file.fit))
        } catch {
          return .failure(error)
        }
      },
      then: { [weak self] result in
        guard let self, !isDestroyed else { return }
        switch result {
        case .success(let (url, fit)): body(url, { $0.fitted(fit) })
        case .failure(let failure):
          showError(
            title: localized("Could not export the meme"), detail: EditorWindow.sentence(failure.reason))
        }
      })
  }

  /// What the meme's file is called, without the extension: the editor's rule (`MemeFileName`), for
  /// which the store's copy of the picture is a name the app gave it, so the meme is called by its
  /// first words.
  private var fileName: String {
    MemeFileName.base(picture: meme.meme.originalImage, captions: meme.meme.captions)
  }

  /// Save As's suggestion: `fileName` as PNG, the format Save As writes unless told otherwise, or
  /// in its own animated kind for a meme sent as an animation.
  var suggestedName: String { "\(fileName).\(sentAnimation?.fileExtension ?? "png")" }
}
