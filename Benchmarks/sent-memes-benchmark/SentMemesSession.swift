// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import MemeEditing
import MemeUI

/// The app as the Sent Memes scale benchmark drives it: launched on a given store folder, with the
/// few handles a measurement needs. It reaches into MemeUI through `package` access (visible inside
/// this package only), so the app carries none of it.
final class SentMemesSession {
  private let app: MemeMeApplication

  /// Registers (start-up waits for the store `opening` opens) without showing anything yet.
  init(opening: StoreOpening, applicationID: String) {
    app = MemeMeApplication(id: applicationID, sink: InMemorySentMemes(), preferences: .inMemory())
    app.openStore = { SentMemesLibrary.open(opening) }
    app.application.register()
  }

  /// Activates the app as a launch does: the first window is presented.
  func activate() {
    app.application.activate()
  }

  private var window: SentMemesWindow? { app.sentMemes?.sentMemesWindow }

  /// The Sent Memes window (nil when the app opened the editor).
  var windowWidget: UnsafeMutablePointer<GtkWidget>? { window?.window }
  /// The grid view, whose parent scrolled window the benchmark scrolls.
  var gridView: UnsafeMutablePointer<GtkWidget>? { window?.gridView }
  var listView: UnsafeMutablePointer<GtkWidget>? { window?.listView }

  /// Memes in the window's list.
  var memeCount: Int { window?.memes.list.count ?? 0 }

  func showGrid() { window?.currentTab = .grid }

  /// The list or grid view of the tab shown.
  var currentView: UnsafeMutablePointer<GtkWidget>? {
    window?.currentTab == .grid ? window?.gridView : window?.listView
  }

  /// Selects the meme at `position` and opens its detail, as a click on it does.
  func openDetail(at position: Int) {
    window?.open(at: position)
  }

  /// The detail window, once it shows its meme in full (not only the thumbnail it opens with).
  var detailWindowShowingFullImage: UnsafeMutablePointer<GtkWidget>? {
    guard let detail = app.sentMemes?.detailWindow, !detail.isLoading, !detail.showsPreview else {
      return nil
    }
    return detailWindowShowingMeme
  }

  /// The detail window, once it shows its meme (the thumbnail scaled up, or the rendered meme).
  var detailWindowShowingMeme: UnsafeMutablePointer<GtkWidget>? {
    guard let detail = app.sentMemes?.detailWindow,
      gtk_picture_get_paintable(gtkkit_picture(detail.picture)) != nil
    else { return nil }
    return detail.window
  }

  /// Bound rows or tiles of the current tab, and how many show their thumbnail or placeholder.
  var boundCells: (total: Int, withThumbnail: Int) {
    guard let window else { return (0, 0) }
    let views =
      window.currentTab == .list
      ? window.listFactory.boundCells.filter { $0.memeID != nil }.map(\.thumbnail)
      : window.gridFactory.boundCells.filter { $0.memeID != nil }.map(\.thumbnail)
    return (views.count, views.filter { $0.showsThumbnail || $0.showsPlaceholder }.count)
  }

  /// Textures held by the thumbnail cache.
  var cachedThumbnails: Int { app.sentMemes?.thumbnails.cachedCount ?? 0 }

  func close() {
    for window in app.application.windows { gtk_window_destroy(window) }
  }
}
