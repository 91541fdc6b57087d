// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GRDB
import MemeCore

/// Every meme the user has sent: an SQLite database (`memes.sqlite`, WAL mode) and the image files it
/// refers to (in `images/` beside it).
///
/// Thread-safe: queries may run on the main thread while another thread saves. The list order is the
/// user's: a newly saved meme goes to the top (index 0), `move(id:toIndex:)` changes it.
///
/// Deleting is two-step so it can be undone: `delete(id:)` hides a meme, `undoDelete(id:)` brings it
/// back, `purgeDeleted()` removes hidden memes and their files for good (opening a store purges those a
/// previous run left behind).
public final class SentMemeStore: Sendable {
  public static let databaseFileName = "memes.sqlite"
  public static let imagesFolderName = "images"
  static let lockFileName = "memes.lock"

  /// The folder holding the database and the images folder.
  public let directory: URL
  public let databaseURL: URL
  /// Where the images are: `directory/images`, or the folder that link led to when the store was
  /// opened `followingLinkedImages`.
  public var imagesDirectory: URL { images.url }

  /// What `repair()` found wrong and put right (memes rebuilt from their files, files moved to
  /// `lost+found`, rows skipped), for the app to tell the user; empty until it has run.
  public var repairs: StoreRepairs { repairsMade.withLock { $0 } }
  let repairsMade: Locked<StoreRepairs>

  /// Where reads go: a read-only connection until the file has been checked, then `opening`'s pool.
  private let reader: Locked<any DatabaseReader>
  /// Whether the file has been checked and opened for writing, which happens once, before any write.
  private let opening: Locked<Opening>
  /// The ids `memeIDs()` read, until the next write: see `VisibleOrder`.
  let visibleOrder = Locked(VisibleOrder())
  /// The store's own folder and its images folder, each opened once: every file operation is
  /// relative to them.
  let folder: DurableFolder
  let images: DurableFolder
  let lock: StoreLock

  /// Where the app keeps its store: `$XDG_DATA_HOME/<appID>`, or `~/.local/share/<appID>` when
  /// XDG_DATA_HOME is unset or not an absolute path (as the XDG spec says).
  public static func defaultDirectory(
    appID: String, environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> URL {
    let base: URL
    if let dataHome = environment["XDG_DATA_HOME"], dataHome.hasPrefix("/") {
      base = URL(fileURLWithPath: dataHome, isDirectory: true)
    } else {
      let home =
        environment["HOME"].map { URL(fileURLWithPath: $0, isDirectory: true) }
        ?? FileManager.default.homeDirectoryForCurrentUser
      base = home.appendingPathComponent(".local/share", isDirectory: true)
    }
    return base.appendingPathComponent(appID, isDirectory: true)
  }

  /// Opens (creating if needed) the store in `defaultDirectory(appID:)`.
  public convenience init(appID: String) throws {
    try self.init(directory: Self.defaultDirectory(appID: appID))
  }

  /// Opens (creating if needed) the store in `directory`. Throws a `StoreError` whose `message` can be
  /// shown as is when the database cannot be used; the database file is then left untouched.
  ///
  /// The folders are made readable by their owner only (mode 0700, files 0600), and existing ones are
  /// narrowed to that.
  ///
  /// The store's folder itself may be a symbolic link (the user put all of it elsewhere). Its
  /// `images` folder being one throws `StoreError.linkedFolder` and changes nothing, unless
  /// `followingLinkedImages`: then the folder the link points to now is opened once and used, every
  /// file operation relative to it.
  ///
  /// Opening also purges memes deleted in a previous run. Image files that no row lists are put right
  /// by `repair()`, which the app runs in the background after its first frame: listing a folder of
  /// tens of thousands of files takes seconds when the disk cache is cold.
  ///
  /// With `checkingLater`, an existing database is opened read-only after the checks that cost next to
  /// nothing, and its quick integrity check (a read of the whole file) is left to `finishOpening()`,
  /// which the app runs in the background after its first frame. Nothing is written before that check
  /// has passed: every write runs it first, or waits for it, and fails as opening would have when it
  /// fails. The purge waits for it too.
  public init(directory: URL, checkingLater: Bool = false, followingLinkedImages: Bool = false) throws {
    self.directory = directory
    databaseURL = directory.appendingPathComponent(Self.databaseFileName, isDirectory: false)
    folder = try DurableFolder.open(at: directory)
    images = try folder.subfolder(Self.imagesFolderName, followingLink: followingLinkedImages)
    lock = StoreLock(folder: folder, name: Self.lockFileName)
    repairsMade = Locked(
      StoreRepairs(
        lostAndFound: directory.appendingPathComponent(Self.lostAndFoundFolderName, isDirectory: true)))
    if checkingLater, let queue = try DatabaseOpener.openForReading(at: databaseURL) {
      reader = Locked(queue)
      opening = Locked(.unchecked)
    } else {
      let pool = try DatabaseOpener.open(at: databaseURL)
      reader = Locked(pool)
      opening = Locked(.opened(pool))
      try purgeDeleted()
    }
  }

  /// Checks the database file and opens it for writing, then purges memes deleted in a previous run,
  /// unless that has been done; throws what `init(directory:)` would have thrown when the file fails
  /// the check (and then always again). Another program holding the database for writing longer than
  /// the store waits throws `StoreError.databaseBusy`, and the next call tries again. Slow on a large
  /// store with a cold disk cache: call it off the main thread. Writes call it themselves.
  public func finishOpening() throws {
    _ = try openForWriting()
  }

  /// Whether the file was checked and opened for writing, and the pool that writes.
  private enum Opening {
    case unchecked
    case opened(DatabasePool)
    case failed(StoreError)
  }

  /// The pool that writes, opened after the check when it is not yet; concurrent callers wait for the
  /// one running the check. The purge runs in the same turn, before any other write can hide a meme
  /// of this run (which must stay undoable).
  private func openForWriting() throws -> DatabasePool {
    try opening.withLock { state throws -> DatabasePool in
      switch state {
      case .opened(let pool): return pool
      case .failed(let error): throw error
      case .unchecked:
        do {
          let pool = try DatabaseOpener.open(at: databaseURL)
          _ = try pool.write { try purgeDeleted(in: $0) }
          state = .opened(pool)
          reader.withLock { $0 = pool }
          return pool
        } catch {
          let failure = Self.databaseError(error)
          // A database another program holds is not a damaged one: the next write tries again.
          if failure != .databaseBusy { state = .failed(failure) }
          throw failure
        }
      }
    }
  }

  // MARK: Queries

  /// The memes in the user's order (index 0 first), without those deleted and not yet purged.
  public func allMemes() throws -> [SentMeme] {
    try reading { db in
      var decoder = SentMemeDecoder(images: images)
      let rows = try Row.fetchCursor(
        db,
        sql: """
          SELECT \(SentMemeDecoder.columns) FROM sentMeme WHERE deletedAt IS NULL
          ORDER BY position, id
          """)
      var memes: [SentMeme] = []
      while let row = try rows.next() {
        if let meme = try decoder.decode(row) { memes.append(meme) }
      }
      return memes
    }
  }

  /// The ids of the memes `allMemes()` returns, in the same order, without building the memes: a list
  /// of tens of thousands shows its first rows long before every meme could be read.
  public func memeIDs() throws -> [Int64] {
    let (generation, kept) = visibleOrder.withLock { ($0.generation, $0.ids) }
    if let kept { return kept }
    let ids = try readMemeIDs()
    visibleOrder.withLock { order in
      if order.generation == generation { order.ids = ids }
    }
    return ids
  }

  private func readMemeIDs() throws -> [Int64] {
    try reading { db in
      let rows = try Row.fetchCursor(
        db,
        sql: """
          SELECT id, \(SentMemeDecoder.fileColumns) FROM sentMeme WHERE deletedAt IS NULL
          ORDER BY position, id
          """)
      var ids: [Int64] = []
      while let row = try rows.next() {
        if try SentMemeDecoder.hasPlainFileNames(in: row, from: 1) { ids.append(try row.decode(atIndex: 0)) }
      }
      return ids
    }
  }

  /// The memes among `ids` that exist and are not deleted, in no particular order: the rows a list
  /// is about to show, read a page at a time.
  public func memes(ids: [Int64]) throws -> [SentMeme] {
    guard !ids.isEmpty else { return [] }
    return try reading { db in
      var decoder = SentMemeDecoder(images: images)
      let rows = try Row.fetchCursor(
        db,
        sql: """
          SELECT \(SentMemeDecoder.columns) FROM sentMeme
          WHERE deletedAt IS NULL AND id IN (SELECT value FROM json_each(?))
          """,
        arguments: ["[" + ids.map(String.init).joined(separator: ",") + "]"])
      var memes: [SentMeme] = []
      while let row = try rows.next() {
        if let meme = try decoder.decode(row) { memes.append(meme) }
      }
      return memes
    }
  }

  /// The meme with this id, or nil if there is none or it is deleted.
  public func meme(id: Int64) throws -> SentMeme? {
    try reading { db in
      var decoder = SentMemeDecoder(images: images)
      let row = try Row.fetchOne(
        db,
        sql: "SELECT \(SentMemeDecoder.columns) FROM sentMeme WHERE id = ? AND deletedAt IS NULL",
        arguments: [id])
      return try row.flatMap { try decoder.decode($0) }
    }
  }

  /// How many memes `allMemes()` would return.
  public func count() throws -> Int {
    try reading { db in
      let rows = try Row.fetchCursor(
        db, sql: "SELECT \(SentMemeDecoder.fileColumns) FROM sentMeme WHERE deletedAt IS NULL")
      var count = 0
      while let row = try rows.next() {
        if try SentMemeDecoder.hasPlainFileNames(in: row, from: 0) { count += 1 }
      }
      return count
    }
  }

  // MARK: Database access with store errors

  func reading<T>(_ body: (Database) throws -> T) throws -> T {
    let reader = reader.withLock { $0 }
    do { return try reader.read(body) } catch { throw storeError(error) }
  }

  func writing<T>(_ body: (Database) throws -> T) throws -> T {
    let pool = try openForWriting()
    // Once the write is over, whether it committed or not: a read that began before it may keep
    // nothing it read.
    defer { visibleOrder.withLock { $0.forget() } }
    do { return try pool.write(body) } catch { throw storeError(error) }
  }

  /// `databaseError(_:)`, and a query that finds the file damaged (a page that passed the check
  /// made at opening, or was damaged since) is `StoreError.corruptDatabase`, which the app offers to
  /// rebuild (`rebuildDamagedDatabase(in:)`).
  private func storeError(_ error: any Error) -> StoreError {
    if let error = error as? DatabaseError,
      error.resultCode == .SQLITE_CORRUPT || error.resultCode == .SQLITE_NOTADB
    {
      return .corruptDatabase(databaseURL, reason: Self.reason(error))
    }
    return Self.databaseError(error)
  }

  static func databaseError(_ error: any Error) -> StoreError {
    if let error = error as? DatabaseError, DatabaseOpener.isBusy(error) { return .databaseBusy }
    return error as? StoreError ?? .databaseFailure(reason: reason(error))
  }

  static func reason(_ error: any Error) -> String {
    if let error = error as? DatabaseError { return error.message ?? "\(error)" }
    // A row that does not decode names the column and the value it holds.
    if let error = error as? RowDecodingError { return "\(error)" }
    return error.localizedDescription
  }
}
