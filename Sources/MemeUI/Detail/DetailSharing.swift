// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import MemeCore
import MemeEditing
import MemeVideo

/// Meme Detail's Share menu (Save As…, Save as Sticker… (`DetailStickerSaving`), Copy Image, Copy Description, Open With…, Send by E-mail) of
/// the meme as it was sent: an adapter that says where the sent file goes and what the toast says,
/// while `ExportPlan` decides what the size limit makes of it (the file itself, a JPEG that fits,
/// an animation's first frame, or the animation made smaller). The window owns it and is its
/// host: the meme shown, the preferences, the file picker and the toasts are the window's.
@MainActor
final class DetailSharing {
  private unowned let host: DetailWindow

  init(host: DetailWindow) { self.host = host }

  func share(to target: ShareTarget) {
    switch target {
    case .saveAs: saveAs()
    case .saveAsSticker:
      DetailStickerSaving.save(of: host) { [weak self] written in
        self?.confirm(ShareConfirmation.saved(written))
      } failed: { [weak self] url, error in
        self?.saveFailed(url, error)
      }
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
    let fitted = try ExportPlan(sizeLimit: sizeLimit, description: description).refit(
      fileAt: source)
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
  private func saveAs() {
    let source = host.meme.renderedImageURL
    let description = host.meme.resolvedDescription
    let sizeLimit = host.preferences.shareSizeLimit
    host.filePicker(.saveMeme(suggestedName: suggestedName)) { [weak self] chosen in
      guard let self, let chosen else { return }
      host.preferences.rememberSaveFolder(of: chosen)
      if sentVideo != nil { return copySentVideo(to: chosen) { [weak self] in self?.savedVideo($0) } }
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
            let written =
              url.pathExtension.lowercased() == "png" ? try fit.unusedFileURL(for: url) : url
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
        guard let self, !host.isDestroyed else { return }
        switch result {
        case .success(.saved(let written, let fit)):
          host.rememberSaved(written)
          let saved = ShareConfirmation.saved(written).fitted(fit)
          confirm(isFirstFrame ? saved.firstFrameOnly() : saved)
        case .success(.proposed(let proposed, let bytes, let fit)):
          RenamedSaveQuestion.ask(
            over: host.window.asWindow, chosen: url, proposed: proposed, fit: fit,
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
  private func savePNGKeepingFormat(
    from source: URL, description: String, to url: URL, isFirstFrame: Bool
  ) {
    let plan = ExportPlan(
      sizeLimit: host.preferences.shareSizeLimit, strategy: .keepFormat, description: description)
    MainLoop.runInBackground {
      Result { () throws(ImageError) -> SizeFit? in
        let file = try plan.still(ofSentFileAt: source, as: .png)
        try ImageWriter.write(encoded: Data(file.bytes), to: url)
        return file.fit
      }
    } then: { [weak self] result in
      guard let self, !host.isDestroyed else { return }
      switch result {
      case .success(let fit):
        host.rememberSaved(url)
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
      guard let self, !host.isDestroyed else { return }
      switch result {
      case .success:
        host.rememberSaved(url)
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
        host.rememberSaved(written)
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
    let source = host.meme.renderedImageURL
    let description = host.meme.resolvedDescription
    let sizeLimit = host.preferences.shareSizeLimit
    MainLoop.runInBackground(
      {
        Result { () throws(ImageError) -> (URL, AnimationFit?) in
          let fit = try ExportPlan(sizeLimit: sizeLimit, description: description).animation(
            ofSentFileAt: source, as: format, to: url)
          return (url, fit)
        }
      },
      then: { [weak self] result in
        guard let self, !host.isDestroyed else { return }
        done(result)
      })
  }

  private func saveFailed(_ url: URL, _ error: ImageError) {
    host.showError(
      title: String(format: localized("Could not save “%@”"), url.lastPathComponent),
      detail: ErrorSentence.from(error.reason))
  }

  /// Copy Image: the sent meme goes on the clipboard as it is (under a size limit, no larger). An
  /// animation goes as its bytes with its file in the cache folder, as the editor copies it.
  private func copyImage() {
    if let video = sentVideo {
      return copySentVideo(to: nil) { [weak self] file in
        guard let self, let bytes = try? Data(contentsOf: file) else { return }
        _ = Clipboard(for: host.window).setFile(
          file, encoded: bytes, mimeType: video.mimeType, firstFrame: nil)
        confirm(ShareConfirmation(localized("Copied to the clipboard")))
      }
    }
    if let animation = sentAnimation {
      copyToCache { [weak self] file, fitted in
        guard let self, !host.isDestroyed else { return }
        guard let bytes = try? [UInt8](Data(contentsOf: file)),
          Clipboard(for: host.window).setFile(
            file, encoded: bytes, mimeType: animation.mimeType,
            firstFrame: FrameTexture.firstFrame(ofAnimation: bytes))
        else {
          host.showError(
            title: localized("Could not copy the meme"),
            detail: localized("The meme’s image could not be read."))
          return
        }
        confirm(fitted(ShareConfirmation(localized("Copied to the clipboard"))))
      }
      return
    }
    let source = host.meme.renderedImageURL
    let description = host.meme.resolvedDescription
    let sizeLimit = host.preferences.shareSizeLimit
    let sentFormat = self.sentFormat
    MainLoop.runInBackground(
      { try? Self.sentFile(at: source, description: description, sizeLimit: sizeLimit) },
      then: { [weak self] file in
        guard let self, !host.isDestroyed else { return }
        let mimeType = (file?.isRefitted == true ? file?.fit?.format : sentFormat)?.mimeType
        guard let file,
          Clipboard(for: host.window).setImage(encoded: file.bytes, mimeType: mimeType)
        else {
          host.showError(
            title: localized("Could not copy the meme"),
            detail: localized("The meme’s image could not be read."))
          return
        }
        confirm(ShareConfirmation(localized("Copied to the clipboard")).fitted(file.fit))
      })
  }

  /// Copy Description: the meme's alt text, for services that ask for it apart from the picture.
  private func copyDescription() {
    Clipboard(for: host.window).setText(host.meme.resolvedDescription)
    confirm(ShareConfirmation(localized("Description copied to the clipboard")))
  }

  /// Open With…: a copy of the sent meme opens in the chosen application.
  private func openWith() {
    OpenWith.chooseApplication(
      for: sentAnimation?.mimeType ?? sentFormat.mimeType, parent: host.window
    ) {
      [weak self] application in
      self?.copyToCache { [weak self] file, fitted in
        application.open(file) { [weak self] result in
          guard let self, !host.isDestroyed else { return }
          switch result {
          case .success: confirm(fitted(ShareConfirmation(application.confirmation)))
          case .failure(let failure):
            host.showError(title: localized("Could not open the meme"), detail: failure.reason)
          }
        }
      }
    }
  }

  /// Send by E-mail: a copy of the sent meme is attached to a new e-mail.
  private func sendByEmail() {
    copyToCache { [weak self] file, fitted in
      guard let self else { return }
      EmailComposer.attach(file, over: host.window) { [weak self] failure in
        guard let self, !host.isDestroyed else { return }
        if let failure {
          host.showError(title: localized("Could not start an e-mail"), detail: failure)
        } else {
          confirm(fitted(ShareConfirmation(localized("Meme attached to a new e-mail"))))
        }
      }
    }
  }

  /// Says what a share did, in a toast.
  private func confirm(_ confirmation: ShareConfirmation) {
    host.toasts.show(confirmation.toast(in: host.window))
  }

  /// The format the meme was sent in: JPEG for a meme shared through the JPEG block path, else PNG.
  private var sentFormat: ImageFormat {
    ImageFormat(fileExtension: host.meme.renderedImageURL.pathExtension) ?? .png
  }

  /// The kind of animation a meme sent as one was written in (nil for a still meme).
  private var sentAnimation: AnimationFormat? {
    host.meme.isAnimated ? ShareFormat.animation(of: host.meme.renderedImageURL) : nil
  }

  /// The extension of the file the meme was sent as.
  private var sentFileExtension: String { sentAnimation?.fileExtension ?? sentFormat.fileExtension }

  /// What a copy made for a share says of a size limit, added to a confirmation.
  private typealias Fitted = @Sendable @MainActor (ShareConfirmation) -> ShareConfirmation

  /// Copies the sent meme to a new file in the cache folder (other applications get a copy, never
  /// the store's own file, in the format it was sent in, or as the JPEG a size limit made), then
  /// calls `body` on the main thread.
  private func copyToCache(
    then body: @escaping @Sendable @MainActor (URL, @escaping Fitted) -> Void
  ) {
    let source = host.meme.renderedImageURL
    let description = host.meme.resolvedDescription
    let sizeLimit = host.preferences.shareSizeLimit
    // Named as Save As suggests, in a folder of its own: the name the other application shows.
    let name = fileName
    let sentExtension = sentFileExtension
    if sentVideo != nil { return copySentVideo(to: nil) { body($0, { $0 }) } }
    if let animation = sentAnimation {
      let file = CacheFolder.newFile(named: name, extension: animation.fileExtension)
      writeAnimationInBackground(as: animation, to: file) { [weak self] result in
        switch result {
        case .success(let (url, fit)): body(url, { $0.fitted(fit) })
        case .failure(let failure):
          self?.host.showError(
            title: localized("Could not export the meme"),
            detail: ErrorSentence.from(failure.reason))
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
        guard let self, !host.isDestroyed else { return }
        switch result {
        case .success(let (url, fit)): body(url, { $0.fitted(fit) })
        case .failure(let failure):
          host.showError(
            title: localized("Could not export the meme"),
            detail: ErrorSentence.from(failure.reason))
        }
      })
  }

  /// What the meme's file is called, without the extension: the editor's rule (`MemeFileName`), for
  /// which the store's copy of the picture is a name the app gave it, so the meme is called by its
  /// first words.
  private var fileName: String {
    MemeFileName.base(picture: host.meme.meme.originalImage, captions: host.meme.meme.captions)
  }

  /// Save As's suggestion: `fileName` as PNG, the format Save As writes unless told otherwise, or
  /// in its own animated kind for a meme sent as an animation.
  private var suggestedName: String {
    "\(fileName).\(sentVideo?.rawValue ?? sentAnimation?.fileExtension ?? "png")"
  }

  /// The video format a meme sent as a video was written in (nil for a picture).
  private var sentVideo: VideoFormat? { SentVideoCopy.format(of: host.meme.renderedImageURL) }

  /// The sent video copied to `destination` (nil: the cache folder); `done` gets the copy.
  private func copySentVideo(to destination: URL?, done: @escaping @MainActor (URL) -> Void) {
    SentVideoCopy.copy(host.meme.renderedImageURL, named: fileName, to: destination) { [weak self] result in
      guard let self, !host.isDestroyed else { return }
      switch result {
      case .success(let file): done(file)
      case .failure(let error): saveFailed(destination ?? URL(fileURLWithPath: error.path), error)
      }
    }
  }

  private func savedVideo(_ written: URL) {
    host.rememberSaved(written)
    confirm(ShareConfirmation.saved(written))
  }
}
