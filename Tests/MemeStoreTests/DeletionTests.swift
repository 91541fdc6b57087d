// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

@testable import MemeStore

@Suite struct DeletionTests {
  @Test func deleteHidesAndUndoRestoresInPlace() throws {
    let folder = try TemporaryFolder()
    let store = try SentMemeStore(directory: folder.url)
    let saved = try (1...3).map { try store.save(sampleDraft($0)) }
    let middle = saved[1]

    try store.delete(id: middle.id)

    #expect(try store.topTexts() == ["Top 3", "Top 1"])
    #expect(try store.count() == 2)
    #expect(try store.meme(id: middle.id) == nil)
    #expect(middle.hasAllFiles, "files stay while the delete can be undone")

    try store.undoDelete(id: middle.id)

    #expect(try store.topTexts() == ["Top 3", "Top 2", "Top 1"])
    #expect(try store.meme(id: middle.id) == middle)
  }

  @Test func purgeRemovesRowsAndFilesOfDeletedMemesOnly() throws {
    let folder = try TemporaryFolder()
    let store = try SentMemeStore(directory: folder.url)
    let kept = try store.save(sampleDraft(1))
    let gone = try store.save(sampleDraft(2))
    try store.delete(id: gone.id)

    #expect(try store.purgeDeleted() == 1)

    #expect(try store.allMemes() == [kept])
    for url in [gone.originalImageURL, gone.renderedImageURL, gone.thumbnailURL] {
      #expect(!FileManager.default.fileExists(atPath: url.path))
    }
    #expect(kept.hasAllFiles)
    #expect(throws: StoreError.memeNotFound(id: gone.id)) { try store.undoDelete(id: gone.id) }
    #expect(try folder.imageFileNames().count == 3)
  }

  @Test func purgeOfOneIdLeavesOtherDeletionsUndoable() throws {
    let folder = try TemporaryFolder()
    let store = try SentMemeStore(directory: folder.url)
    let first = try store.save(sampleDraft(1))
    let second = try store.save(sampleDraft(2))
    try store.delete(id: first.id)
    try store.delete(id: second.id)

    #expect(try store.purgeDeleted(id: first.id))
    #expect(try !store.purgeDeleted(id: first.id))

    #expect(!first.hasAllFiles)
    try store.undoDelete(id: second.id)
    #expect(try store.allMemes() == [second])
  }

  @Test func openingPurgesMemesDeletedInAnEarlierRun() throws {
    let folder = try TemporaryFolder()
    let gone = try {
      let store = try SentMemeStore(directory: folder.url)
      try store.save(sampleDraft(1))
      let gone = try store.save(sampleDraft(2))
      try store.delete(id: gone.id)
      return gone
    }()

    let reopened = try SentMemeStore(directory: folder.url)

    #expect(try reopened.topTexts() == ["Top 1"])
    #expect(!FileManager.default.fileExists(atPath: gone.renderedImageURL.path))
    #expect(throws: StoreError.memeNotFound(id: gone.id)) { try reopened.undoDelete(id: gone.id) }
  }

  @Test func deletingTwiceOrUnknownThrows() throws {
    let folder = try TemporaryFolder()
    let store = try SentMemeStore(directory: folder.url)
    let saved = try store.save(sampleDraft(1))
    try store.delete(id: saved.id)

    #expect(throws: StoreError.memeNotFound(id: saved.id)) { try store.delete(id: saved.id) }
    #expect(throws: StoreError.memeNotFound(id: 42)) { try store.delete(id: 42) }
    #expect(throws: StoreError.memeNotFound(id: 42)) { try store.undoDelete(id: 42) }
  }

  @Test func idsAreNotReusedAfterPurge() throws {
    let folder = try TemporaryFolder()
    let store = try SentMemeStore(directory: folder.url)
    let gone = try store.save(sampleDraft(1))
    try store.delete(id: gone.id)
    try store.purgeDeleted()

    let next = try store.save(sampleDraft(2))

    #expect(next.id > gone.id)
  }
}
