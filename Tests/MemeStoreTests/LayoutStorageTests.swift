// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GRDB
import MemeCore
import Testing

@testable import MemeStore

/// A meme's layout is kept with it; a store made before layouts opens with every meme Classic.
@Suite struct LayoutStorageTests {
  @Test func aReleaseStoreOpensWithEveryMemeClassic() throws {
    let folder = try TemporaryFolder()
    // The release before layouts.
    try makeReleaseStore(in: folder, upTo: "v3 text boxes")

    let store = try SentMemeStore(directory: folder.url)
    let loaded = try #require(try store.allMemes().first)
    #expect(loaded.layout == .classic)
    #expect(loaded.meme.layout == .classic && loaded.meme.captions.layout == .classic)
    let reader = try DatabaseQueue(path: folder.databaseURL.path)
    #expect(try reader.read { try $0.columns(in: "sentMeme") }.contains { $0.name == "layout" })
    #expect(
      try reader.read { try String.fetchAll($0, sql: "SELECT identifier FROM grdb_migrations") }.contains(
        "v5 meme layout"))
    let column = try reader.read { db -> String? in
      try Row.fetchOne(db, sql: "SELECT layout FROM sentMeme")?["layout"]
    }
    #expect(column == nil, "an old meme's layout column stays NULL")
  }

  /// Band and Poster read back after reopening, reach the editor's meme and a draft made from it
  /// (Edit & Resend); a layout a later version wrote shows as Classic.
  @Test(arguments: [MemeLayoutKind.band, .poster])
  func theLayoutReadsBackAndTravelsToTheResentDraft(layout: MemeLayoutKind) throws {
    let folder = try TemporaryFolder()
    var draft = sampleDraft(1)
    draft.layout = layout
    let saved = try SentMemeStore(directory: folder.url).save(draft)
    #expect(saved.layout == layout)
    let plain = try SentMemeStore(directory: folder.url).save(sampleDraft(2))

    let store = try SentMemeStore(directory: folder.url)
    let loaded = try #require(try store.meme(id: saved.id))
    #expect(loaded.layout == layout)
    #expect(loaded.meme.captions.layout == layout)
    #expect(try store.meme(id: plain.id)?.layout == .classic)
    let resent = SentMemeDraft(
      meme: loaded.meme, rendered: .png(randomBytes(10)), thumbnail: .png(randomBytes(10)))
    #expect(resent.layout == layout)
    let again = try store.save(resent)
    #expect(try store.meme(id: again.id)?.layout == layout)

    let stored = try DatabaseQueue(path: folder.databaseURL.path).read { db in
      try String?.fetchAll(db, sql: "SELECT layout FROM sentMeme ORDER BY id")
    }
    #expect(stored == [layout.rawValue, nil, layout.rawValue])
  }

  @Test func aLayoutFromALaterVersionShowsAsClassic() throws {
    let folder = try TemporaryFolder()
    let saved = try SentMemeStore(directory: folder.url).save(sampleDraft(1))
    try DatabaseQueue(path: folder.databaseURL.path).write { db in
      try db.execute(sql: "UPDATE sentMeme SET layout = 'hexagon' WHERE id = ?", arguments: [saved.id])
    }
    #expect(try SentMemeStore(directory: folder.url).meme(id: saved.id)?.layout == .classic)
  }
}
