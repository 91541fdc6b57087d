// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeStore
import Testing

@testable import MemeUI

/// The store opened on a background thread at launch gives the app what opening it on the main
/// thread gave: the same memes in the same order, or the same error.
@Suite struct StoreOpeningTests {
  @Test func aStoreOpenedInTheBackgroundListsItsMemesNewestFirst() throws {
    let (folder, memes) = try SentMemesHarness.makeStoreFolder(memes: 3)
    defer { try? FileManager.default.removeItem(at: folder) }

    let opening = SentMemesLibrary.startOpening(directory: folder)
    let library = try SentMemesLibrary.open(opening).get()

    #expect(library.list.ids == memes.map(\.id))
    // The reference: the store opened here, on this thread, as before.
    #expect(library.list.ids == (try SentMemeStore(directory: folder).memeIDs()))
    // Asking again waits for nothing and gives the same store.
    let again = try SentMemesLibrary.open(opening).get()
    #expect(again.store === library.store)
  }

  @Test func aStoreThatCannotBeOpenedGivesTheErrorOpeningGives() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "mememe-opening-\(UUID().uuidString)")
    // A plain file where the store's folder should be.
    try Data("x".utf8).write(to: folder)
    defer { try? FileManager.default.removeItem(at: folder) }

    let result = SentMemesLibrary.open(SentMemesLibrary.startOpening(directory: folder))

    guard case .failure(let error) = result else {
      Issue.record("a plain file opened as a store")
      return
    }
    let direct = #expect(throws: StoreError.self) {
      try SentMemeStore(directory: folder, checkingLater: true)
    }
    #expect(error.message == direct?.message)
    #expect(error.message.contains(folder.path))
  }
}
