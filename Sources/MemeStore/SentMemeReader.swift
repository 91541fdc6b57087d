// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GRDB
import MemeCore

/// Reads the sent memes a list shows: those not deleted and whose file names are plain, in the user's
/// order (index 0 first), whole or by id.
struct SentMemeReader: Sendable {
  let database: StoreDatabase
  let images: DurableFolder
  /// Where stored stickers' pictures are read back from.
  let stickers: KeptStickers

  /// The memes in the user's order (index 0 first), without those deleted and not yet purged.
  func allMemes() throws -> [SentMeme] {
    try database.reading { db in
      try decodeMemes(
        in: db,
        sql: """
          SELECT \(SentMemeDecoder.columns) FROM sentMeme WHERE deletedAt IS NULL
          ORDER BY position, id
          """)
    }
  }

  /// The ids of the memes `allMemes()` returns, in the same order, without building the memes: a list
  /// of tens of thousands shows its first rows long before every meme could be read.
  func memeIDs() throws -> [Int64] {
    try database.visibleMemeIDs {
      try database.reading { db in
        let rows = try Row.fetchCursor(
          db,
          sql: """
            SELECT id, \(SentMemeDecoder.fileColumns) FROM sentMeme WHERE deletedAt IS NULL
            ORDER BY position, id
            """)
        var ids: [Int64] = []
        while let row = try rows.next() {
          if try SentMemeDecoder.hasPlainFileNames(in: row, from: 1) {
            ids.append(try row.decode(atIndex: 0))
          }
        }
        return ids
      }
    }
  }

  /// The memes among `ids` that exist and are not deleted, in no particular order: the rows a list
  /// is about to show, read a page at a time.
  func memes(ids: [Int64]) throws -> [SentMeme] {
    guard !ids.isEmpty else { return [] }
    return try database.reading { db in
      try decodeMemes(
        in: db,
        sql: """
          SELECT \(SentMemeDecoder.columns) FROM sentMeme
          WHERE deletedAt IS NULL AND id IN (SELECT value FROM json_each(?))
          """,
        arguments: ["[" + ids.map(String.init).joined(separator: ",") + "]"])
    }
  }

  /// The meme with this id, or nil if there is none or it is deleted.
  func meme(id: Int64) throws -> SentMeme? {
    try database.reading { db in
      var decoder = SentMemeDecoder(images: images, stickers: stickers)
      let row = try Row.fetchOne(
        db,
        sql: "SELECT \(SentMemeDecoder.columns) FROM sentMeme WHERE id = ? AND deletedAt IS NULL",
        arguments: [id])
      return try row.flatMap { try decoder.decode($0) }
    }
  }

  /// The meme with this id as stored now, for a change that has just been written; a meme deleted
  /// meanwhile throws `memeNotFound`.
  func changedMeme(id: Int64) throws -> SentMeme {
    guard let meme = try meme(id: id) else { throw StoreError.memeNotFound(id: id) }
    return meme
  }

  /// How many memes `allMemes()` would return.
  func count() throws -> Int {
    try database.reading { db in
      let rows = try Row.fetchCursor(
        db, sql: "SELECT \(SentMemeDecoder.fileColumns) FROM sentMeme WHERE deletedAt IS NULL")
      var count = 0
      while let row = try rows.next() {
        if try SentMemeDecoder.hasPlainFileNames(in: row, from: 0) { count += 1 }
      }
      return count
    }
  }

  /// The memes the rows `sql` selects (with `SentMemeDecoder.columns`), in its order; a row with a
  /// file name that is not plain is left out.
  private func decodeMemes(in db: Database, sql: String, arguments: StatementArguments = []) throws
    -> [SentMeme]
  {
    var decoder = SentMemeDecoder(images: images, stickers: stickers)
    let rows = try Row.fetchCursor(db, sql: sql, arguments: arguments)
    var memes: [SentMeme] = []
    while let row = try rows.next() {
      if let meme = try decoder.decode(row) { memes.append(meme) }
    }
    return memes
  }
}
