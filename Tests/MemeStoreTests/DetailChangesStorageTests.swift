// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GRDB
import MemeCore
import Testing

@testable import MemeStore

/// What Meme Detail changes in a sent meme: its description (edited there) and where Save As last
/// wrote it. Both outlast reopening the store, and a store from before the saved file opens with
/// its meme unsaved.
@Suite struct DetailChangesStorageTests {
  @Test func anEditedDescriptionIsStoredAndSearchedAndABlankOneIsTheDefaultAgain() throws {
    let folder = try TemporaryFolder()
    let store = try SentMemeStore(directory: folder.url)
    let saved = try store.save(sampleDraft(1))
    let other = try store.save(sampleDraft(2))
    #expect(saved.customDescription == nil)

    let edited = try store.setDescription("A surprised cat, wide-eyed", ofMemeWithID: saved.id)
    #expect(edited.customDescription == "A surprised cat, wide-eyed")
    #expect(edited.resolvedDescription == "A surprised cat, wide-eyed")
    // Its captions, files and place are as they were; the other meme is untouched.
    #expect(edited.top == saved.top && edited.renderedImageURL == saved.renderedImageURL)
    #expect(edited.position == saved.position)
    #expect(try store.meme(id: other.id)?.customDescription == nil)

    let reopened = try SentMemeStore(directory: folder.url)
    #expect(try reopened.meme(id: saved.id)?.customDescription == "A surprised cat, wide-eyed")
    // The search finds the meme by its new words, and the other one not.
    #expect(try reopened.memeIDs(matching: "wide-eyed") == [saved.id])

    let cleared = try reopened.setDescription(" \n ", ofMemeWithID: saved.id)
    #expect(cleared.customDescription == nil)
    #expect(cleared.resolvedDescription == "Top 1\nBottom 1")
    #expect(try reopened.memeIDs(matching: "wide-eyed").isEmpty)
    #expect(try reopened.memeIDs(matching: "Bottom 1") == [saved.id])
  }

  @Test func aDeletedOrUnknownMemeKeepsNoDescription() throws {
    let folder = try TemporaryFolder()
    let store = try SentMemeStore(directory: folder.url)
    let saved = try store.save(sampleDraft(1))
    try store.delete(id: saved.id)
    #expect(throws: StoreError.memeNotFound(id: saved.id)) {
      try store.setDescription("gone", ofMemeWithID: saved.id)
    }
    #expect(throws: StoreError.memeNotFound(id: 999)) {
      try store.recordSavedFile(URL(fileURLWithPath: "/tmp/x.png"), ofMemeWithID: 999)
    }
    try store.undoDelete(id: saved.id)
    #expect(try store.meme(id: saved.id)?.customDescription == nil)
  }

  @Test func whereSaveAsWroteTheMemeIsKeptFromTheShareAndFromDetail() throws {
    let folder = try TemporaryFolder()
    let store = try SentMemeStore(directory: folder.url)
    var draft = sampleDraft(1)
    draft.savedFile = URL(fileURLWithPath: "/home/ada/Pictures/cat meme.png")
    let saved = try store.save(draft)
    #expect(saved.savedFileURL?.path == "/home/ada/Pictures/cat meme.png")
    let unsaved = try store.save(sampleDraft(2))
    #expect(unsaved.savedFileURL == nil)

    let reopened = try SentMemeStore(directory: folder.url)
    #expect(try reopened.meme(id: saved.id)?.savedFileURL?.path == "/home/ada/Pictures/cat meme.png")
    #expect(try reopened.allMemes().compactMap(\.savedFileURL).count == 1)

    let moved = try reopened.recordSavedFile(
      URL(fileURLWithPath: "/home/ada/Desktop/./again.jpg"), ofMemeWithID: unsaved.id)
    #expect(moved.savedFileURL?.path == "/home/ada/Desktop/again.jpg")
    #expect(try SentMemeStore(directory: folder.url).meme(id: unsaved.id)?.savedFileURL == moved.savedFileURL)
  }

  /// A store from the release before (through "v7 templates") gains the column, empty.
  @Test func aStoreFromBeforeOpensWithItsMemeNeverSaved() throws {
    let folder = try TemporaryFolder()
    try makeReleaseStore(in: folder, upTo: "v7 templates")
    let store = try SentMemeStore(directory: folder.url)
    let memes = try store.allMemes()
    #expect(memes.map(\.top) == ["top"])
    #expect(memes.first?.savedFileURL == nil)
    let columns = try DatabaseQueue(path: folder.databaseURL.path).read { db in
      try db.columns(in: "sentMeme").map(\.name)
    }
    #expect(columns.contains("savedFile"))
  }

  /// A relative path (only a damaged or foreign file has one) is no place at all.
  @Test func aRelativeSavedPathReadsAsNone() throws {
    let folder = try TemporaryFolder()
    let saved = try SentMemeStore(directory: folder.url).save(sampleDraft(1))
    let queue = try DatabaseQueue(path: folder.databaseURL.path)
    try queue.write { db in
      try db.execute(
        sql: "UPDATE sentMeme SET savedFile = 'Pictures/x.png' WHERE id = ?", arguments: [saved.id])
    }
    try queue.close()
    #expect(try SentMemeStore(directory: folder.url).meme(id: saved.id)?.savedFileURL == nil)
  }
}
