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
    ShareTarget.add(to: actions) { [weak self] target in self?.sharing.share(to: target) }
    // Edit needs the original picture; the editor reports a missing one itself, so it stays enabled.
  }

  private func perform(_ action: DetailAction) {
    switch action {
    case .back: onBack()
    case .edit: onEdit(meme.meme)
    case .delete: onDelete(meme.id)
    case .close: gtk_window_close(gtkkit_window(window))
    case .playAnimation: videoPlayback.player != nil ? videoPlayback.toggle() : playback.toggle()
    case .previousFrame: playback.stepBack()
    case .nextFrame: playback.stepOn()
    case .editDescription: editDescription()
    case .showInFolder: showInFolder()
    case .readTextAgain: readTextAgain()
    }
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

  /// Read Text Again (a received meme's): read in the background; the description follows when
  /// it is done (`show`).
  func readTextAgain() {
    guard meme.isReceived else { return }
    onReadTextAgain(meme)
    toasts.show(Toast(localized("Reading the text again…")), replacingOthers: true)
  }

  /// Save As wrote the meme to `file`: Sent Memes remembers it, and the window shows it.
  func rememberSaved(_ file: URL) {
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
}
