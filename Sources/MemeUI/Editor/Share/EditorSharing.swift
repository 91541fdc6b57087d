// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GLibSupport
import GtkKit
import MemeCore
import MemeEditing
import MemeStore
import MemeVideo

/// How Open With asks which application gets a meme of `mimeType`; `chosen` runs only on a choice.
package typealias ApplicationChooser = (
  _ mimeType: String, _ chosen: @escaping (any MemeOpener) -> Void
) -> Void

/// The editor's share targets: each runs `SharePipeline` (MemeEditing), whose comment lists the
/// stages. The snapshot is taken here, render, encode, thumbnail and a file's delivery run on one
/// background hop, and once the share has really happened the meme goes to Sent Memes (keep). A
/// cancelled share keeps nothing.
final class EditorSharing {

  let progress: ExportProgress
  /// Where shared memes are kept.
  var sink: SentMemeSink
  /// Asks where Save As saves: the window's file picker.
  private let filePicker: FilePicker
  /// Asks which application Open With hands the meme to; the export memory benchmark answers it.
  var applicationChooser: ApplicationChooser
  /// What the last completed share said ("Saved “cat-meme.png”"), for the window shown next.
  private(set) var confirmation: ShareConfirmation?

  private unowned let host: any EditorHost
  private let toasts: ToastOverlay
  private let preferences: Preferences
  /// Kept for the life of the window: its drag source calls it through weak references.
  private(set) var dragOut: DragOut!

  init(
    host: any EditorHost, toasts: ToastOverlay, sink: SentMemeSink, preferences: Preferences,
    filePicker: @escaping FilePicker
  ) {
    self.host = host
    self.toasts = toasts
    self.sink = sink
    self.preferences = preferences
    let window = host.window
    progress = ExportProgress(stopAction: EditorAction.cancelExport.detailedName)
    self.filePicker = filePicker
    applicationChooser = { mimeType, chosen in
      OpenWith.chooseApplication(for: mimeType, parent: window, chosen: chosen)
    }
    progress.onChange = { [unowned host] in host.updateActionStates() }
    dragOut = DragOut(
      addController: host.canvas.addToDrawing, snapshot: { [weak self] in self?.snapshot },
      export: { [weak self] snapshot, format, file, finished in
        self?.exportForDrag(snapshot, as: format, to: file, finished: finished) ?? false
      },
      stopExport: { [weak self] in self?.progress.cancel() },
      dropped: { [weak self] snapshot, meme in self?.shared(snapshot, meme, confirmation: nil) })
    host.canvas.zoomControls.isDragOutArmed = { [weak dragOut] in dragOut?.isArmed ?? false }
  }

  /// Tests only: runs on the export's background thread before the pipeline, to hold an export
  /// there (until it is stopped) as a slow one would be held.
  var holdExport: (@Sendable (Cancellation) -> Void)?

  /// The Stop button (`win.cancel-export`): the export stops, and the toast says nothing was saved.
  func stop() {
    guard progress.cancel(), !host.isDestroyed else { return }
    toasts.show(Toast(localized("Not saved")))
  }

  /// Enables Share, its targets and Stop. One export at a time: while one runs, Share shows its
  /// progress.
  func updateActions(hasPicture: Bool) {
    let isExporting = progress.isRunning
    for name in [EditorAction.share.name] + ShareTarget.allCases.map(\.name) {
      host.actions.action(named: name)?.isEnabled = hasPicture && !isExporting
    }
    host.actions.action(named: EditorAction.cancelExport.name)?.isEnabled = isExporting
  }

  /// Shares the current meme to `target`.
  func share(to target: ShareTarget) {
    guard let snapshot = progress.isRunning ? nil : snapshot else { return }  // one export at a time
    switch target {
    case .saveAs: saveAs(snapshot)
    case .saveAsSticker: saveAsSticker(snapshot)
    case .copyImage: copyImage(snapshot)
    case .copyDescription: copyDescription(snapshot)
    case .openWith: openWith(snapshot)
    case .sendByEmail: sendByEmail(snapshot)
    }
  }

  /// The format `target` writes `snapshot` in; Save As's comes from the name chosen. A video meme
  /// is copied and handed over as a video (MP4); an animated meme (an animated picture, or animated
  /// stickers) is copied as a GIF (what applications paste as an animation) and handed over in its
  /// own kind.
  private static func format(of target: ShareTarget, for snapshot: ShareSnapshot) -> ShareFormat {
    switch target.formatRule {
    case .png, .byChosenName, .sticker, .text:
      if let video = snapshot.proposedVideoFormat {
        .video(video)
      } else {
        snapshot.isAnimated ? .animated(.gif) : .still(.png)
      }
    case .handOver: snapshot.handOverShareFormat
    }
  }

  /// Stage 1, snapshot: what is being shared, so edits made while exporting do not leak into it.
  private var snapshot: ShareSnapshot? {
    let document = host.document
    return document.image.map {
      ShareSnapshot(content: document.content, picture: $0)
    }
  }

  private func saveAs(_ snapshot: ShareSnapshot) {
    let proposed = snapshot.proposedSaveFormat
    // A video format whose encoders are missing is not offered: one line says why.
    if snapshot.picture.isVideo, let missing = VideoFormat.allCases.lazy.compactMap(\.unavailableReason).first
    {
      toasts.show(Toast(missing), replacingOthers: true)
    }
    let suggestedName = snapshot.suggestedName(for: proposed)
    let request =
      snapshot.proposedVideoFormat != nil
      ? FileRequest.saveVideoMeme(
        suggestedName: suggestedName, offersAnimation: snapshot.offersVideoAnimation)
      : .saveMeme(suggestedName: suggestedName)
    filePicker(request) { [weak self] chosen in
      guard let self, let chosen else { return }
      preferences.rememberSaveFolder(of: chosen)
      let (url, format) = ShareFormat.destination(
        for: chosen, animation: snapshot.sourceAnimationFormat, video: snapshot.proposedVideoFormat)
      run(snapshot, as: format, to: .chosenFile(url)) { [weak self] meme in
        guard let self else { return }
        guard let proposed = meme.proposedFile, let fit = meme.fit else {
          return saved(snapshot, meme, to: meme.deliveredFile ?? url, format: format)
        }
        // A PNG over the size limit fits only as a JPEG, which needs a name the user did not choose,
        // or as a smaller PNG under the name chosen.
        RenamedSaveQuestion.ask(
          over: host.window.asWindow, chosen: url, proposed: proposed, fit: fit,
          keepPNG: { [weak self] in self?.savePNGKeepingFormat(snapshot, to: url, format: format) }
        ) { [weak self] in
          MainLoop.runInBackground {
            SharePipeline.deliverNew(meme, to: proposed)
          } then: { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let written): saved(snapshot, written, to: proposed, format: format)
            case .failure(let error): saveFailed(proposed, error)
            }
          }
        }
      } failed: { [weak self] error in
        self?.saveFailed(url, error)
      }
    }
  }

  /// Save As's "Keep PNG": the meme exported again to the name chosen, as a PNG made smaller until
  /// it fits the limit.
  private func savePNGKeepingFormat(_ snapshot: ShareSnapshot, to url: URL, format: ShareFormat) {
    guard !progress.isRunning, !host.isDestroyed else { return }
    run(snapshot, as: format, to: .chosenFile(url), strategy: .keepFormat) { [weak self] meme in
      self?.saved(snapshot, meme, to: meme.deliveredFile ?? url, format: format)
    } failed: { [weak self] error in
      self?.saveFailed(url, error)
    }
  }

  /// Save As completed: Sent Memes keeps the meme, and the toast says where it went, and why it is
  /// a JPEG when the size limit made it one.
  private func saved(_ snapshot: ShareSnapshot, _ meme: SharedMeme, to written: URL, format: ShareFormat) {
    let base =
      meme.fit.flatMap { $0.formatChanged ? ShareConfirmation.savedAsJPEG(written, limit: $0.limit) : nil }
      ?? ShareConfirmation.saved(written)
    var confirmation = base.fitted(meme.fit).fitted(meme.animationFit)
    if case .still = format, snapshot.isAnimated { confirmation = confirmation.firstFrameOnly() }
    let isJPEG = if case .still(.jpeg) = format { true } else { meme.fit?.formatChanged == true }
    if isJPEG, snapshot.content.captions.cutsOutOfPicture { confirmation = confirmation.cutOutFilledWhite() }
    var meme = meme
    meme.savedFile = written
    shared(snapshot, meme, confirmation: confirmation)
  }

  private func saveFailed(_ url: URL, _ error: ImageError) {
    guard !host.isDestroyed else { return }
    host.showError(
      title: String(format: localized("Could not save “%@”"), url.lastPathComponent),
      detail: ErrorSentence.from(error.reason))
  }

  /// Save as Sticker…: asks where (proposing `<name>-sticker.png`, or `.webm` for an animation),
  /// then writes the sticker with the Stop button and the spinner; Sent Memes keeps the meme.
  private func saveAsSticker(_ snapshot: ShareSnapshot) {
    let suggested = SharePipeline.suggestedStickerName(for: snapshot)
    filePicker(.saveMeme(suggestedName: suggested)) { [weak self] chosen in
      guard let self, let chosen else { return }
      preferences.rememberSaveFolder(of: chosen)
      run(snapshot, as: .still(.png), to: .chosenFile(chosen)) { [weak self] meme in
        guard let self else { return }
        var meme = meme
        meme.savedFile = meme.deliveredFile ?? chosen
        shared(snapshot, meme, confirmation: ShareConfirmation.saved(meme.savedFile ?? chosen))
      } failed: { [weak self] error in
        self?.saveFailed(chosen, error)
      } making: { cancellation in
        SharePipeline.runSticker(snapshot, to: chosen, cancellation: cancellation)
      }
    }
  }

  private func copyImage(_ snapshot: ShareSnapshot) {
    run(snapshot, as: Self.format(of: .copyImage, for: snapshot), to: .caller) { [weak self] meme in
      guard let self else { return }
      // Stage 5 for the clipboard, on the main thread.
      guard copyToClipboard(meme) else {
        host.showError(
          title: localized("Could not copy the meme"),
          detail: localized("The picture could not be put on the clipboard."))
        return
      }
      // Sent Memes keeps the very PNG that went on the clipboard.
      shared(
        snapshot, meme,
        confirmation: ShareConfirmation(localized("Copied to the clipboard")).fitted(meme.fit).fitted(
          meme.animationFit)
      )
    } failed: { [weak self] error in
      self?.host.showError(
        title: localized("Could not copy the meme"), detail: ErrorSentence.from(error.reason))
    }
  }

  /// Puts the shared file on the clipboard: a still meme's bytes with GDK's texture of them; an
  /// animation's GIF bytes as `image/gif` with its file in the cache folder (for applications that
  /// take files) and its first frame as a texture.
  private func copyToClipboard(_ meme: SharedMeme) -> Bool {
    let clipboard = Clipboard(for: host.window)
    let bytes = [UInt8](meme.file.data)
    if let animation = AnimationFormat(fileExtension: meme.file.fileExtension), let file = meme.deliveredFile
    {
      return clipboard.setFile(
        file, encoded: bytes, mimeType: animation.mimeType,
        firstFrame: FrameTexture.firstFrame(ofAnimation: bytes))
    }
    // A video goes as its file: applications take videos as files, not as bytes.
    if let video = VideoFormat(fileExtension: meme.file.fileExtension), let file = meme.deliveredFile {
      return clipboard.setFile(file, encoded: bytes, mimeType: video.mimeType, firstFrame: nil)
    }
    let mimeType = ImageFormat(fileExtension: meme.file.fileExtension)?.mimeType
    return clipboard.setImage(encoded: bytes, mimeType: mimeType)
  }

  /// Copy Description: the meme's alt text on the clipboard, for services that ask for it apart from
  /// the picture. The meme itself goes nowhere, so Sent Memes keeps nothing.
  private func copyDescription(_ snapshot: ShareSnapshot) {
    Clipboard(for: host.window).setText(snapshot.resolvedDescription)
    toasts.show(ShareConfirmation(localized("Description copied to the clipboard")).toast(in: host.window))
  }

  /// Open With: asks which application (`applicationChooser`), and only on a choice exports to the
  /// cache folder and hands the file over.
  private func openWith(_ snapshot: ShareSnapshot) {
    let format = Self.format(of: .openWith, for: snapshot)
    applicationChooser(format.mimeType) { [weak self] application in
      self?.shareToCache(snapshot, as: format) { [weak self] file, meme in
        application.open(file) { [weak self] result in
          guard let self else { return }
          switch result {
          case .success:
            shared(
              snapshot, meme,
              confirmation: ShareConfirmation(application.confirmation).fitted(meme.fit).fitted(
                meme.animationFit))
          case .failure(let failure):
            host.showError(title: localized("Could not open the meme"), detail: failure.reason)
          }
        }
      }
    }
  }

  private func sendByEmail(_ snapshot: ShareSnapshot) {
    shareToCache(snapshot, as: Self.format(of: .sendByEmail, for: snapshot)) { [weak self] file, meme in
      guard let self else { return }
      EmailComposer.attach(file, over: host.window) { [weak self] failure in
        guard let self else { return }
        if let failure {
          host.showError(title: localized("Could not start an e-mail"), detail: failure)
        } else {
          shared(
            snapshot, meme,
            confirmation: ShareConfirmation(localized("Meme attached to a new e-mail")).fitted(meme.fit)
              .fitted(meme.animationFit))
        }
      }
    }
  }

  /// Delivers the meme to a new file in `format` in the cache folder, named as Save As suggests,
  /// then calls `body` on the main thread with that file.
  private func shareToCache(
    _ snapshot: ShareSnapshot, as format: ShareFormat, then body: @escaping (URL, SharedMeme) -> Void
  ) {
    let file = CacheFolder.newFile(named: snapshot.name, extension: format.fileExtension)
    run(snapshot, as: format, to: .file(file)) { meme in
      body(meme.deliveredFile ?? file, meme)
    } failed: { [weak self] error in
      self?.host.showError(
        title: localized("Could not export the meme"), detail: ErrorSentence.from(error.reason))
    }
  }

  /// A dragged animation's file, written like any share's (with the spinner and the Stop button);
  /// `finished` gets nil when it was stopped. A failure is also shown. False when another export is
  /// running.
  private func exportForDrag(
    _ snapshot: ShareSnapshot, as format: ShareFormat, to file: URL,
    finished: @escaping (Result<SharedMeme, ImageError>?) -> Void
  ) -> Bool {
    guard !progress.isRunning else { return false }
    run(snapshot, as: format, to: .file(file)) { meme in
      finished(.success(meme))
    } failed: { [weak self] error in
      finished(.failure(error))
      self?.host.showError(
        title: localized("Could not export the meme"), detail: ErrorSentence.from(error.reason))
    } stopped: {
      finished(nil)
    }
    return true
  }

  /// Stages 2 to 5 on one background hop (`SharePipeline.run`, or `make` when given: Save as
  /// Sticker's), with the Stop button and the spinner;
  /// back on the main thread, `done` or `failed` runs unless the share was stopped (then `stopped`
  /// runs) or the window is gone.
  private func run(
    _ snapshot: ShareSnapshot, as format: ShareFormat, to destination: SharePipeline.Destination,
    strategy: SizeLimitStrategy = .largestJPEG, done: @escaping (SharedMeme) -> Void,
    failed: @escaping (ImageError) -> Void, stopped: @escaping () -> Void = {},
    making make: (@Sendable (Cancellation) -> Result<SharedMeme, ImageError>)? = nil
  ) {
    let completion = SendableCompletion(done: done, failed: failed, stopped: stopped)
    let cancellation = progress.begin()
    let sizeLimit = preferences.shareSizeLimit
    let hold = holdExport
    MainLoop.runInBackground {
      hold?(cancellation)
      if let make { return make(cancellation) }
      return SharePipeline.run(
        snapshot, as: format, to: destination, sizeLimit: sizeLimit, strategy: strategy,
        cancellation: cancellation)
    } then: { [weak self] result in
      guard let self, progress.end(cancellation) else { return completion.stopped() }
      switch result {
      case .success(let meme): completion.done(meme)
      case .failure(let error): completion.failed(error)
      }
    }
  }

  /// Stage 6, keep: a share completed, so the meme goes to Sent Memes and the user sees where it went.
  private func shared(_ snapshot: ShareSnapshot, _ meme: SharedMeme, confirmation: ShareConfirmation?) {
    // Sent Memes repeats the confirmation when it takes over from the editor.
    self.confirmation = confirmation
    sink.keep(meme)
    // The window may be gone: Sent Memes took over, or it was closed while the export ran.
    guard !host.isDestroyed else { return }
    // Only if nothing changed while it was exported: a later edit is still unshared.
    let document = host.document
    if document.content == snapshot.content, document.image === snapshot.picture { document.markKept() }
    if let confirmation { toasts.show(confirmation.toast(in: host.window)) }
    host.canvas.fields.forgetPointer()
    host.updateActionStates()
  }
}

/// Carries closures that capture non-Sendable values (a GAppInfo pointer, the window) through
/// `MainLoop.runInBackground`'s `@Sendable` completion. The class is main-actor isolated (the
/// module's default), so the closures can only be read, and called, on the main actor.
private final class SendableCompletion {
  let done: (SharedMeme) -> Void
  let failed: (ImageError) -> Void
  let stopped: () -> Void
  init(
    done: @escaping (SharedMeme) -> Void, failed: @escaping (ImageError) -> Void,
    stopped: @escaping () -> Void
  ) {
    self.done = done
    self.failed = failed
    self.stopped = stopped
  }
}
