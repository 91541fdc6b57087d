// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GRDB
import MemeCore

/// What Meme Detail changes about a sent meme without sending it again: its description, and where
/// it was last saved. The meme's files are never touched: the description the rendered file carries
/// stays as it was sent, and the next share writes the new one.
extension SentMemeStore {
  /// Replaces the description of meme `id` (nil or white space only: back to the default, its text
  /// in reading order), and the search index's entry with it, in one transaction. Returns the meme
  /// as stored now.
  @discardableResult
  public func setDescription(_ description: String?, ofMemeWithID id: Int64) throws -> SentMeme {
    let stored = SentMemeDecoder.column(forDescription: description)
    try writing { db in
      guard
        let row = try Row.fetchOne(
          db, sql: "SELECT topText, bottomText, textBoxes FROM sentMeme WHERE id = ? AND deletedAt IS NULL",
          arguments: [id])
      else { throw StoreError.memeNotFound(id: id) }
      try db.execute(sql: "UPDATE sentMeme SET description = ? WHERE id = ?", arguments: [stored, id])
      try SearchIndex.index(
        id: id, topText: String.fromDatabaseValue(row[0]) ?? "",
        bottomText: String.fromDatabaseValue(row[1]) ?? "",
        layers: SentMemeDecoder.layers(fromJSON: String.fromDatabaseValue(row[2])), description: stored,
        in: db)
    }
    guard let meme = try meme(id: id) else { throw StoreError.memeNotFound(id: id) }
    return meme
  }

  /// Records that meme `id` was just saved to `file` (Meme Detail's Save As): Detail shows it, with
  /// Show in Folder. Returns the meme as stored now.
  @discardableResult
  public func recordSavedFile(_ file: URL, ofMemeWithID id: Int64) throws -> SentMeme {
    try writing { db in
      try db.execute(
        sql: "UPDATE sentMeme SET savedFile = ? WHERE id = ? AND deletedAt IS NULL",
        arguments: [file.standardizedFileURL.path, id])
      guard db.changesCount > 0 else { throw StoreError.memeNotFound(id: id) }
    }
    guard let meme = try meme(id: id) else { throw StoreError.memeNotFound(id: id) }
    return meme
  }
}
