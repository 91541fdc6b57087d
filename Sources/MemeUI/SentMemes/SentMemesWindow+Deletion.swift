// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSupport
import GtkKit

/// Deleting with undo: a deleted meme disappears at once and a banner offers Undo; when the banner
/// times out or the window closes, deleted memes and their files are purged for good.
extension SentMemesWindow {
  func buildBanner() {
    banner = gtk_revealer_new()
    gtk_widget_set_name(banner, "undo-banner")
    gtk_revealer_set_transition_type(gtkkit_revealer(banner), GTK_REVEALER_TRANSITION_TYPE_SLIDE_UP)
    gtk_widget_set_halign(banner, GTK_ALIGN_CENTER)
    gtk_widget_set_valign(banner, GTK_ALIGN_END)
    gtk_widget_set_margin_bottom(banner, 24)

    let toast = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
    gtk_widget_add_css_class(toast, "toast")
    bannerLabel = gtk_label_new(Self.deletedMessage(count: 1))
    gtk_widget_set_name(bannerLabel, "undo-banner-label")
    gtk_widget_set_margin_start(bannerLabel, 6)
    gtk_box_append(gtkkit_box(toast), bannerLabel)
    let undo = Accessible.mnemonicButton(localized("_Undo"))
    gtk_widget_set_name(undo, "undo-button")
    gtk_actionable_set_action_name(gtkkit_actionable(undo), SentMemesAction.undo.detailedName)
    gtk_widget_set_tooltip_text(undo, localized("Bring the meme back (Ctrl+Z)"))
    gtk_box_append(gtkkit_box(toast), undo)
    let dismiss = gtk_button_new_from_icon_name("window-close-symbolic")!
    gtk_widget_add_css_class(dismiss, "flat")
    gtk_widget_add_css_class(dismiss, "circular")
    Accessible.setLabel(dismiss, localized("Dismiss"))
    gtk_widget_set_tooltip_text(dismiss, localized("Dismiss"))
    gtk_actionable_set_action_name(gtkkit_actionable(dismiss), SentMemesAction.dismissUndo.detailedName)
    gtk_box_append(gtkkit_box(toast), dismiss)
    gtk_revealer_set_child(gtkkit_revealer(banner), toast)
    // A folded revealer's child is still a visible widget: screen readers must not find the
    // banner until it is shown.
    Accessible.setHidden(banner, true)
  }

  var isBannerShown: Bool { gtk_revealer_get_reveal_child(gtkkit_revealer(banner)) != 0 }

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
    gtk_label_set_text(gtkkit_label(bannerLabel), Self.deletedMessage(count: count))
    Accessible.setHidden(banner, false)
    gtk_revealer_set_reveal_child(gtkkit_revealer(banner), 1)
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
    gtk_revealer_set_reveal_child(gtkkit_revealer(banner), 0)
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
