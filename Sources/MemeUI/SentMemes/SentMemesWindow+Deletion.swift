// SPDX-License-Identifier: GPL-3.0-or-later
import GLibSupport
import GtkKit

/// Deleting with undo: a deleted meme disappears at once and a toast offers Undo ("3 memes deleted"
/// after three deletions, each of which starts its time again); when the toast goes (timed out,
/// closed, or with the window), the deleted memes and their files are purged for good.
extension SentMemesWindow {
  /// Deletes a meme (undoable until the toast goes).
  func delete(id: Int64) {
    let position = memes.list.index(of: id)
    guard memes.delete(id: id) else { return }
    pendingDeletions.append(id)
    // Keep a neighbour selected (and focused) so that Delete can be pressed again.
    if let position, let neighbour = memes.list.meme(at: min(position, memes.list.count - 1)) {
      select(id: neighbour.id)
    }
    showUndoToast()
    updateState()
  }

  private func showUndoToast() {
    let title = Self.deletedMessage(count: pendingDeletions.count)
    if let undoToast {
      undoToast.title = title
      toasts.show(undoToast)  // shown again: its time starts over
      return
    }
    let toast = Toast(title)
    toast.buttonLabel = localized("Undo")
    toast.actionName = SentMemesAction.undo.detailedName
    toast.timeoutSeconds = Self.undoSeconds
    toast.onDismissed { [weak self, weak toast] in
      guard let self, let toast, undoToast === toast else { return }  // not after Undo
      endUndoChance()
    }
    undoToast = toast
    // It takes the place of a share's confirmation, shown or waiting.
    toasts.show(toast, replacingOthers: true)
  }

  /// "Meme deleted", "3 memes deleted" (plural forms as the language has them).
  static func deletedMessage(count: Int) -> String {
    String(format: localizedPlural("Meme deleted", "%d memes deleted", count), count)
  }

  /// Forgets the undo toast and takes it away; its going then ends nothing.
  private func dismissUndoToast() {
    guard let toast = undoToast else { return }
    undoToast = nil
    toast.dismiss()
  }

  /// Brings back every meme deleted since the toast appeared, at their places.
  func undoDeletions(completion: @escaping () -> Void = {}) {
    guard !pendingDeletions.isEmpty else { return completion() }
    let restored = pendingDeletions
    pendingDeletions.removeAll()
    dismissUndoToast()
    updateState()
    memes.undoDelete(ids: restored) { [weak self] in
      if let self, let last = restored.last { select(id: last) }
      completion()
    }
  }

  /// Ends the undo chance now (Dismiss): purges deleted memes and their files.
  func purgePendingDeletions() {
    dismissUndoToast()
    endUndoChance()
    updateState()
  }

  /// The undo toast went: the deleted memes are purged. The toast may go with the window, whose
  /// widgets are then already gone: the window's state is brought up to date on the next turn of
  /// the main loop, if the window is still there.
  private func endUndoChance() {
    undoToast = nil
    let purged = pendingDeletions
    pendingDeletions.removeAll()
    memes.purge(ids: purged)
    MainLoop.post { [weak self] in self?.updateState() }
  }
}
