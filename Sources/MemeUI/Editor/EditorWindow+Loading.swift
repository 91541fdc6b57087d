// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import MemeCore
import MemeEditing

/// Getting a picture into the editor: Album, command line, paste and drop all end in `load`.
extension EditorWindow {
  /// Album: ask for a file, then load it.
  func chooseAndLoadPicture() {
    filePicker(.openPicture) { [weak self] url in
      guard let self, let url else { return }  // cancelled: nothing changes
      preferences.rememberFolder(of: url)
      load(url)
    }
  }

  /// Decodes `url` off the main thread, showing progress; on failure shows the file and the reason
  /// and keeps the current picture. `asKept`: the picture completes a meme kept in Sent Memes, so
  /// closing the editor right after loses nothing. `focusingTopCaption`: once loaded, the caret
  /// goes to the top caption, ready for typing, as after Album (a picture opened from the command
  /// line into the running window).
  package func load(
    _ url: URL, transform: PictureTransform = .identity, asKept: Bool = false,
    focusingTopCaption: Bool = false
  ) {
    startLoading(name: url.lastPathComponent, transform: transform, asKept: asKept) { [weak self] in
      if focusingTopCaption { self?.canvas.topEntry.focus() }
    } work: { cancellation in
      PictureLoader.load(url, cancellation: cancellation)
    }
  }

  /// Loads pasted or dropped encoded image bytes.
  func load(pasted bytes: [UInt8]) {
    startLoading(
      name: localized("pasted picture"),
      work: { cancellation in PictureLoader.loadPasted(bytes, cancellation: cancellation) })
  }

  /// A slow open shows "Loading…" with a Stop button over the canvas; Stop or Escape ends it (see
  /// `stopLoading`). A superseded or stopped load's result is dropped.
  private func startLoading(
    name: String, transform: PictureTransform = .identity, asKept: Bool = false,
    loaded: @escaping () -> Void = {},
    work: @escaping @Sendable (Cancellation) -> Result<EditorImage, ImageError>
  ) {
    canvas.stopLoading?()  // a load still running is superseded: it need not finish
    loadGeneration += 1
    let generation = loadGeneration
    let cancellation = Cancellation()
    isLoading = true
    canvas.showLoading(name) { [weak self] in
      guard let self, generation == loadGeneration else { return }
      cancellation.cancel()
      loadGeneration += 1  // its result, if it still comes, is dropped
      isLoading = false
      canvas.showLoading(nil)
    }
    let decode: @Sendable () -> Result<EditorImage, ImageError> = { work(cancellation) }
    MainLoop.runInBackground(decode) { [weak self] result in
      guard let self, generation == loadGeneration else { return }  // superseded or stopped
      isLoading = false
      canvas.showLoading(nil)
      switch result {
      case .success(let picture):
        document.setImage(picture, transform: transform)
        if asKept { document.markKept() }
        loaded()
      case .failure(let error) where error.kind == .cancelled:
        break
      case .failure(let error):
        showError(
          title: String(format: localized("Could not open “%@”"), name), detail: Self.sentence(error.reason))
      }
    }
  }

  /// Stop (or Escape) while a picture loads: the loading stops within a few rows of a JPEG (other
  /// formats when their decoder returns), and the picture and captions shown before stay as they were.
  package func stopLoading() {
    canvas.stopLoading?()
  }

  /// Paste: a picture or picture file from the clipboard; plain text goes to the focused caption.
  func paste() {
    let clipboard = Clipboard(for: window)
    if clipboard.offersFiles {
      clipboard.readFiles { [weak self] urls in
        guard let self, let url = urls.first else { return }
        load(url)
      }
    } else if clipboard.offersImage {
      // The bytes another application offers in a format MemeMe reads, decoded here (with the
      // scan limit and the pixel limit); only other formats are decoded by GDK, to a PNG.
      clipboard.readImageBytes(mimeTypes: ImageLoader.supportedMimeTypes) { [weak self] encoded in
        guard let self else { return }
        if let encoded {
          load(pasted: encoded)
        } else {
          pasteDecodedByGDK(from: clipboard)
        }
      }
    } else if let focus = window.focusedWidget {
      // Ctrl+V is bound to win.paste, so text pastes into a caption field are passed on. A text
      // field enables its own paste action only for what the clipboard held when it was focused, so
      // text copied since would not paste: its paste signal is emitted instead.
      if g_type_check_instance_is_a(
        UnsafeMutableRawPointer(focus).assumingMemoryBound(to: GTypeInstance.self), gtk_text_get_type()) != 0
      {
        gtkkit_emit_signal(focus, "paste-clipboard")
      } else {
        gtk_widget_activate_action_variant(focus, "clipboard.paste", nil)
      }
    }
  }

  /// A clipboard image in a format MemeMe does not read itself, decoded by GDK and passed on as PNG.
  private func pasteDecodedByGDK(from clipboard: Clipboard) {
    clipboard.readImagePNG { [weak self] bytes in
      guard let self else { return }
      guard let bytes else {
        showError(
          title: localized("Could not paste the picture"),
          detail: localized("The clipboard’s picture could not be read.")
        )
        return
      }
      load(pasted: bytes)
    }
  }

  /// "corrupt JPEG data" → "Corrupt JPEG data."
  static func sentence(_ reason: String) -> String {
    guard let first = reason.first else { return reason }
    let capitalised = first.uppercased() + reason.dropFirst()
    return capitalised.hasSuffix(".") ? capitalised : capitalised + "."
  }

  // MARK: - The native file chooser

  func presentFileChooser(_ request: FileRequest, completion: @escaping (URL?) -> Void) {
    switch request {
    case .openPicture:
      let pictures = FileChooser.Filter(
        name: localized("Pictures"), mimeTypes: ImageLoader.supportedMimeTypes,
        patterns: ImageLoader.supportedFileExtensions.flatMap { ["*.\($0)", "*.\($0.uppercased())"] })
      FileChooser.present(
        parent: gtkkit_window(window), title: localized("Choose a Picture"), mode: .open,
        acceptLabel: localized("_Open"),
        filters: [pictures], initialFolder: preferences.lastFolder, completion: completion)
    case .saveMeme(let suggestedName):
      SaveChooser.present(
        parent: window, suggestedName: suggestedName, preferences: preferences, completion: completion)
    }
  }
}
