// SPDX-License-Identifier: GPL-3.0-or-later
import GLibSupport
import GtkKit

/// Searching Sent Memes, as in GNOME's apps: the search bar opens with Ctrl+F, the header bar's
/// search button, or a letter typed while the list or the grid has the focus; results show as the
/// user types, in both views; Escape clears the search and closes the bar. Enter in the search field
/// moves the focus to the first result.
extension SentMemesWindow {
  func setUpSearch() {
    search.widget.name = "search-bar"
    search.entry.widget.name = "search-entry"
    Accessible.setLabel(search.entry.widget, localized("Search sent memes"))
    search.entry.widget.tooltip = localized("Words from a meme’s captions, text boxes or description")
    // The list and the grid are on the notebook's pages: typing over either starts a search.
    search.captureKeys(from: notebook.widget)
    searchButton.widget.bind("active", to: search.widget, "search-mode-enabled", isMutual: true)
    search.entry.onSearchChanged { [weak self] in self?.showResults() }
    Signal.connect(search.entry.widget, "activate") { [weak self] in self?.focusFirstResult() }
    search.onSearchingChanged { [weak self] in
      guard let self else { return }
      // Closed (Escape, the button): the focus goes back to the meme shown selected.
      if !search.isSearching, let id = selectedMeme?.id { select(id: id) }
      updateState()
    }
  }

  /// Ctrl+F: opens the search bar, or takes the focus back to it.
  func startSearch() {
    search.isSearching = true
    _ = search.entry.widget.grabFocus()
  }

  /// The memes matching the search field's text, in the List and the Grid. The selected meme stays
  /// selected when it is among them, so that closing the search comes back to it.
  private func showResults() {
    guard !isDestroyed else { return }
    let selected = selectedMeme?.id
    let shown = memes.list.ids
    memes.search(search.entry.text)
    if memes.list.ids != shown {
      if let selected, let position = memes.list.index(of: selected) { selection.selectedPosition = position }
      scrollToFirstResult()
    }
    updateState()
  }

  /// New results are read from the first: both views show their start, wherever they were scrolled
  /// to (the list's places are kept across searches, and so would the scrolling be).
  private func scrollToFirstResult() {
    guard !memes.list.isEmpty else { return }
    // Only when away from it: scrolling costs the view a frame's wait before it lays out.
    for view in builtViews where view.scrollOffset > 0 { view.scrollToItem(at: 0) }
  }

  /// Opens the search bar with `text` searched for at once (the desktop's search hands its terms on).
  func showSearch(for text: String) {
    startSearch()
    search.entry.text = text
    // At once, not after the typing pause: nobody is typing.
    showResults()
  }

  private func focusFirstResult() {
    guard let first = memes.list.meme(at: 0) else { return }
    select(id: first.id)
  }

  /// While searching, moves are refused with a toast that says why: the results leave out the memes
  /// between them, so "up one" among them has no meaning in the whole list.
  func refusesToReorder() -> Bool {
    guard memes.isFiltered else { return false }
    toasts.show(Toast(localized("Clear the search to move memes")))
    return true
  }
}
