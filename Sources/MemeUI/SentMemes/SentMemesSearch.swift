// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSupport
import GtkKit

/// Searching Sent Memes, as in GNOME's apps: the search bar opens with Ctrl+F, the header bar's
/// search button, or a letter typed while the list or the grid has the focus; results show as the
/// user types, in both views; Escape clears the search and closes the bar. Enter in the search field
/// moves the focus to the first result.
final class SentMemesSearch {
  private unowned let host: any SentMemesHost
  /// The search bar under the header bar.
  let bar = SearchBar(entry: SearchEntry(), maximumWidth: 480)
  /// Its toggle in the header bar.
  let button = ToggleButton(iconName: IconName.search)

  /// - Parameter keysFrom: where typing starts a search (the notebook holding the List and the Grid).
  init(host: any SentMemesHost, keysFrom views: UnsafeMutablePointer<GtkWidget>) {
    self.host = host
    button.widget.name = "search-button"
    Accessible.setLabel(button.widget, localized("Search"))
    button.widget.tooltip = localized("Search (Ctrl+F)")
    bar.widget.name = "search-bar"
    bar.entry.widget.name = "search-entry"
    Accessible.setLabel(bar.entry.widget, localized("Search sent memes"))
    bar.entry.widget.tooltip = localized("Words from a meme’s captions, text boxes or description")
    bar.captureKeys(from: views)
    button.widget.bind("active", to: bar.widget, "search-mode-enabled", isMutual: true)
    bar.entry.onSearchChanged { [weak self] in self?.showResults() }
    Signal.connect(bar.entry.widget, "activate") { [weak self] in self?.focusFirstResult() }
    bar.onSearchingChanged { [weak self] in
      guard let self else { return }
      // Closed (Escape, the button): the focus goes back to the meme shown selected.
      if !bar.isSearching, let id = host.selectedMeme?.id { host.select(id: id, in: nil) }
      host.updateState()
    }
  }

  var isSearching: Bool { bar.isSearching }

  /// Ctrl+F: opens the search bar, or takes the focus back to it.
  func start() {
    bar.isSearching = true
    _ = bar.entry.widget.grabFocus()
  }

  /// Escape: clears the search and closes the bar.
  func stop() {
    bar.isSearching = false
  }

  /// Opens the search bar with `text` searched for at once (the desktop's search hands its terms on).
  func show(for text: String) {
    start()
    bar.entry.text = text
    // At once, not after the typing pause: nobody is typing.
    showResults()
  }

  /// The memes matching the search field's text, in the List and the Grid. The selected meme stays
  /// selected when it is among them, so that closing the search comes back to it.
  private func showResults() {
    guard !host.isDestroyed else { return }
    let memes = host.memes
    let selected = host.selectedMeme?.id
    let shown = memes.list.ids
    memes.search(bar.entry.text)
    if memes.list.ids != shown {
      if let selected, let position = memes.list.index(of: selected) {
        host.selection.selectedPosition = position
      }
      scrollToFirstResult()
    }
    host.updateState()
  }

  /// New results are read from the first: both views show their start, wherever they were scrolled
  /// to (the list's places are kept across searches, and so would the scrolling be).
  private func scrollToFirstResult() {
    guard !host.memes.list.isEmpty else { return }
    // Only when away from it: scrolling costs the view a frame's wait before it lays out.
    for view in host.builtViews where view.scrollOffset > 0 { view.scrollToItem(at: 0) }
  }

  private func focusFirstResult() {
    guard let first = host.memes.list.meme(at: 0) else { return }
    host.select(id: first.id, in: nil)
  }

  /// While searching, moves are refused with a toast that says why: the results leave out the memes
  /// between them, so "up one" among them has no meaning in the whole list.
  func refusesToReorder() -> Bool {
    guard host.memes.isFiltered else { return false }
    host.toasts.show(
      Toast(
        host.memes.isSearching
          ? localized("Clear the search to move memes") : localized("Show all memes to move them")))
    return true
  }
}
