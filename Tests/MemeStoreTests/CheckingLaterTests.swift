// SPDX-License-Identifier: GPL-3.0-or-later
import Dispatch
import Foundation
import GRDB
import Synchronization
import Testing

@testable import MemeStore

/// A store opened with `checkingLater` reads at once and leaves its quick check to `finishOpening()`
/// or the first write: a damaged file is still caught before anything is written into it, and what
/// the user does meanwhile is kept once the check passes.
@Suite struct CheckingLaterTests {
  @Test func damagedFileIsCaughtByTheLaterCheckAndNothingIsWrittenIntoIt() throws {
    let folder = try TemporaryFolder()
    let savedIDs: [Int64]
    do {
      let store = try SentMemeStore(directory: folder.url)
      savedIDs = try store.save(contentsOf: (1...50).map { sampleDraft($0) }).map(\.id)
    }
    for suffix in ["-wal", "-shm"] {
      try? FileManager.default.removeItem(atPath: folder.databaseURL.path + suffix)
    }
    // Damage only the header's count of free pages: every row still reads, only a check of the whole
    // file can tell (the count is trusted when pages are next allocated, by a write).
    var damaged = try contents(folder.databaseURL)
    let freePageCount = 36
    damaged.replaceSubrange(freePageCount..<freePageCount + 4, with: [0, 0, 0, 7])
    try damaged.write(to: folder.databaseURL)
    #expect(try quickCheck(folder.databaseURL) != ["ok"], "the damage should be one quick_check finds")
    let imagesBefore = try folder.imageFileNames()

    do {
      let store = try SentMemeStore(directory: folder.url, checkingLater: true)

      // The first rows are there before the check has run.
      #expect(try store.memeIDs() == savedIDs.reversed())
      #expect(try store.memes(ids: [savedIDs[0]]).map(\.top) == ["Top 1"])
      #expect(try contents(folder.databaseURL) == damaged)

      // A share, a deletion and the check itself all fail as opening would have, and leave the file.
      let saveError = #expect(throws: StoreError.self) { try store.save(sampleDraft(99)) }
      guard let saveError, case .corruptDatabase(let url, _) = saveError else {
        Issue.record("expected corruptDatabase, got \(String(describing: saveError))")
        return
      }
      #expect(url == folder.databaseURL)
      #expect(throws: saveError) { try store.delete(id: savedIDs[0]) }
      #expect(throws: saveError) { try store.finishOpening() }
      #expect(throws: saveError) { try store.repair() }
      #expect(try contents(folder.databaseURL) == damaged)
      #expect(try folder.imageFileNames() == imagesBefore)
      // Reading goes on: nothing the user had is hidden.
      #expect(try store.count() == savedIDs.count)
    }
    // Closing the read-only connection writes nothing either.
    #expect(try contents(folder.databaseURL) == damaged)
    #expect(throws: StoreError.self) { try SentMemeStore(directory: folder.url) }
  }

  @Test func shareMadeWhileTheCheckRunsIsKeptOnceItPasses() throws {
    let folder = try TemporaryFolder()
    do {
      let store = try SentMemeStore(directory: folder.url)
      try store.save(contentsOf: (1...20).map { sampleDraft($0) })
    }
    let store = try SentMemeStore(directory: folder.url, checkingLater: true)
    let shared = sampleDraft(21)

    // The check and a share start together; whichever runs first, the share waits for the check.
    let results = Mutex<[Result<Void, StoreError>]>([])
    DispatchQueue.concurrentPerform(iterations: 2) { index in
      let result: Result<Void, StoreError>
      do {
        if index == 0 { try store.finishOpening() } else { try store.save(shared) }
        result = .success(())
      } catch {
        result = .failure(StoreDatabase.databaseError(error))
      }
      results.withLock { $0.append(result) }
    }

    #expect(results.withLock { $0.allSatisfy { (try? $0.get()) != nil } })
    let expected = ["Top 21"] + (1...20).reversed().map { "Top \($0)" }
    #expect(try store.topTexts() == expected)
    #expect(try SentMemeStore(directory: folder.url).topTexts() == expected)
  }

  /// Opening for writing purges memes deleted in an earlier run before anything else is written, so
  /// a meme deleted in this run, before the check, can still be brought back.
  @Test func deletionBeforeTheCheckStaysUndoable() throws {
    let folder = try TemporaryFolder()
    let ids: [Int64]
    do {
      let store = try SentMemeStore(directory: folder.url)
      ids = try store.save(contentsOf: (1...3).map { sampleDraft($0) }).map(\.id)
      try store.delete(id: ids[0])  // An earlier run's deletion, never purged.
    }
    let store = try SentMemeStore(directory: folder.url, checkingLater: true)
    #expect(try store.topTexts() == ["Top 3", "Top 2"])

    try store.delete(id: ids[1])  // The first write: it runs the check and the purge.
    try store.finishOpening()
    try store.undoDelete(id: ids[1])

    #expect(try store.topTexts() == ["Top 3", "Top 2"])
    #expect(throws: StoreError.memeNotFound(id: ids[0])) { try store.undoDelete(id: ids[0]) }
  }

  @Test func newStoreNeedsNoLaterCheck() throws {
    let folder = try TemporaryFolder()
    let store = try SentMemeStore(directory: folder.url, checkingLater: true)
    let saved = try store.save(sampleDraft(1))
    #expect(try SentMemeStore(directory: folder.url).allMemes() == [saved])
  }
}

/// `PRAGMA quick_check` through a read-only connection of its own.
private func quickCheck(_ url: URL) throws -> [String] {
  var configuration = Configuration()
  configuration.readonly = true
  let queue = try DatabaseQueue(path: url.path, configuration: configuration)
  return try queue.read { try String.fetchAll($0, sql: "PRAGMA quick_check") }
}
