// SPDX-License-Identifier: GPL-3.0-or-later
import GLibSupport
import MemeStore

/// Searching: the list shows the memes whose texts match the search (`SentMemeStore.memeIDs(matching:)`)
/// in the user's order, and deleting and undoing work on it as on the whole list. Moving does not: a
/// place among the results says nothing about the place among memes the search hides.
extension SentMemesLibrary {
  /// Whether the list shows a search's results rather than every meme.
  var isFiltered: Bool { isSearching || receivedFilter != .all }

  /// Whether a search's words narrow the list (the View menu's choice may narrow it too).
  var isSearching: Bool { !SentMemeStore.matchesEveryMeme(searchQuery) }

  /// Shows the memes `filter` lets through (and the search matches).
  func show(_ filter: ReceivedFilter) {
    guard filter != receivedFilter else { return }
    receivedFilter = filter
    showSearchResults()
  }

  /// Shows the memes matching `query`, every meme for a query without words. On the main thread: the
  /// index answers in a few milliseconds (see the search benchmark), and the list must show the
  /// results of the text the user sees, not of an earlier one finishing late.
  func search(_ query: String) {
    guard query != searchQuery else { return }
    searchQuery = query
    showSearchResults()
  }

  /// A meme read from the store, shown in the list or not (nil when it is gone or cannot be read).
  func storedMeme(id: Int64) -> SentMeme? {
    do {
      return try store.meme(id: id)
    } catch {
      onError(localized("Could not read Sent Memes"), Self.message(error))
      return nil
    }
  }

  /// Reads the current search's results again, e.g. after a meme was saved while searching.
  func showSearchResults() {
    do {
      let ids = try store.memeIDs(matching: searchQuery, filter: receivedFilter)
      if ids != list.ids { list.replaceAll(with: ids) }
    } catch {
      onError(localized("Could not search Sent Memes"), Self.message(error))
    }
  }
}
