// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSupport
import GtkKit

/// Deleting with undo: a deleted meme disappears at once and a banner offers Undo; when the banner
/// times out or the window closes, deleted memes and their files are purged for good.
extension SentMemesWindow {
  func buildBanner() {
    banner = gtk_revealer_new()
    banner.name = "undo-banner"
    gtk_revealer_set_transition_type(gtkkit_revealer(banner), GTK_REVEALER_TRANSITION_TYPE_SLIDE_UP)
    banner.horizontalAlignment = GTK_ALIGN_CENTER
    banner.verticalAlignment = GTK_ALIGN_END
    banner.setMargins(bottom: 24)

    let toast = Widget.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12)
    toast.addCSSClass("toast")
    bannerLabel = Widget.label(Self.deletedMessage(count: 1))
    bannerLabel.name = "undo-banner-label"
    bannerLabel.setMargins(start: 6)
    toast.append(bannerLabel)
    let undo = Accessible.mnemonicButton(localized("_Undo"))
    undo.name = "undo-button"
    undo.actionName = SentMemesAction.undo.detailedName
    undo.tooltip = localized("Bring the meme back (Ctrl+Z)")
    toast.append(undo)
    let dismiss = gtk_button_new_from_icon_name(IconName.dismiss)!
    dismiss.addCSSClass("flat")
    dismiss.addCSSClass("circular")
    Accessible.setLabel(dismiss, localized("Dismiss"))
    dismiss.tooltip = localized("Dismiss")
    dismiss.actionName = SentMemesAction.dismissUndo.detailedName
    toast.append(dismiss)
    banner.setRevealerChild(toast)
    // A folded revealer's child is still a visible widget: screen readers must not find the
    // banner until it is shown.
    Accessible.setHidden(banner, true)
  }

  /// Deletes a meme (undoable until the banner goes away).
  func delete(id: Int64) {
    let position = memes.list.index(of: id)
    guard memes.delete(id: id) else { return }
    pendingDeletions.append(id)
    // Keep a neighbour selected (and focused) so that Delete can be pressed again.
    if let position, let neighbour = memes.list.meme(at: min(position, memes.list.count - 1)) {
      select(id: neighbour.id)
    }
    showBanner()
    updateState()
  }

  private func showBanner() {
    let count = pendingDeletions.count
    bannerLabel.text = Self.deletedMessage(count: count)
    Accessible.setHidden(banner, false)
    banner.revealsChild = true
    toast.hide()  // the banner takes the toast's place
    undoTimeout?.cancel()
    undoTimeout = Timeout(milliseconds: Self.undoMilliseconds) { [weak self] in self?.purgePendingDeletions()
    }
  }

  /// "Meme deleted", "3 memes deleted" (plural forms as the language has them).
  static func deletedMessage(count: Int) -> String {
    String(format: localizedPlural("Meme deleted", "%d memes deleted", count), count)
  }

  private func hideBanner() {
    undoTimeout?.cancel()
    undoTimeout = nil
    banner.revealsChild = false
    Accessible.setHidden(banner, true)
  }

  /// Brings back every meme deleted since the banner appeared, at their places.
  func undoDeletions(completion: @escaping () -> Void = {}) {
    guard !pendingDeletions.isEmpty else { return completion() }
    let restored = pendingDeletions
    pendingDeletions.removeAll()
    hideBanner()
    updateState()
    memes.undoDelete(ids: restored) { [weak self] in
      if let self, let last = restored.last { select(id: last) }
      completion()
    }
  }

  /// Ends the undo chance: purges deleted memes and their files.
  func purgePendingDeletions() {
    let purged = pendingDeletions
    pendingDeletions.removeAll()
    hideBanner()
    memes.purge(ids: purged)
    updateState()
  }
}
