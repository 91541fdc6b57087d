// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GRDB

#if canImport(Glibc)
  import Glibc
#endif

/// Opens the store's database without ever harming an existing file: a file that is not an SQLite
/// database, one that is damaged, or one a newer version wrote, is reported and left exactly as it was.
/// (Opening in WAL mode writes to the file, so all of that must be found before, with a read-only
/// connection.)
enum DatabaseOpener {
  private static let sqliteHeader = Data("SQLite format 3\0".utf8)

  /// How long a connection waits for another one (a second copy of the app, the seeding tool, the
  /// sqlite3 shell) that holds the database, before it gives up with SQLITE_BUSY: long enough for
  /// any save, short enough to be retried (the app keeps a meme it could not save yet and tries
  /// again later). Only background threads wait this long.
  static let busyTimeout: TimeInterval = 5

  static func open(at url: URL) throws -> DatabasePool {
    try inspectExistingFile(at: url, checkingPages: true).map { try? $0.close() }
    createPrivately(url)
    do {
      var configuration = Configuration()
      configuration.label = "MemeStore"
      // Another process (a second copy of the app, the seeding tool) may be writing: wait, don't fail.
      configuration.busyMode = .timeout(busyTimeout)
      let pool = try DatabasePool(path: url.path, configuration: configuration)
      // GRDB picks NORMAL for WAL databases, which can lose the last commits on power loss. A sent meme
      // is worth one more fsync per save.
      try pool.writeWithoutTransaction { try $0.execute(sql: "PRAGMA synchronous = FULL") }
      let migrator = StoreSchema.migrator
      if try pool.read(migrator.hasBeenSuperseded) { throw StoreError.createdByNewerVersion(url) }
      try migrator.migrate(pool)
      // SQLite gives the -wal and -shm files the database's permissions; older versions made it 0644.
      for suffix in ["", "-wal", "-shm"] { PrivateFolder.narrowFile(url.path + suffix) }
      return pool
    } catch {
      throw openingError(error, url: url)
    }
  }

  /// Opens an existing store read-only for the rows a window shows first, after the checks that cost
  /// next to nothing (the header, the schema table, the schema version). The quick check, which reads
  /// the whole file, is left to `open(at:)`, which must run before anything is written. Nil when there
  /// is nothing to read yet (no file, an empty one) or the schema must be migrated first (older rows
  /// would not read): then `open(at:)` is all there is to do.
  static func openForReading(at url: URL) throws -> DatabaseQueue? {
    guard let queue = try inspectExistingFile(at: url, checkingPages: false) else { return nil }
    do {
      return try queue.read(StoreSchema.migrator.hasCompletedMigrations) ? queue : nil
    } catch {
      throw openingError(error, url: url)
    }
  }

  /// Reads (never writes) an existing non-empty file: it must be an SQLite database of a known version
  /// with a well-formed schema table, and with `checkingPages`, it must pass a quick integrity check.
  /// Returns the read-only connection it used, nil for a missing or empty file (which is fine: SQLite
  /// makes a fresh database in it).
  private static func inspectExistingFile(at url: URL, checkingPages: Bool) throws -> DatabaseQueue? {
    let attributes: [FileAttributeKey: Any]
    do {
      attributes = try FileManager.default.attributesOfItem(atPath: url.path)
    } catch {
      return nil  // Nothing there yet.
    }
    guard attributes[.type] as? FileAttributeType == .typeRegular else {
      throw StoreError.cannotOpen(url, reason: "it is not a regular file")
    }
    guard (attributes[.size] as? NSNumber)?.intValue ?? 0 > 0 else { return nil }

    let header: Data
    do {
      let handle = try FileHandle(forReadingFrom: url)
      defer { try? handle.close() }
      header = try handle.read(upToCount: sqliteHeader.count) ?? Data()
    } catch {
      throw StoreError.cannotOpen(url, reason: error.localizedDescription)
    }
    guard header == sqliteHeader else { throw StoreError.notADatabase(url) }

    do {
      var configuration = Configuration()
      configuration.readonly = true
      // Reading a WAL database seldom waits for a writer, but it does while one resets the log.
      configuration.busyMode = .timeout(busyTimeout)
      let queue = try DatabaseQueue(path: url.path, configuration: configuration)
      // quick_check, not integrity_check: it finds the damage that would make SQLite fail or the
      // store misread rows (bad pages, broken b-trees, malformed records) and skips the comparison of
      // indexes with their table. What keeps files safe does not rest on an index: the repair lists
      // the names it must never move with a scan of the table itself. (An index out of step would
      // at worst leave a meme out of the ordered list, never lose it.) At 50,000 memes (an 18 MB
      // file) its cost is the one read of the file the id list needs anyway when the cache is cold
      // (about 0.3 s either way), plus 40–70 ms when warm. Checking only after an unclean shutdown
      // would not do: a file damaged on disk, restored from a backup or copied in shows no sign.
      // (The app leaves it to the store's `finishOpening()` after its first frame, reading the first
      // rows read-only meanwhile: nothing is written before it has passed.)
      // The schema table is checked before GRDB reads it for migrations: its subscripts stop the
      // program on a blob where text belongs.
      let (problems, malformedSchemaRows) = try queue.read { db in
        (
          checkingPages ? try String.fetchAll(db, sql: "PRAGMA quick_check(3)") : ["ok"],
          try Int.fetchOne(db, sql: malformedSchemaRowsQuery) ?? 0
        )
      }
      guard problems == ["ok"] else {
        throw StoreError.corruptDatabase(url, reason: problems.joined(separator: "; "))
      }
      guard malformedSchemaRows == 0 else {
        throw StoreError.corruptDatabase(url, reason: "malformed database schema")
      }
      let isFromNewerVersion = try queue.read { try StoreSchema.migrator.hasBeenSuperseded($0) }
      if isFromNewerVersion { throw StoreError.createdByNewerVersion(url) }
      return queue
    } catch {
      throw openingError(error, url: url)
    }
  }

  /// Makes a missing database file empty and readable by its owner only, before SQLite creates it with
  /// the default 0644. (SQLite treats an empty file as a new database.) If this fails, SQLite tries
  /// itself and reports the reason.
  private static func createPrivately(_ url: URL) {
    let descriptor = Glibc.open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, PrivateFolder.fileMode)
    if descriptor >= 0 { Glibc.close(descriptor) }
  }

  /// Counts the rows of the schema table whose columns are not text, which quick_check lets pass.
  /// GRDB reads that table (to look for its migrations) with subscripts that stop the program on a
  /// value of another type, such as a blob where an object's type belongs.
  private static let malformedSchemaRowsQuery = """
    SELECT COUNT(*) FROM sqlite_master
    WHERE typeof(type) != 'text' OR typeof(name) != 'text' OR typeof(tbl_name) NOT IN ('text', 'null')
      OR typeof(sql) NOT IN ('text', 'null')
    """

  /// Whether `error` says another connection held the database for longer than `busyTimeout`
  /// (SQLITE_BUSY, and its extended codes), rather than that anything is wrong with it.
  static func isBusy(_ error: DatabaseError) -> Bool {
    error.resultCode == .SQLITE_BUSY
  }

  private static func openingError(_ error: any Error, url: URL) -> StoreError {
    if let error = error as? StoreError { return error }
    guard let error = error as? DatabaseError else {
      return .cannotOpen(url, reason: "\(error)")
    }
    if isBusy(error) { return .databaseBusy }
    let reason = error.message ?? "\(error)"
    switch error.resultCode {
    case .SQLITE_NOTADB: return .notADatabase(url)
    case .SQLITE_CORRUPT: return .corruptDatabase(url, reason: reason)
    default: return .cannotOpen(url, reason: reason)
    }
  }
}
