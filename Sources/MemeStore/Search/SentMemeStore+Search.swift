// SPDX-License-Identifier: GPL-3.0-or-later
import GRDB

extension SentMemeStore {
  /// The ids of the memes whose texts match `query` (see `SearchQuery`: every word, by prefix, case
  /// and accents ignored), in `memeIDs()` order. The empty query is `memeIDs()`. Any text is a valid
  /// query: none throws a syntax error.
  ///
  /// The index finds the matching rows; only those are read and sorted by position, so a query that
  /// matches a few memes costs little however many there are. With a `limit`, only the first that
  /// many are returned (the desktop's search shows a few).
  public func memeIDs(matching query: String, limit: Int? = nil) throws -> [Int64] {
    guard let expression = SearchQuery(query).matchExpression else {
      let all = try memeIDs()
      return limit.map { Array(all.prefix($0)) } ?? all
    }
    return try reading { db in
      let rows = try Row.fetchCursor(
        db,
        sql: """
          SELECT sentMeme.id, \(SentMemeDecoder.fileColumns) FROM \(SearchIndex.tableName)
          JOIN sentMeme ON sentMeme.id = \(SearchIndex.tableName).rowid
          WHERE \(SearchIndex.tableName) MATCH ? AND sentMeme.deletedAt IS NULL
          ORDER BY sentMeme.position, sentMeme.id
          """,
        arguments: [expression])
      var ids: [Int64] = []
      while ids.count < (limit ?? .max), let row = try rows.next() {
        if try SentMemeDecoder.hasPlainFileNames(in: row, from: 1) { ids.append(try row.decode(atIndex: 0)) }
      }
      return ids
    }
  }
}

extension SentMemeStore {
  /// Whether `query` has no words (it is blank, or only punctuation): it matches every meme, so a
  /// list of its results is the whole list, in the whole list's order.
  public static func matchesEveryMeme(_ query: String) -> Bool {
    SearchQuery(query).isEmpty
  }
}
