// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GRDB
import Testing

@testable import MemeStore

/// File names come from the database, which anyone can edit or replace: a name that is not a plain
/// name inside the images folder is reported and skipped, never opened or removed.
@Suite struct StoredNameTests {
  /// A store with one good meme, and a victim file beside the store that a bad row points at.
  struct Setup {
    let folder: TemporaryFolder
    let victim: URL
    let good: SentMeme

    init() throws {
      folder = try TemporaryFolder()
      victim = folder.url.deletingLastPathComponent().appendingPathComponent("victim-\(UUID()).txt")
      try Data("precious".utf8).write(to: victim)
      good = try SentMemeStore(directory: folder.url).save(sampleDraft(1))
    }

    /// Adds a row as a damaged or hostile database would have it; returns its id.
    @discardableResult
    func insertRow(originalFileSQL: String, deleted: Bool) throws -> Int64 {
      try DatabaseQueue(path: folder.databaseURL.path).write { db in
        try db.execute(
          sql: """
            INSERT INTO sentMeme (topText, bottomText, style, sentAt, position, originalFile, renderedFile,
              thumbnailFile, deletedAt)
            VALUES ('bad', '', '{}', 0, -100, \(originalFileSQL), 'r.png', 't.png', \(deleted ? "1" : "NULL"))
            """)
        return db.lastInsertedRowID
      }
    }
  }

  @Test func deletedRowNamingAFileOutsideTheStoreNeverRemovesIt() throws {
    let setup = try Setup()
    // From the images folder: up to the store, up to the folder beside it.
    let id = try setup.insertRow(originalFileSQL: "'../../\(setup.victim.lastPathComponent)'", deleted: true)

    let store = try SentMemeStore(directory: setup.folder.url)
    try store.purgeDeleted()
    try store.repair()

    #expect(try contents(setup.victim) == Data("precious".utf8))
    #expect(store.repairs.skippedRowIDs == [id])
    #expect(store.repairs.message?.contains("skipped") == true)
    let stillThere = try DatabaseQueue(path: setup.folder.databaseURL.path).read {
      try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM sentMeme WHERE id = ?", arguments: [id])
    }
    #expect(stillThere == 1, "the row is left for the user to look at, not followed")
    #expect(try store.allMemes() == [setup.good])
    try? FileManager.default.removeItem(at: setup.victim)
  }

  @Test(arguments: [
    "'/etc/passwd'", "'..'", "'.'", "'sub/file.png'", "''", "'.partial-x-original.jpg'",
    // A NUL byte: read as text, SQLite would stop before the slash and see a plain name.
    "CAST(x'61002f2e2e2f78' AS TEXT)", "'\(String(repeating: "a", count: 256))'",
  ])
  func visibleRowWithANameThatIsNotPlainIsSkipped(originalFileSQL: String) throws {
    let setup = try Setup()
    let id = try setup.insertRow(originalFileSQL: originalFileSQL, deleted: false)

    let store = try SentMemeStore(directory: setup.folder.url)
    try store.repair()

    #expect(store.repairs.skippedRowIDs == [id])
    #expect(try store.allMemes() == [setup.good])
    #expect(try store.count() == 1)
    #expect(try store.meme(id: id) == nil)
    #expect(try store.memeIDs() == [setup.good.id])
    #expect(try store.memes(ids: [id, setup.good.id]) == [setup.good])
    #expect(throws: StoreError.memeNotFound(id: id)) { try store.move(id: id, toIndex: 0) }
    #expect(throws: StoreError.memeNotFound(id: id)) {
      try store.replaceThumbnail(id: id, with: .png(randomBytes(9)))
    }
    let second = try store.save(sampleDraft(2))
    try store.move(id: second.id, toIndex: 1)
    #expect(try store.topTexts() == ["Top 1", "Top 2"], "a skipped row takes no place in the order")
    try? FileManager.default.removeItem(at: setup.victim)
  }

  @Test func plainNamesAreAcceptedAndOthersRefused() {
    #expect(StoredFileName.plainName(Data("0b8f-original.jpg".utf8)) == "0b8f-original.jpg")
    #expect(StoredFileName.plainName(Data("bild ä.png".utf8)) == "bild ä.png")
    for bad in ["", ".", "..", "../x", "a/b", ".hidden", "a\0b"] {
      #expect(StoredFileName.plainName(Data(bad.utf8)) == nil, "\(bad)")
    }
    #expect(StoredFileName.plainName(Data([0x66, 0xFF])) == nil, "not UTF-8")
    #expect(StoredFileName.plainName(nil) == nil)
  }
}
