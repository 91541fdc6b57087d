// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GRDB
import MemeCore

/// What rebuilding a damaged database did, for the app to tell the user.
public struct DatabaseRebuild: Sendable, Equatable {
  /// Where the damaged database went (beside the new one); it is never deleted.
  public let damagedFile: URL
  /// The memes whose rows still read, with their captions, and the templates.
  public let recoveredMemes: Int
  public let recoveredTemplates: Int
  /// What the store's repair did next: memes rebuilt from their pictures (their rows were lost, and
  /// with them their captions) and other files moved to `lost+found`.
  public let repairs: StoreRepairs

  /// A few sentences for the user: what came back, and where the damaged file is.
  public var message: String {
    var sentences = [
      String(
        format: localized("Memes read back from the damaged database, with their captions: %ld."),
        recoveredMemes)
    ]
    if let repaired = repairs.message { sentences.append(repaired) }
    sentences.append(
      String(
        format: localized("The damaged database was kept as %@."), FileNameQuoting.quoted(damagedFile.path)))
    return sentences.joined(separator: " ")
  }
}

/// Rebuilding Sent Memes from a damaged database. One damaged page of `memes.sqlite` makes the
/// whole file fail its check, and with it every meme; but most of its rows still read, and every
/// meme's pictures are files beside it. So the damaged file (with its `-wal` and `-shm`) is renamed
/// aside, never deleted, as `memes.sqlite.damaged-<date>`; a new database is made; every row of the
/// damaged one that still reads is copied into it, one row at a time by its id, so a damaged page
/// costs only the rows on it; and the store's repair then gives each meme whose row was lost a row
/// again from its three pictures (without its captions, which only the database held).
enum DamagedDatabaseRebuilder {
  private static let databaseFileName = SentMemeStore.databaseFileName

  /// The damaged database's name beside the new one: `memes.sqlite.damaged-20261129-061500`.
  static func damagedFileName(at date: Date) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyyMMdd-HHmmss"
    return "\(databaseFileName).damaged-\(formatter.string(from: date))"
  }

  /// Moves the damaged database in `directory` aside and rebuilds Sent Memes from what can be read
  /// of it and from the pictures; returns the store, opened, and what was done. Throws (having
  /// changed nothing) when the database cannot be moved aside, and what opening throws when the
  /// new store cannot be opened. Slow on a large store: call it off the main thread, with no store
  /// open on `directory`.
  static func rebuild(in directory: URL, at date: Date) throws -> (SentMemeStore, DatabaseRebuild) {
    let folder = try DurableFolder.open(at: directory)
    var asideName = damagedFileName(at: date)
    var attempt = 1
    while ["", "-wal", "-shm"].contains(where: { folder.hasEntry(asideName + $0) }) {
      attempt += 1
      asideName = "\(damagedFileName(at: date))-\(attempt)"
    }
    // The log and shared memory go with the file (SQLite finds them by its name): committed rows
    // still in the log are read with it.
    guard folder.rename(databaseFileName, to: asideName) else {
      throw StoreError.cannotWriteFile(
        directory.appendingPathComponent(databaseFileName), reason: localized("it could not be moved aside"))
    }
    for suffix in ["-wal", "-shm"] where folder.hasEntry(databaseFileName + suffix) {
      _ = folder.rename(databaseFileName + suffix, to: asideName + suffix)
    }
    let damaged = directory.appendingPathComponent(asideName, isDirectory: false)
    let readable = RecoveredRows.read(from: damaged)
    let store = try SentMemeStore(directory: directory)
    let (memes, templates) = try store.database.writing { db in
      let memes = try readable.insert(into: "sentMeme", in: db)
      let templates = try readable.insert(into: "memeTemplate", in: db)
      try SearchIndex.indexEveryMeme(in: db)
      return (memes, templates)
    }
    let repairs = try store.repair()
    return (
      store,
      DatabaseRebuild(
        damagedFile: damaged, recoveredMemes: memes, recoveredTemplates: templates, repairs: repairs)
    )
  }
}

/// The rows that still read in a damaged database, table by table.
private struct RecoveredRows {
  /// How far past the last row that read the ids are tried, when the table's largest id does not
  /// read: a damaged page holds at most a few hundred rows.
  static let probeBeyondLastRow: Int64 = 10_000

  var rows: [String: [Row]] = [:]

  /// Reads every row of the store's tables that still reads from the database at `url`, read-only.
  /// A database that cannot be opened at all gives none: the pictures are all there is.
  static func read(from url: URL) -> RecoveredRows {
    var recovered = RecoveredRows()
    var configuration = Configuration()
    configuration.readonly = true
    guard let queue = try? DatabaseQueue(path: url.path, configuration: configuration) else {
      return recovered
    }
    for table in ["sentMeme", "memeTemplate"] {
      // Not in a read transaction: SQLite may end one when a lookup finds a damaged page, and then
      // the rows read before it would be lost with it.
      recovered.rows[table] = queue.inDatabase { db in rowsThatRead(of: table, in: db) }
    }
    return recovered
  }

  /// Every row of `table` that reads, fetched one id at a time: a lookup only descends the b-tree to
  /// its row's page, so a damaged page fails only the lookups of the rows on it. Each lookup is a
  /// statement of its own, outside any transaction: one that fails ends nothing for the others.
  private static func rowsThatRead(of table: String, in db: Database) -> [Row] {
    let lookup = "SELECT * FROM \(table) WHERE rowid = ?"
    // The largest id, when the rightmost pages read (nil in a table that is empty); else the last
    // id handed out; else the ids are tried until well past the last one that reads.
    var largest: Int64?
    do {
      guard let known = try Int64.fetchOne(db, sql: "SELECT MAX(rowid) FROM \(table)") else { return [] }
      largest = known
    } catch {
      largest = try? Int64.fetchOne(
        db, sql: "SELECT seq FROM sqlite_sequence WHERE name = ?", arguments: [table])
    }
    // A largest id that is itself damaged cannot make the search endless.
    if let known = largest { largest = min(known, 100_000_000) }
    var rows: [Row] = []
    var id: Int64 = 1
    var lastRead: Int64 = 0
    while id <= (largest ?? lastRead + probeBeyondLastRow) {
      if let row = try? Row.fetchOne(db, sql: lookup, arguments: [id]) {
        rows.append(row)
        lastRead = id
      }
      id += 1
    }
    return rows
  }

  /// Copies the rows read from `table` into the same table of the new database, by the columns both
  /// have; a row the new table refuses (a value missing or of the wrong kind) is left out. Returns
  /// how many were copied.
  func insert(into table: String, in db: Database) throws -> Int {
    guard let rows = rows[table], !rows.isEmpty else { return 0 }
    let columns = Set(try db.columns(in: table).map(\.name))
    var copied = 0
    for row in rows {
      let names = row.columnNames.filter { columns.contains($0) }
      guard !names.isEmpty else { continue }
      let values = names.map { row[$0] as DatabaseValue }
      let sql = """
        INSERT OR IGNORE INTO \(table) (\(names.joined(separator: ", ")))
        VALUES (\(Array(repeating: "?", count: names.count).joined(separator: ", ")))
        """
      do {
        try db.execute(sql: sql, arguments: StatementArguments(values))
        copied += db.changesCount
      } catch {
        continue
      }
    }
    return copied
  }
}
