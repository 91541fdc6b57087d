// SPDX-License-Identifier: GPL-3.0-or-later
import GRDB

/// Finds memes by their texts, through `SearchIndex`, in the order of the list.
struct SentMemeSearch: Sendable {
  let reader: SentMemeReader

  /// The ids of the memes whose texts match `query` (see `SearchQuery`: every word, by prefix, case
  /// and accents ignored), in `memeIDs()` order. The empty query is `memeIDs()`. Any text is a valid
  /// query: none throws a syntax error.
  ///
  /// The index finds the matching rows' ids, and the order `memeIDs()` keeps between writes puts
  /// them in place: no meme's row is read. With a `limit`, only the first that many are returned
  /// (the desktop's search shows a few).
  func memeIDs(matching query: String, limit: Int?) throws -> [Int64] {
    guard let expression = SearchQuery(query).matchExpression else {
      let all = try reader.memeIDs()
      return limit.map { Array(all.prefix($0)) } ?? all
    }
    // The matches, put in the order of every meme shown: cheaper than joining the memes' rows and
    // sorting there, and that order already leaves out the memes no list shows.
    let order = try reader.memeIDs()
    let matches = try reader.database.reading { db in
      try Int64.fetchSet(
        db, sql: "SELECT rowid FROM \(SearchIndex.tableName) WHERE \(SearchIndex.tableName) MATCH ?",
        arguments: [expression])
    }
    let wanted = min(limit ?? .max, matches.count)
    var ids: [Int64] = []
    ids.reserveCapacity(wanted)
    for id in order where matches.contains(id) {
      ids.append(id)
      if ids.count == wanted { break }
    }
    return ids
  }
}
