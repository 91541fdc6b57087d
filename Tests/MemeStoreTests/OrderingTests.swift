// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

@testable import MemeStore

@Suite struct OrderingTests {
  /// A store holding memes "Top 1" ... "Top count", listed newest first.
  private func storeWithMemes(_ count: Int, in folder: TemporaryFolder) throws -> SentMemeStore {
    let store = try SentMemeStore(directory: folder.url)
    for number in 1...count { try store.save(sampleDraft(number)) }
    return store
  }

  private func id(of topText: String, in store: SentMemeStore) throws -> Int64 {
    try #require(try store.allMemes().first { $0.top == topText }).id
  }

  @Test func newMemesGoToTheTop() throws {
    let folder = try TemporaryFolder()
    let store = try storeWithMemes(3, in: folder)
    #expect(try store.topTexts() == ["Top 3", "Top 2", "Top 1"])
    #expect(try store.count() == 3)
  }

  @Test func moveDownUpAndClampedPersistAcrossReopening() throws {
    let folder = try TemporaryFolder()
    let store = try storeWithMemes(5, in: folder)  // 5 4 3 2 1

    try store.move(id: id(of: "Top 5", in: store), toIndex: 3)
    #expect(try store.topTexts() == ["Top 4", "Top 3", "Top 2", "Top 5", "Top 1"])
    try store.move(id: id(of: "Top 1", in: store), toIndex: 0)
    #expect(try store.topTexts() == ["Top 1", "Top 4", "Top 3", "Top 2", "Top 5"])
    try store.move(id: id(of: "Top 4", in: store), toIndex: 99)
    #expect(try store.topTexts() == ["Top 1", "Top 3", "Top 2", "Top 5", "Top 4"])
    try store.move(id: id(of: "Top 2", in: store), toIndex: -3)
    #expect(try store.topTexts() == ["Top 2", "Top 1", "Top 3", "Top 5", "Top 4"])

    let reopened = try SentMemeStore(directory: folder.url)
    #expect(try reopened.topTexts() == ["Top 2", "Top 1", "Top 3", "Top 5", "Top 4"])
  }

  @Test func aMemeSavedAfterMovingStillGoesOnTop() throws {
    let folder = try TemporaryFolder()
    let store = try storeWithMemes(3, in: folder)
    try store.move(id: id(of: "Top 1", in: store), toIndex: 0)

    try store.save(sampleDraft(4))

    #expect(try store.topTexts() == ["Top 4", "Top 1", "Top 3", "Top 2"])
  }

  @Test func moveAroundADeletedMemeKeepsItsPlaceForUndo() throws {
    let folder = try TemporaryFolder()
    let store = try storeWithMemes(4, in: folder)  // 4 3 2 1
    let deleted = try id(of: "Top 3", in: store)
    try store.delete(id: deleted)

    try store.move(id: id(of: "Top 1", in: store), toIndex: 0)  // 1 4 2
    try store.undoDelete(id: deleted)

    #expect(try store.topTexts() == ["Top 1", "Top 4", "Top 3", "Top 2"])
  }

  @Test func movingAnUnknownOrDeletedMemeThrows() throws {
    let folder = try TemporaryFolder()
    let store = try storeWithMemes(2, in: folder)
    let deleted = try id(of: "Top 1", in: store)
    try store.delete(id: deleted)

    #expect(throws: StoreError.memeNotFound(id: deleted)) { try store.move(id: deleted, toIndex: 0) }
    #expect(throws: StoreError.memeNotFound(id: 999)) { try store.move(id: 999, toIndex: 0) }
  }
}
