// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GRDB
import MemeCore

/// What changes about sent memes after they were saved: their order, their deletion (two-step, so it
/// can be undone, see `DeletedRows`), and what Meme Detail changes without sending one again (its
/// description, and where it was last saved). A meme's files are never rewritten: the description the
/// rendered file carries stays as it was sent, and the next share writes the new one.
struct SentMemeChanges: Sendable {
  let database: StoreDatabase
  let reader: SentMemeReader
  let deletions: DeletedRows

  /// Moves a meme to `index` in `allMemes()` order (clamped to the list). The order persists.
  ///
  /// Deleted memes that can still be undone keep their place between their neighbours, so an undo
  /// after a move puts them back where the user last saw them.
  func move(id: Int64, toIndex index: Int) throws {
    try database.writing { db in
      var order = try MemeOrder(db)
      guard let from = order.ids.firstIndex(of: id), !order.isHidden[from] else {
        throw StoreError.memeNotFound(id: id)
      }
      var visible = order.ids.indices.filter { !order.isHidden[$0] }.map { order.ids[$0] }
      let to = min(max(index, 0), visible.count - 1)
      guard visible.firstIndex(of: id) != to else { return }
      visible.removeAll { $0 == id }
      visible.insert(id, at: to)

      order.remove(at: from)
      // Right after the meme that now precedes it, or right before the first one when moved to the top.
      let destination =
        to > 0 ? order.ids.firstIndex(of: visible[to - 1])! + 1 : order.ids.firstIndex(of: visible[1])!
      order.insert(id, isHidden: false, at: destination)
      try order.savePositions(in: db, changed: min(from, destination)...max(from, destination))
    }
  }

  /// Hides a meme (`deleted`) until it is brought back or purged, or brings back one that has not
  /// been purged, at its old place in the order. Its files stay until it is purged.
  func setDeleted(_ deleted: Bool, id: Int64) throws {
    try database.writing { try deletions.setDeleted(deleted, id: id, in: "sentMeme", $0) }
  }

  /// Removes every deleted meme's row, then its files (and deleted templates with theirs). Returns how
  /// many memes were purged.
  func purgeDeleted() throws -> Int {
    try database.writing { try deletions.purgeEverything(in: $0) }
  }

  /// Removes one deleted meme's row, then its files (when its undo chance has passed while other
  /// deletions can still be undone). Returns false if that meme is not deleted.
  func purgeDeleted(id: Int64) throws -> Bool {
    try database.writing {
      try deletions.purgeMemes(in: $0, where: "deletedAt IS NOT NULL AND id = ?", arguments: [id])
    } > 0
  }

  /// Replaces the description of meme `id` (nil or white space only: back to the default, its text
  /// in reading order), and the search index's entry with it, in one transaction. Returns the meme
  /// as stored now.
  func setDescription(_ description: String?, ofMemeWithID id: Int64) throws -> SentMeme {
    let stored = SentMemeDecoder.column(forDescription: description)
    try database.writing { db in
      guard
        let row = try Row.fetchOne(
          db, sql: "SELECT readText FROM sentMeme WHERE id = ? AND deletedAt IS NULL", arguments: [id])
      else { throw StoreError.memeNotFound(id: id) }
      try db.execute(sql: "UPDATE sentMeme SET description = ? WHERE id = ?", arguments: [stored, id])
      try reindex(id: id, description: stored, readText: String.fromDatabaseValue(row[0]), in: db)
    }
    return try reader.changedMeme(id: id)
  }

  /// Records what was read in the picture of meme `id` (see `TextInPicture`; the empty text is "read,
  /// nothing found"), and the search index's entry with it, in one transaction. Returns the meme as
  /// stored now.
  func recordTextInPicture(_ text: TextInPicture, ofMemeWithID id: Int64) throws -> SentMeme {
    try database.writing { db in
      guard
        let row = try Row.fetchOne(
          db, sql: "SELECT description FROM sentMeme WHERE id = ? AND deletedAt IS NULL", arguments: [id])
      else { throw StoreError.memeNotFound(id: id) }
      try db.execute(sql: "UPDATE sentMeme SET readText = ? WHERE id = ?", arguments: [text.column, id])
      try reindex(id: id, description: String.fromDatabaseValue(row[0]), readText: text.column, in: db)
    }
    return try reader.changedMeme(id: id)
  }

  /// The received memes whose pictures have not been read, in the list's order.
  func memesAwaitingReading() throws -> [Int64] {
    let unread = try database.reading { db in
      try Int64.fetchSet(
        db, sql: "SELECT id FROM sentMeme WHERE received = 1 AND readText IS NULL AND deletedAt IS NULL")
    }
    guard !unread.isEmpty else { return [] }
    return try reader.memeIDs().filter(unread.contains)
  }

  /// Replaces the search index's entry of meme `id` with its texts as stored now, `description` and
  /// `readText` as they are about to be.
  private func reindex(id: Int64, description: String?, readText: String?, in db: Database) throws {
    guard
      let row = try Row.fetchOne(
        db, sql: "SELECT topText, bottomText, textBoxes FROM sentMeme WHERE id = ?", arguments: [id])
    else { return }
    try SearchIndex.index(
      id: id, topText: String.fromDatabaseValue(row[0]) ?? "",
      bottomText: String.fromDatabaseValue(row[1]) ?? "",
      layers: SentMemeDecoder.layers(fromJSON: String.fromDatabaseValue(row[2])), description: description,
      readText: readText, in: db)
  }

  /// Records that meme `id` was just saved to `file` (Meme Detail's Save As): Detail shows it, with
  /// Show in Folder. Returns the meme as stored now.
  func recordSavedFile(_ file: URL, ofMemeWithID id: Int64) throws -> SentMeme {
    try database.writing { db in
      try db.execute(
        sql: "UPDATE sentMeme SET savedFile = ? WHERE id = ? AND deletedAt IS NULL",
        arguments: [file.standardizedFileURL.path, id])
      guard db.changesCount > 0 else { throw StoreError.memeNotFound(id: id) }
    }
    return try reader.changedMeme(id: id)
  }
}
