// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

@testable import MemeStore

/// A list shows the store's order from the ids alone and reads the memes a page at a time: both must
/// agree with `allMemes()`, the plain reading of every meme.
@Suite struct PagedReadingTests {
  /// A store of `count` memes, "Top 1" at the bottom, saved in one transaction.
  private func store(with count: Int, in folder: TemporaryFolder) throws -> SentMemeStore {
    let store = try SentMemeStore(directory: folder.url)
    try store.save(contentsOf: (1...count).map { sampleDraft($0) })
    return store
  }

  @Test func idsFollowTheOrderThroughMovesAndDeletions() throws {
    let folder = try TemporaryFolder()
    let store = try store(with: 12, in: folder)
    #expect(try store.memeIDs() == store.allMemes().map(\.id))

    let memes = try store.allMemes()
    try store.move(id: memes[10].id, toIndex: 2)
    try store.delete(id: memes[4].id)
    try store.delete(id: memes[0].id)
    try store.move(id: memes[1].id, toIndex: 99)
    let ids = try store.memeIDs()
    #expect(ids == (try store.allMemes().map(\.id)))
    #expect(ids.count == 10)
    #expect(!ids.contains(memes[4].id) && !ids.contains(memes[0].id))
    #expect(ids.first == memes[10].id && ids.last == memes[1].id)

    try store.undoDelete(id: memes[4].id)
    #expect(try store.memeIDs() == store.allMemes().map(\.id))
  }

  @Test func aPageHoldsExactlyTheMemesAskedForThatAreStillThere() throws {
    let folder = try TemporaryFolder()
    let store = try store(with: 20, in: folder)
    let all = try store.allMemes()
    let deleted = all[7].id
    try store.delete(id: deleted)
    let unknown = (all.map(\.id).max() ?? 0) + 1000

    let page = Array(all[5..<12].map(\.id)) + [unknown]
    let read = try store.memes(ids: page)

    let expected = all[5..<12].filter { $0.id != deleted }
    #expect(Set(read) == Set(expected))
    #expect(read.count == expected.count)
    #expect(try store.memes(ids: []).isEmpty)
  }

  /// More ids than SQLite accepts as separate arguments (999 in older builds) in one page.
  @Test func aLargePageIsReadWhole() throws {
    let folder = try TemporaryFolder()
    let store = try store(with: 5, in: folder)
    let all = try store.allMemes()
    let unknown = (1...1_500).map { (all.map(\.id).max() ?? 0) + Int64($0) }

    let read = try store.memes(ids: unknown[..<700] + all.map(\.id) + unknown[700...])

    #expect(Set(read) == Set(all))
    #expect(read.count == all.count)
  }
}
