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
  ///
  /// `filter` leaves out the received memes, or the sent ones (Sent Memes' view option).
  func memeIDs(matching query: String, limit: Int?, filter: ReceivedFilter = .all) throws -> [Int64] {
    let expression = SearchQuery(query).matchExpression
    guard expression != nil || filter != .all else {
      let all = try reader.memeIDs()
      return limit.map { Array(all.prefix($0)) } ?? all
    }
    // The matches, put in the order of every meme shown: cheaper than joining the memes' rows and
    // sorting there, and that order already leaves out the memes no list shows.
    let order = try reader.memeIDs()
    let (matches, received) = try reader.database.reading { db in
      (
        try expression.map {
          try Int64.fetchSet(
            db, sql: "SELECT rowid FROM \(SearchIndex.tableName) WHERE \(SearchIndex.tableName) MATCH ?",
            arguments: [$0])
        },
        filter == .all ? [] : try Int64.fetchSet(db, sql: "SELECT id FROM sentMeme WHERE received = 1")
      )
    }
    let wanted = min(limit ?? .max, matches?.count ?? order.count)
    var ids: [Int64] = []
    ids.reserveCapacity(wanted)
    for id in order where matches?.contains(id) ?? true {
      guard filter.shows(isReceived: received.contains(id)) else { continue }
      ids.append(id)
      if ids.count == wanted { break }
    }
    return ids
  }
}
