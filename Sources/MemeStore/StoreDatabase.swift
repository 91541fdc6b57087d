// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GRDB
import MemeCore

/// The store's connection to `memes.sqlite`: every read and write goes through it, with errors a user
/// can be shown. It opens the file read-only until it has been checked (see
/// `SentMemeStore.init(directory:checkingLater:followingLinkedImages:)`), checks it before the first
/// write, and keeps the visible order `memeIDs()` read until a write makes it stale.
final class StoreDatabase: Sendable {
  let url: URL

  /// Where reads go: a read-only connection until the file has been checked, then `opening`'s pool.
  private let reader: Locked<any DatabaseReader>
  /// Whether the file has been checked and opened for writing, which happens once, before any write.
  private let opening: Locked<Opening>
  /// The ids `memeIDs()` read, until the next write: see `VisibleOrder`.
  private let visibleOrder = Locked(VisibleOrder())
  /// What runs in the first write, before any other: the purge of what a previous run deleted.
  private let purgeOnOpening: @Sendable (Database) throws -> Void

  /// Opens the database at `url`: read-only when `checkingLater` and the file can be read so, else
  /// checked and opened for writing, after which `purgeOnOpening` runs at once.
  init(url: URL, checkingLater: Bool, purgeOnOpening: @escaping @Sendable (Database) throws -> Void) throws {
    self.url = url
    self.purgeOnOpening = purgeOnOpening
    if checkingLater, let queue = try DatabaseOpener.openForReading(at: url) {
      reader = Locked(queue)
      opening = Locked(.unchecked)
    } else {
      let pool = try DatabaseOpener.open(at: url)
      reader = Locked(pool)
      opening = Locked(.opened(pool))
      try writing(purgeOnOpening)
    }
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
  @discardableResult
  func openForWriting() throws -> DatabasePool {
    try opening.withLock { state throws -> DatabasePool in
      switch state {
      case .opened(let pool): return pool
      case .failed(let error): throw error
      case .unchecked:
        do {
          let pool = try DatabaseOpener.open(at: url)
          try pool.write { try purgeOnOpening($0) }
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

  /// Forgets the ids `visibleMemeIDs` keeps: another process wrote to the file.
  func forgetVisibleOrder() {
    visibleOrder.withLock { $0.forget() }
  }

  /// The ids of the memes a list shows, as `read` last read them since the last write, or read now.
  func visibleMemeIDs(read: () throws -> [Int64]) rethrows -> [Int64] {
    let (generation, kept) = visibleOrder.withLock { ($0.generation, $0.ids) }
    if let kept { return kept }
    let ids = try read()
    visibleOrder.withLock { order in
      if order.generation == generation { order.ids = ids }
    }
    return ids
  }

  /// `databaseError(_:)`, and a query that finds the file damaged (a page that passed the check
  /// made at opening, or was damaged since) is `StoreError.corruptDatabase`, which the app offers to
  /// rebuild (`SentMemeStore.rebuildDamagedDatabase(in:)`).
  private func storeError(_ error: any Error) -> StoreError {
    if let error = error as? DatabaseError,
      error.resultCode == .SQLITE_CORRUPT || error.resultCode == .SQLITE_NOTADB
    {
      return .corruptDatabase(url, reason: Self.reason(error))
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
