// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GRDB
import Testing

@testable import MemeStore

@Suite struct OpeningTests {
  @Test func emptyDatabaseFileIsMigrated() throws {
    let folder = try TemporaryFolder()
    #expect(FileManager.default.createFile(atPath: folder.databaseURL.path, contents: Data()))

    let store = try SentMemeStore(directory: folder.url)

    #expect(try store.count() == 0)
    let saved = try store.save(sampleDraft(1))
    #expect(try SentMemeStore(directory: folder.url).allMemes() == [saved])
  }

  @Test func missingFolderIsCreated() throws {
    let folder = try TemporaryFolder()
    let nested = folder.url.appendingPathComponent("a/b/io.example.App", isDirectory: true)

    let store = try SentMemeStore(directory: nested)

    #expect(FileManager.default.fileExists(atPath: store.databaseURL.path))
    #expect(FileManager.default.fileExists(atPath: store.imagesDirectory.path))
  }

  @Test(arguments: [
    ("random bytes", randomBytes(8192)),
    ("a text file", Data("Dear diary,\nthis is not a database.\n".utf8)),
    ("a few bytes", Data([0x53, 0x51])),
  ])
  func fileThatIsNotADatabaseIsReportedAndLeftUntouched(kind: String, bytes: Data) throws {
    let folder = try TemporaryFolder()
    try bytes.write(to: folder.databaseURL)

    #expect(throws: StoreError.notADatabase(folder.databaseURL), "\(kind)") {
      try SentMemeStore(directory: folder.url)
    }

    #expect(try contents(folder.databaseURL) == bytes)
    #expect(!FileManager.default.fileExists(atPath: folder.databaseURL.path + "-wal"))
  }

  @Test func damagedDatabaseIsReportedAndLeftUntouched() throws {
    let folder = try TemporaryFolder()
    do {
      let store = try SentMemeStore(directory: folder.url)
      try store.save(contentsOf: (1...200).map { sampleDraft($0) })
    }
    // Keep the header page, scramble the rest: a real SQLite file whose tables are garbage.
    var damaged = try contents(folder.databaseURL)
    let pageSize = 4096
    #expect(damaged.count > 2 * pageSize, "the store should have several pages")
    damaged.replaceSubrange(pageSize..., with: randomBytes(damaged.count - pageSize))
    try damaged.write(to: folder.databaseURL)
    for suffix in ["-wal", "-shm"] {
      try? FileManager.default.removeItem(atPath: folder.databaseURL.path + suffix)
    }

    let error = #expect(throws: StoreError.self) { try SentMemeStore(directory: folder.url) }

    guard case .corruptDatabase(let url, _) = error else {
      Issue.record("expected corruptDatabase, got \(String(describing: error))")
      return
    }
    #expect(url == folder.databaseURL)
    #expect(error?.message.contains("damaged") == true)
    #expect(try contents(folder.databaseURL) == damaged)
  }

  /// A row holding NULL and blobs where the schema promises text and numbers (a damaged or foreign
  /// file, kept from a fuzzing run) stops nothing: the store opens, or refuses with a reason, and
  /// listing its memes is an error to report or skips the row, never a crash.
  @Test func rowsThatDoNotDecodeAreReportedNotFatal() throws {
    let folder = try TemporaryFolder()
    let damaged = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent(
        "Fuzz/crashes/store-decoding/null-text-and-blob-columns.sqlite")
    try FileManager.default.copyItem(at: damaged, to: folder.databaseURL)

    let store: SentMemeStore
    do {
      store = try SentMemeStore(directory: folder.url)
    } catch {
      #expect(!"\(error)".isEmpty)
      return
    }
    do {
      let memes = try store.allMemes()
      #expect(memes.allSatisfy { !$0.top.isEmpty || !$0.bottom.isEmpty || $0.id > 0 })
    } catch let error as StoreError {
      #expect(error.message.contains("NULL"), "\(error.message)")
    }
  }

  @Test(arguments: ["WAL", "DELETE"])
  func databaseFromANewerVersionIsRefusedAndLeftUntouched(journalMode: String) throws {
    let folder = try TemporaryFolder()
    _ = try SentMemeStore(directory: folder.url).save(sampleDraft(1))
    let future = try DatabaseQueue(path: folder.databaseURL.path)
    try future.write { db in
      try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99 from the future')")
    }
    // A newer version may well keep its database in another journal mode.
    _ = try future.inDatabase { try String.fetchOne($0, sql: "PRAGMA journal_mode = \(journalMode)") }
    try future.close()
    for suffix in ["-wal", "-shm"] {
      try? FileManager.default.removeItem(atPath: folder.databaseURL.path + suffix)
    }
    let before = try contents(folder.databaseURL)

    #expect(throws: StoreError.createdByNewerVersion(folder.databaseURL)) {
      try SentMemeStore(directory: folder.url)
    }

    #expect(try contents(folder.databaseURL) == before, "byte for byte")
    if journalMode == "DELETE" {
      // (Reading a WAL database, even read-only, makes an empty -wal file; that changes no data.)
      #expect(!FileManager.default.fileExists(atPath: folder.databaseURL.path + "-wal"))
    }
  }

  @Test func folderThatIsAFileGivesAClearError() throws {
    let folder = try TemporaryFolder()
    let notAFolder = folder.file("plain file")
    try Data("x".utf8).write(to: notAFolder)

    let error = #expect(throws: StoreError.self) { try SentMemeStore(directory: notAFolder) }

    guard case .cannotCreateDirectory = error else {
      Issue.record("expected cannotCreateDirectory, got \(String(describing: error))")
      return
    }
    #expect(error?.message.contains(notAFolder.path) == true)
  }

  @Test func memeWithMissingFilesStillLoads() throws {
    let folder = try TemporaryFolder()
    let broken = try SentMemeStore(directory: folder.url).save(sampleDraft(1))
    try FileManager.default.removeItem(at: broken.renderedImageURL)
    try FileManager.default.removeItem(at: broken.thumbnailURL)

    let store = try SentMemeStore(directory: folder.url)
    let loaded = try #require(try store.meme(id: broken.id))

    #expect(loaded == broken)
    #expect(!loaded.hasAllFiles)
    #expect(FileManager.default.fileExists(atPath: loaded.originalImageURL.path))
    try store.move(id: loaded.id, toIndex: 0)
    try store.delete(id: loaded.id)
    #expect(try store.purgeDeleted() == 1)
  }

  @Test func missingThumbnailCanBeReplaced() throws {
    let folder = try TemporaryFolder()
    let store = try SentMemeStore(directory: folder.url)
    let saved = try store.save(sampleDraft(1))
    try FileManager.default.removeItem(at: saved.thumbnailURL)
    let thumbnail = randomBytes(64)

    let updated = try store.replaceThumbnail(id: saved.id, with: .png(thumbnail))

    #expect(updated.hasAllFiles)
    #expect(try contents(updated.thumbnailURL) == thumbnail)
    #expect(try store.meme(id: saved.id) == updated)
    #expect(try folder.imageFileNames().count == 3)
  }

  @Test func unreadableOriginalFailsTheSaveAndLeavesNoFiles() throws {
    let folder = try TemporaryFolder()
    let store = try SentMemeStore(directory: folder.url)
    var draft = sampleDraft(1)
    let missing = folder.file("no such picture.png")
    draft.original = .file(missing)

    #expect(throws: StoreError.self) { try store.save(draft) }

    #expect(try store.count() == 0)
    #expect(try folder.imageFileNames().isEmpty)
  }
}
