// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GRDB

extension SentMemeStore {
  /// Moves a meme to `index` in `allMemes()` order (clamped to the list). The order persists.
  ///
  /// Deleted memes that can still be undone keep their place between their neighbours, so an undo
  /// after a move puts them back where the user last saw them.
  public func move(id: Int64, toIndex index: Int) throws {
    try writing { db in
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

  /// Hides a meme until `undoDelete(id:)` or `purgeDeleted()`. Its files stay until it is purged.
  public func delete(id: Int64) throws {
    try setDeleted(true, id: id, in: "sentMeme")
  }

  /// Brings back a deleted meme that has not been purged, at its old place in the order.
  public func undoDelete(id: Int64) throws {
    try setDeleted(false, id: id, in: "sentMeme")
  }

  /// Hides (`deleted`) or brings back the row `id` of `table` (the memes' or the templates'); throws
  /// `memeNotFound` when there is no such row that is not (or, to bring back, that is) hidden.
  func setDeleted(_ deleted: Bool, id: Int64, in table: String) throws {
    try writing { db in
      if deleted {
        try db.execute(
          sql: "UPDATE \(table) SET deletedAt = ? WHERE id = ? AND deletedAt IS NULL",
          arguments: [Date().timeIntervalSinceReferenceDate, id])
      } else {
        try db.execute(
          sql: "UPDATE \(table) SET deletedAt = NULL WHERE id = ? AND deletedAt IS NOT NULL", arguments: [id])
      }
      guard db.changesCount > 0 else { throw StoreError.memeNotFound(id: id) }
    }
  }

  /// Removes every deleted meme's row, then its files. Returns how many memes were purged.
  @discardableResult
  public func purgeDeleted() throws -> Int {
    try writing { db in try purgeDeleted(in: db) }
  }

  /// `purgeDeleted()` in a write that is already running: opening for writing purges before any
  /// other write can hide a meme of this run.
  func purgeDeleted(in db: Database) throws -> Int {
    // Templates deleted in a previous run go too: their undo chance has passed as well.
    _ = try purgeDeletedTemplates(in: db)
    return try purge(in: db, where: "deletedAt IS NOT NULL", arguments: [])
  }

  /// Removes one deleted meme's row, then its files (when its undo chance has passed while other
  /// deletions can still be undone). Returns false if that meme is not deleted.
  @discardableResult
  public func purgeDeleted(id: Int64) throws -> Bool {
    try purge(where: "deletedAt IS NOT NULL AND id = ?", arguments: [id]) > 0
  }

  /// Files go first, inside the transaction that removes the rows: a crash in between leaves a deleted
  /// row whose files are gone, which the next purge finishes. (The other order would leave a deleted
  /// meme's files with no row, and the next open rebuilds a meme from such files.) A row with a file
  /// name that is not plain stays as it is: its names are never followed.
  private func purge(where condition: String, arguments: StatementArguments) throws -> Int {
    try writing { db in try purge(in: db, where: condition, arguments: arguments) }
  }

  private func purge(in db: Database, where condition: String, arguments: StatementArguments) throws -> Int {
    let rows = try Row.fetchAll(
      db, sql: "SELECT id, \(SentMemeDecoder.fileColumns) FROM sentMeme WHERE \(condition)",
      arguments: arguments)
    let delete = try db.cachedStatement(sql: "DELETE FROM sentMeme WHERE id = ?")
    var purged = 0
    for row in rows {
      // A damaged or foreign database may hold a row whose id is not an integer: it is left alone.
      guard let id = Int64.fromDatabaseValue(row[0]),
        let names = (try SentMemeDecoder.fileNames(in: row, from: 1))
      else { continue }
      images.remove(names)
      try delete.execute(arguments: [id])
      purged += 1
    }
    return purged
  }
}
