// SPDX-License-Identifier: GPL-3.0-or-later
import GLibSupport
import GtkKit

/// Deleting with undo: a deleted meme disappears at once and a toast offers Undo ("3 memes deleted"
/// after three deletions, each of which starts its time again); when the toast goes (timed out,
/// closed, or with the window), the deleted memes and their files are purged for good.
final class SentMemesDeletion {
  private unowned let host: any SentMemesHost
  /// Deleted memes that Undo can still bring back, oldest first, and the toast that offers it: the
  /// chance ends when the toast goes.
  private var pending: [Int64] = []
  private(set) var undoToast: Toast?
  /// How long the undo toast stays, in seconds (a toast's unit); hovering or focusing it pauses it.
  static let undoSeconds: UInt32 = 8

  init(host: any SentMemesHost) {
    self.host = host
  }

  /// Whether Undo has memes to bring back.
  var canUndo: Bool { !pending.isEmpty }

  /// Deletes a meme (undoable until the toast goes).
  func delete(id: Int64) {
    let memes = host.memes
    let position = memes.list.index(of: id)
    guard memes.delete(id: id) else { return }
    pending.append(id)
    // Keep a neighbour selected (and focused) so that Delete can be pressed again.
    if let position, let neighbour = memes.list.meme(at: min(position, memes.list.count - 1)) {
      host.select(id: neighbour.id, in: nil)
    }
    showUndoToast()
    host.updateState()
  }

  private func showUndoToast() {
    let title = Self.deletedMessage(count: pending.count)
    if let undoToast {
      undoToast.title = title
      host.toasts.show(undoToast)  // shown again: its time starts over
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
    host.toasts.show(toast, replacingOthers: true)
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
  func undo(completion: @escaping () -> Void = {}) {
    guard !pending.isEmpty else { return completion() }
    let restored = pending
    pending.removeAll()
    dismissUndoToast()
    host.updateState()
    host.memes.undoDelete(ids: restored) { [weak self] in
      if let self, let last = restored.last { host.select(id: last, in: nil) }
      completion()
    }
  }

  /// Ends the undo chance now (Dismiss): purges deleted memes and their files.
  func purgePending() {
    dismissUndoToast()
    endUndoChance()
    host.updateState()
  }

  /// The undo toast went: the deleted memes are purged. The toast may go with the window, whose
  /// widgets are then already gone: the window's state is brought up to date on the next turn of
  /// the main loop, if the window is still there.
  private func endUndoChance() {
    undoToast = nil
    let purged = pending
    pending.removeAll()
    host.memes.purge(ids: purged)
    MainLoop.post { [weak self] in self?.host.updateState() }
  }

  /// Closing the window ends the undo chance: deleted memes are purged. (Its toast overlay goes
  /// first and dismisses the undo toast, which purges them; this is for any left.)
  func windowDestroyed() {
    undoToast = nil
    host.memes.purge(ids: pending)
    pending.removeAll()
  }
}
