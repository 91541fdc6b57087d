// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import DiskTestSupport
import Foundation
import GtkKit
import GtkTestSupport
import MemeCore
import MemeStore
import Testing

@testable import MemeUI

/// Sent Memes holds every meme's id but reads the memes themselves a page at a time as they are
/// shown. Whatever was read, and whatever changed since, every position shows the store's meme for
/// it: compared with `allMemes()`, the store's plain reading of every row.
@Suite(.serialized) struct SentMemeListPagingTests {
  /// A store of `count` memes saved in one transaction, all with the same small real PNG.
  private static func makeStore(memes count: Int) throws -> SentMemeStore {
    let folder = ScratchFolder.unique("paging")
    let store = try SentMemeStore(directory: folder)
    let picture = try #require(RasterImage(width: 40, height: 30, hasAlpha: false))
    let url = folder.appendingPathComponent("picture.png")
    try ImageWriter.write(picture, to: url, as: .png)
    let png = EncodedImage.png(try Data(contentsOf: url))
    try store.save(
      contentsOf: (1...count).map { number in
        SentMemeDraft(
          content: MemeContent(captions: MemeCaptions(top: "Top \(number)", bottom: "Bottom \(number)")),
          sentAt: Date(timeIntervalSinceNow: Double(number - count) * 60), original: .encoded(png),
          rendered: png, thumbnail: png)
      })
    return store
  }

  /// The ids of each read the list asks the store for.
  private final class ReadLog {
    var reads: [[Int64]] = []
  }

  private static func pagedList(over store: SentMemeStore, log: ReadLog) throws -> SentMemeList {
    let list = SentMemeList(pageSize: 4, keptReads: 3) { ids in
      log.reads.append(ids)
      return try store.memes(ids: ids)
    }
    list.replaceAll(with: try store.memeIDs())
    return list
  }

  /// What a row shows of a meme: all but its `position` number, which the store renumbers when memes
  /// move (the list's order is its own, and no row shows the number).
  private static func shown(_ meme: SentMeme?) -> SentMeme? {
    guard var meme else { return nil }
    meme.position = 0
    return meme
  }

  /// Every position of the list, read through the list, against the store's own list.
  private static func expectSameAsStore(_ list: SentMemeList, _ store: SentMemeStore, when: String) throws {
    let rows = try store.allMemes()
    #expect(list.count == rows.count, "\(when)")
    #expect(Int(g_list_model_get_n_items(list.listModel)) == rows.count, "\(when)")
    for (position, row) in rows.enumerated() {
      #expect(shown(list.meme(at: position)) == shown(row), "\(when): position \(position)")
    }
  }

  @Test func everyRowIsListedButOnlyThePagesShownAreRead() throws {
    try DisplayHarness.requireDisplay()
    let store = try Self.makeStore(memes: 40)
    let log = ReadLog()
    let list = try Self.pagedList(over: store, log: log)

    #expect(list.count == 40)
    #expect(try store.count() == 40)
    #expect(list.loadedCount == 0, "nothing is read before a row is shown")
    #expect(log.reads.isEmpty)

    let rows = try store.allMemes()
    for (position, row) in rows.enumerated() {
      #expect(list.meme(at: position) == row)
      #expect(list.loadedCount <= 3 * 4, "at most three pages are held")
    }
    #expect(log.reads.count == 10, "each page of four is read once on the way down")
    #expect(log.reads.allSatisfy { $0.count == 4 })

    // Back to the top: the first page was forgotten and is read again, once.
    #expect(list.meme(at: 1) == rows[1])
    #expect(list.meme(at: 2) == rows[2])
    #expect(log.reads.count == 11)
    #expect(log.reads.last == Array(rows[0..<4].map(\.id)))
  }

  @Test func memesAddedAndDeletedWhilePagedShowTheStoresOrder() throws {
    try DisplayHarness.requireDisplay()
    let store = try Self.makeStore(memes: 30)
    let log = ReadLog()
    let list = try Self.pagedList(over: store, log: log)
    // Pages 0, 1 and 5 held: positions shift under them.
    _ = list.meme(at: 1)
    _ = list.meme(at: 5)
    _ = list.meme(at: 21)

    let added = try store.save(
      SentMemeDraft(
        content: MemeContent(captions: MemeCaptions(top: "New", bottom: "")),
        original: .encoded(.png(Data([1]))),
        rendered: .png(Data([2])), thumbnail: .png(Data([3]))))
    list.insert(added, at: 0)
    try Self.expectSameAsStore(list, store, when: "after adding on top")

    let rows = try store.allMemes()
    for position in [3, 17, 30] {
      try store.delete(id: rows[position].id)
      list.remove(id: rows[position].id)
    }
    try Self.expectSameAsStore(list, store, when: "after deleting three")

    try store.move(id: rows[25].id, toIndex: 2)
    list.move(id: rows[25].id, to: 2)
    try Self.expectSameAsStore(list, store, when: "after moving")
  }

  @Test func aMemeGoneFromTheStoreLeavesItsNeighboursReadable() throws {
    try DisplayHarness.requireDisplay()
    let store = try Self.makeStore(memes: 12)
    let log = ReadLog()
    let list = try Self.pagedList(over: store, log: log)
    let rows = try store.allMemes()

    // Deleted by another window of the store before its page was read: the list still has its id.
    try store.delete(id: rows[6].id)

    #expect(list.meme(at: 6) == nil)
    #expect(list.meme(at: 5) == rows[5])
    #expect(list.meme(at: 7) == rows[7])
    #expect(list.count == 12)
  }

  @Test func theWindowShowsTheStoresRowsAndReadsOnlyWhatItShows() throws {
    try DisplayHarness.requireDisplay()
    let store = try Self.makeStore(memes: 600)
    let app = SentMemesHarness.launch(storeFolder: store.directory)
    defer { SentMemesHarness.close(app) }
    let window = try #require(SentMemesHarness.sentMemes(of: app))
    SentMemesHarness.waitForThumbnails(window)

    let rows = try store.allMemes()
    #expect(window.memes.list.ids == rows.map(\.id))
    #expect(window.memes.list.loadedCount < rows.count / 2, "only the pages around the shown rows are read")
    let bound = window.listFactory.boundCells.filter { $0.memeID != nil }
    #expect(!bound.isEmpty)
    let byID = Dictionary(uniqueKeysWithValues: rows.map { ($0.id, $0) })
    for row in bound {
      let meme = try #require(row.memeID.flatMap { byID[$0] })
      #expect(row.topText == meme.top)
      #expect(row.bottomText == meme.bottom)
    }

    // The last row, scrolled to, shows the store's last meme.
    let view = try #require(window.listView)
    let adjustment = try #require(
      gtk_scrolled_window_get_vadjustment(
        gtkkit_scrolled_window(gtk_widget_get_ancestor(view, gtk_scrolled_window_get_type()))))
    gtk_adjustment_set_value(adjustment, gtk_adjustment_get_upper(adjustment))
    let last = try #require(rows.last)
    #expect(
      MainContext.iterate {
        window.listFactory.boundCells.contains { $0.memeID == last.id && $0.topText == last.top }
      })
    #expect(window.memes.list.loadedCount < rows.count, "the pages scrolled past unseen are not read")
  }
}
