// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GRDB

/// Two-step deletion, the same for memes and templates: a row is hidden (its `deletedAt` set) while
/// the user can still undo, and purged later, files first. Every call runs inside the caller's write.
struct DeletedRows: Sendable {
  /// The folder the purged rows' files are removed from.
  let images: DurableFolder
  /// The stickers' and panel cells' kept pictures, of which those no row uses any more go with the
  /// last row.
  let stickers: KeptStickers

  /// Hides (`deleted`) or brings back the row `id` of `table` (the memes' or the templates'); throws
  /// `memeNotFound` when there is no such row that is not (or, to bring back, that is) hidden.
  func setDeleted(_ deleted: Bool, id: Int64, in table: String, _ db: Database) throws {
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

  /// Purges every deleted meme and template: opening for writing runs it before any other write can
  /// hide a meme of this run. Returns how many memes were purged.
  @discardableResult
  func purgeEverything(in db: Database) throws -> Int {
    // Templates deleted in a previous run go too: their undo chance has passed as well.
    _ = try purgeTemplates(in: db)
    return try purgeMemes(in: db, where: "deletedAt IS NOT NULL", arguments: [])
  }

  /// Files go first, inside the transaction that removes the rows: a crash in between leaves a deleted
  /// row whose files are gone, which the next purge finishes. (The other order would leave a deleted
  /// meme's files with no row, and the next open rebuilds a meme from such files.) A row with a file
  /// name that is not plain stays as it is: its names are never followed.
  func purgeMemes(in db: Database, where condition: String, arguments: StatementArguments) throws -> Int {
    try purge(
      in: db,
      sql: "SELECT id, textBoxes, panels, \(SentMemeDecoder.fileColumns) FROM sentMeme WHERE \(condition)",
      arguments: arguments, table: "sentMeme"
    ) { try SentMemeDecoder.fileNames(in: $0, from: 3) }
  }

  /// Removes every deleted template's files, then its row (as for memes). Returns how many were purged.
  func purgeTemplates(in db: Database) throws -> Int {
    try purge(
      in: db,
      sql: """
        SELECT id, layers, panels, \(TemplateDecoder.fileColumns) FROM memeTemplate WHERE deletedAt IS NOT NULL
        """,
      arguments: [], table: "memeTemplate"
    ) { try TemplateDecoder.fileNames(in: $0, from: 3) }
  }

  /// Removes the files, then the row, of every row `sql` selects (its id, its layers' JSON, its
  /// panels' JSON, then its file names, which `fileNames` reads, nil when one is not plain); then the
  /// kept pictures of those rows' stickers and cells that no other row uses. A crash before the
  /// commit leaves the rows, deleted, and maybe without their kept pictures: hidden rows, which the
  /// next purge finishes.
  private func purge(
    in db: Database, sql: String, arguments: StatementArguments, table: String,
    fileNames: (Row) throws -> [String]?
  ) throws -> Int {
    let rows = try Row.fetchAll(db, sql: sql, arguments: arguments)
    let delete = try db.cachedStatement(sql: "DELETE FROM \(table) WHERE id = ?")
    var purged = 0
    var keptNames: Set<String> = []
    for row in rows {
      // A damaged or foreign database may hold a row whose id is not an integer: it is left alone.
      guard let id = Int64.fromDatabaseValue(row[0]), let names = try fileNames(row) else { continue }
      images.remove(names)
      try delete.execute(arguments: [id])
      // (Read as the columns hold them: text, or anything else from a damaged file, which uses none.)
      keptNames.formUnion(
        KeptStickers.keptNames(
          layersJSON: String.fromDatabaseValue(row[1]), panelsJSON: String.fromDatabaseValue(row[2])))
      purged += 1
    }
    try stickers.removeUnused(keptNames, in: db)
    return purged
  }
}
