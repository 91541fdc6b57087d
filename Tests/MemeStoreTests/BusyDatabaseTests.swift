// SPDX-License-Identifier: GPL-3.0-or-later
import DiskTestSupport
import Foundation
import GRDB
import Testing

@testable import MemeStore

/// Another program holding the database for writing (a second copy of the app, the sqlite3 shell
/// inside `BEGIN IMMEDIATE`): the store waits for it, and when it has to give up, it says the database
/// is busy and tries again on the next call, never taking the database for a broken one.
@Suite struct BusyDatabaseTests {
  @Test(.hangGuard)
  func aSaveWhileAnotherConnectionWritesWaitsForItAndLands() throws {
    let folder = try TemporaryFolder()
    let store = try SentMemeStore(directory: folder.url)
    let holder = try WriteLockHolder(database: folder.databaseURL)
    holder.release(after: 2)

    let started = Date()
    let saved = try store.save(sampleDraft(1))

    #expect(Date().timeIntervalSince(started) > 1.5, "the save waited for the other connection")
    #expect(try store.meme(id: saved.id)?.top == "Top 1")
    let rows = try DatabaseQueue(path: folder.databaseURL.path).read {
      try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM sentMeme")
    }
    #expect(rows == 1)
    #expect(try folder.imageFileNames().count == 3)
  }

  /// Held for longer than the store waits: the check after the first frame (`finishOpening`) and a
  /// save say the database is busy, leave nothing behind, and both work once it is released.
  @Test(.hangGuard)
  func aCheckThatFindsTheDatabaseBusyIsTriedAgainNotFailedForGood() throws {
    let folder = try TemporaryFolder()
    let first = try SentMemeStore(directory: folder.url).save(sampleDraft(1))
    let store = try SentMemeStore(directory: folder.url, checkingLater: true)
    let holder = try WriteLockHolder(database: folder.databaseURL)

    #expect(throws: StoreError.databaseBusy) { try store.finishOpening() }
    #expect(throws: StoreError.databaseBusy) { try store.save(sampleDraft(2)) }
    #expect(try folder.imageFileNames().count == 3, "a save that could not be kept leaves no files")
    // Reading does not wait for the writer: the list shows what there is meanwhile.
    #expect(try store.memeIDs() == [first.id])
    #expect(StoreError.databaseBusy.message == "Another program is writing to the sent memes database.")

    holder.release()
    try store.finishOpening()
    let second = try store.save(sampleDraft(2))
    #expect(try store.memeIDs() == [second.id, first.id])
  }
}

/// A second connection to the store's database holding its write lock (`BEGIN IMMEDIATE`) until
/// released, as another program would.
final class WriteLockHolder: Sendable {
  private let queue: DatabaseQueue

  init(database: URL) throws {
    var configuration = Configuration()
    // The transaction outlives the access that begins it, on purpose.
    configuration.allowsUnsafeTransactions = true
    queue = try DatabaseQueue(path: database.path, configuration: configuration)
    try queue.writeWithoutTransaction { try $0.execute(sql: "BEGIN IMMEDIATE") }
  }

  /// Ends the transaction (nothing was written in it).
  func release() {
    try? queue.writeWithoutTransaction { try $0.execute(sql: "ROLLBACK") }
  }

  /// Releases the lock `seconds` from now, on another thread.
  func release(after seconds: Double) {
    DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { self.release() }
  }

  deinit { release() }
}
