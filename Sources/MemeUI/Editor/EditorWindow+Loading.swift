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
    } work: {
      PictureLoader.load(url)
    }
  }

  /// Loads pasted or dropped encoded image bytes.
  func load(pasted bytes: [UInt8]) {
    startLoading(name: localized("pasted picture"), work: { PictureLoader.loadPasted(bytes) })
  }

  private func startLoading(
    name: String, transform: PictureTransform = .identity, asKept: Bool = false,
    loaded: @escaping () -> Void = {},
    work: @escaping @Sendable () -> Result<EditorImage, ImageError>
  ) {
    loadGeneration += 1
    let generation = loadGeneration
    isLoading = true
    canvas.showLoading(name)
    MainLoop.runInBackground(work) { [weak self] result in
      guard let self, generation == loadGeneration else { return }  // superseded or cancelled
      isLoading = false
      canvas.showLoading(nil)
      switch result {
      case .success(let picture):
        document.setImage(picture, transform: transform)
        if asKept { document.markKept() }
        loaded()
      case .failure(let error):
        showError(
          title: String(format: localized("Could not open “%@”"), name), detail: Self.sentence(error.reason))
      }
    }
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
