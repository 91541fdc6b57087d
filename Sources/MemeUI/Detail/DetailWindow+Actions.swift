// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import MemeCore

/// The Detail window's `win.` actions. Each handler checks its preconditions first.
extension DetailWindow {
  func addActions() {
    DetailAction.add(to: actions) { [weak self] action in self?.perform(action) }
    // Edit needs the original picture; the editor reports a missing one itself, so it stays enabled.
  }

  private func perform(_ action: DetailAction) {
    switch action {
    case .back: onBack()
    case .edit: onEdit(meme.meme)
    case .delete: onDelete(meme.id)
    case .saveAs: saveAs()
    case .copyImage: copyImage()
    case .close: gtk_window_close(gtkkit_window(window))
    }
  }

  /// Save As…: PNG or JPEG (by the name's extension) of the meme as it was sent, at full size. A
  /// meme sent as JPEG and saved as JPEG is the sent file itself, with no generation lost.
  func saveAs() {
    let source = meme.renderedImageURL
    savePicker(suggestedName) { [weak self] chosen in
      guard let self, let chosen else { return }
      preferences.rememberFolder(of: chosen)
      let format = ImageFormat(fileExtension: chosen.pathExtension)
      let url = format == nil ? chosen.appendingPathExtension("png") : chosen
      MainLoop.runInBackground({ () -> ImageError? in
        do throws(ImageError) {
          if case .jpeg = format, ["jpg", "jpeg"].contains(source.pathExtension.lowercased()) {
            let bytes: Data
            do {
              bytes = try Data(contentsOf: source)
            } catch {
              throw ImageError(path: source.path, kind: .unreadable, reason: error.localizedDescription)
            }
            try ImageWriter.write(encoded: bytes, to: url)
          } else {
            try ImageWriter.write(ImageLoader().load(contentsOf: source), to: url, as: format ?? .png)
          }
          return nil
        } catch {
          return error
        }
      }) { [weak self] error in
        guard let self, let error else { return }
        showError(
          title: String(format: tr("Could not save “%@”"), url.lastPathComponent),
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
        guard let self else { return }
        guard let bytes, Clipboard(for: window).setImage(encoded: bytes) else {
          showError(title: tr("Could not copy the meme"), detail: tr("The meme’s image could not be read."))
          return
        }
      })
  }

  /// "when-i-see-it-meme.png" from the top caption, or "meme.png".
  var suggestedName: String {
    let words = meme.topText.lowercased().split { !$0.isLetter && !$0.isNumber }.prefix(6)
    let base = words.isEmpty ? "meme" : words.joined(separator: "-") + "-meme"
    return "\(base).png"
  }

  func presentSaveChooser(suggestedName: String, completion: @escaping (URL?) -> Void) {
    FileChooser.present(
      parent: gtkkit_window(window), title: tr("Save Meme"), mode: .save(suggestedName: suggestedName),
      acceptLabel: tr("_Save"),
      filters: [
        FileChooser.Filter(name: tr("PNG image"), mimeTypes: ["image/png"], patterns: ["*.png"]),
        FileChooser.Filter(name: tr("JPEG image"), mimeTypes: ["image/jpeg"], patterns: ["*.jpg", "*.jpeg"]),
      ], initialFolder: preferences.lastFolder, completion: completion)
  }
}
