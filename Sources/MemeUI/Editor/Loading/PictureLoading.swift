// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GLibSupport
import GtkKit
import MemeCore
import MemeEditing

/// Getting a picture into the editor: Album, command line, paste, drop and the camera all end in
/// `load`. One load at a time: a newer one supersedes a slower one still running.
final class PictureLoading {
  /// Whether a picture is being decoded.
  private(set) var isLoading = false

  private unowned let host: any EditorHost
  private let preferences: Preferences
  /// Asks which picture Album opens: the window's file picker.
  private let filePicker: FilePicker
  /// Asked when a picture is dropped or pasted while one already shows: it can go on the meme as a
  /// sticker instead (the editor's Add Sticker asks which); `replace` loads it in the picture's place.
  var offerAsSticker: ((ArrivingPicture, _ replace: @escaping () -> Void) -> Void)?
  /// A panel meme's cells, which take the pictures that arrive while the meme is one.
  weak var panels: PanelEditing?
  /// Increases with every load so that a slow, superseded load cannot replace a newer picture.
  private var generation = 0

  init(host: any EditorHost, preferences: Preferences, filePicker: @escaping FilePicker) {
    self.host = host
    self.preferences = preferences
    self.filePicker = filePicker
  }

  /// Album: ask for a file, then load it.
  func chooseAndLoad() {
    filePicker(.openPicture) { [weak self] url in
      guard let self, let url else { return }  // cancelled: nothing changes
      preferences.rememberFolder(of: url)
      if panels?.take(.file(url)) == true { return }
      load(url)
    }
  }

  /// Decodes `url` off the main thread, showing progress; on failure shows the file and the reason
  /// and keeps the current picture. `asKept`: the picture completes a meme kept in Sent Memes, so
  /// closing the editor right after loses nothing. `focusingTopCaption`: once loaded, the caret
  /// goes to the top caption, ready for typing (see `focusTopCaption`).
  func load(
    _ url: URL, transform: PictureTransform = .identity, timing: PlaybackTiming = PlaybackTiming(),
    asKept: Bool = false, focusingTopCaption: Bool = true
  ) {
    startLoading(
      name: url.lastPathComponent, shownAs: (transform, timing), asKept: asKept
    ) { [weak self] in
      if focusingTopCaption { self?.focusTopCaption() }
    } work: { cancellation in
      PictureLoader.load(url, cancellation: cancellation)
    }
  }

  /// Opens a sent meme to change it and send it again (a new entry in Sent Memes): shows `meme`'s
  /// captions, text boxes, style and description at once and loads its original picture (the
  /// store's copy), cut and turned and played (its trim, speed, ...) as it was sent and still
  /// adjustable.
  func load(sent meme: Meme) {
    host.document.setTexts(of: meme)
    // What was sent is kept in Sent Memes: closing before changing it loses nothing.
    host.document.markKept()
    if let grid = meme.panels, let panels {
      return panels.restore(grid, asKept: true)
    }
    load(meme.originalImage, transform: meme.transform, timing: meme.timing, asKept: true)
  }

  /// A dropped or pasted picture: on an empty canvas it becomes the picture; over a picture,
  /// `offerAsSticker` asks whether it replaces it or goes on it as a sticker.
  func arrive(_ picture: ArrivingPicture, at point: (x: Double, y: Double)? = nil) {
    if panels?.take(picture, at: point) == true { return }
    let replace: () -> Void = { [weak self] in
      guard let self else { return }
      switch picture {
      case .file(let url): load(url)
      case .bytes(let bytes): load(pasted: bytes)
      }
    }
    if host.document.image != nil, !isLoading, let offerAsSticker {
      offerAsSticker(picture, replace)
    } else {
      replace()
    }
  }

  /// Loads pasted or dropped encoded image bytes.
  func load(pasted bytes: [UInt8]) {
    startLoading(
      name: localized("pasted picture"), loaded: { [weak self] in self?.focusTopCaption() },
      work: { cancellation in PictureLoader.loadPasted(bytes, cancellation: cancellation) })
  }

  /// A picture arrived (Album, a template, a paste, a drop, the camera, the command line): typing
  /// goes on in the top caption, as in Loupe's and Text Editor's "focus where typing goes", unless
  /// a caption field already has the caret (someone typing while a slow picture loaded).
  private func focusTopCaption() {
    let canvas = host.canvas
    guard !canvas.fields.captionEntries.contains(where: \.isFocused) else { return }
    canvas.fields.topEntry.focus()
  }

  /// A slow open shows "Loading…" with a Stop button over the canvas; Stop or Escape ends it (see
  /// `stop`). A superseded or stopped load's result is dropped. The picture is shown cut, turned and
  /// played as `shown` says.
  private func startLoading(
    name: String, shownAs shown: (transform: PictureTransform, timing: PlaybackTiming) = (.identity, .init()),
    asKept: Bool = false, loaded: @escaping () -> Void = {},
    work: @escaping @Sendable (Cancellation) -> Result<EditorImage, ImageError>
  ) {
    let canvas = host.canvas
    canvas.loading.stop?()  // a load still running is superseded: it need not finish
    generation += 1
    let generation = self.generation
    let cancellation = Cancellation()
    isLoading = true
    canvas.loading.show(name) { [weak self] in
      guard let self, generation == self.generation else { return }
      cancellation.cancel()
      self.generation += 1  // its result, if it still comes, is dropped
      isLoading = false
      canvas.loading.show(nil)
    }
    let decode: @Sendable () -> Result<EditorImage, ImageError> = { work(cancellation) }
    MainLoop.runInBackground(decode) { [weak self] result in
      // Superseded, stopped, or the window is gone: its widgets must not be touched.
      guard let self, generation == self.generation, !host.isDestroyed else { return }
      isLoading = false
      canvas.loading.show(nil)
      switch result {
      case .success(let picture):
        host.document.setImage(picture, transform: shown.transform, timing: shown.timing)
        if asKept { host.document.markKept() }
        loaded()
      case .failure(let error) where error.kind == .cancelled:
        break
      case .failure(let error):
        host.showError(
          title: String(format: localized("Could not open “%@”"), name),
          detail: ErrorSentence.from(error.reason))
      }
    }
  }

  /// Stop (or Escape) while a picture loads: the loading stops within a few rows of a JPEG (other
  /// formats when their decoder returns), and the picture and captions shown before stay as they were.
  func stop() {
    host.canvas.loading.stop?()
  }

  /// Cancel's fresh start: a load still running must not bring a picture back.
  func forget() {
    generation += 1
    isLoading = false
    host.canvas.loading.show(nil)
  }

  /// Paste: a picture or picture file from the clipboard; plain text goes to the focused caption.
  func paste() {
    let offersPicture = PictureArrival.read(from: Clipboard(for: host.window)) { [weak self] pictures in
      guard let self else { return }
      guard let pictures else {
        host.showError(
          title: localized("Could not paste the picture"),
          detail: localized("The clipboard’s picture could not be read.")
        )
        return
      }
      if let picture = pictures.first { arrive(picture) }
    }
    if !offersPicture, let focus = host.toplevel.focusedWidget { PictureArrival.passPaste(to: focus) }
  }
}
