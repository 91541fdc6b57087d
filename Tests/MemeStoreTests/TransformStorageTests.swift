// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GRDB
import MemeCore
import Testing

@testable import MemeStore

/// A meme's crop, turn and mirroring are kept with it, and memes stored before they existed read back
/// as the picture as it is.
@Suite struct TransformStorageTests {
  @Test func theTransformReadsBackAfterReopeningAndReachesTheEditorsMeme() throws {
    let folder = try TemporaryFolder()
    var draft = sampleDraft(1)
    draft.transform = PictureTransform(
      crop: PixelRect(x: 12, y: 34, width: 560, height: 320), quarterTurns: 3, flipsHorizontally: true)
    let saved = try SentMemeStore(directory: folder.url).save(draft)
    #expect(saved.transform == draft.transform)

    let store = try SentMemeStore(directory: folder.url)
    let loaded = try #require(try store.meme(id: saved.id))
    #expect(loaded.transform == draft.transform)
    #expect(loaded.meme.transform == draft.transform)
    #expect(try store.allMemes().map(\.transform) == [draft.transform])
    // In the row itself, as JSON; a meme with no transform leaves the column NULL.
    let plain = try store.save(sampleDraft(2))
    let queue = try DatabaseQueue(path: folder.databaseURL.path)
    let columns = try queue.read { db in
      try Row.fetchAll(db, sql: "SELECT id, transform FROM sentMeme ORDER BY id")
    }
    #expect(columns.count == 2)
    let json: String? = columns[0]["transform"]
    #expect(json?.contains("\"quarterTurns\":3") == true)
    let none: String? = columns[1]["transform"]
    #expect(none == nil && columns[1]["id"] == plain.id)
  }

  /// A store written before the transform column existed gains it on opening, keeping every meme.
  @Test func aStoreFromBeforeTransformsIsMigrated() throws {
    let folder = try TemporaryFolder()
    let saved = try SentMemeStore(directory: folder.url).save(sampleDraft(1))
    // Make the database what the first version wrote: no column, no record of the migration.
    let queue = try DatabaseQueue(path: folder.databaseURL.path)
    try queue.write { db in
      try db.execute(sql: "ALTER TABLE sentMeme DROP COLUMN transform")
      try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier = 'v2 picture transform'")
    }
    try queue.close()

    let store = try SentMemeStore(directory: folder.url)
    let loaded = try #require(try store.meme(id: saved.id))
    #expect(loaded.transform == .identity)
    #expect(loaded.top == saved.top)
    let migrated = try DatabaseQueue(path: folder.databaseURL.path).read { db in
      try db.columns(in: "sentMeme").map(\.name)
    }
    #expect(migrated.contains("transform"))
  }
}
