// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GRDB
import Testing

@testable import MemeStore

/// One damaged page of `memes.sqlite` fails the whole file's check, and with it every meme. The
/// rebuild moves the damaged file aside (never deleting it), keeps every meme whose row still reads,
/// captions and all, and gives the memes whose rows were on the damaged page a row again from their
/// pictures.
@Suite struct DamagedDatabaseTests {
  static let memeCount = 60

  /// A store of `memeCount` memes whose rows fill several pages, all of it checkpointed into the
  /// database file (no log beside it), and one of its table's pages overwritten.
  struct DamagedStore {
    let folder = try! TemporaryFolder()
    var memes: [SentMeme] = []
    /// The memes whose rows were on the damaged page.
    var lost: Set<Int64> = []
    var damagedBytes = Data()

    init() throws {
      do {
        let store = try SentMemeStore(directory: folder.url)
        for number in 1...DamagedDatabaseTests.memeCount {
          var draft = sampleDraft(number)
          // Long captions: a few rows to a page, so the table has many pages.
          draft.top = "Top \(number) " + String(repeating: "word ", count: 80)
          memes.append(try store.save(draft))
        }
      }
      let queue = try DatabaseQueue(path: folder.databaseURL.path)
      try queue.writeWithoutTransaction { try $0.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
      try queue.close()
      for suffix in ["-wal", "-shm"] {
        try? FileManager.default.removeItem(atPath: folder.databaseURL.path + suffix)
      }

      // A leaf page of the memes' table in the middle of the file: a table leaf (type 13) each of
      // whose cells is the row of a meme whose file names it holds (the search index's pages are
      // table leaves too, keyed by the same ids, but hold no file names). Its cells say exactly
      // which rows are lost with it.
      var bytes = try contents(folder.databaseURL)
      let pageSize = Int(bytes[16]) << 8 | Int(bytes[17])
      let byID = Dictionary(uniqueKeysWithValues: memes.map { ($0.id, $0) })
      var leaves: [(page: Int, ids: [Int64])] = []
      for page in 1..<(bytes.count / pageSize) {
        let start = page * pageSize
        let contents = bytes[start..<start + pageSize]
        let ids = DamagedDatabaseTests.rowIDs(ofLeafPage: contents, at: start)
        guard !ids.isEmpty,
          ids.allSatisfy({ id in
            byID[id].map { contents.range(of: Data($0.renderedImageURL.lastPathComponent.utf8)) != nil }
              ?? false
          })
        else { continue }
        leaves.append((page, ids))
      }
      #expect(leaves.count >= 3, "the table spans several leaves")
      let damaged = try #require(leaves.dropFirst().first)
      lost = Set(damaged.ids)
      let page = damaged.page
      bytes.replaceSubrange(
        page * pageSize..<(page + 1) * pageSize, with: Data(repeating: 0xFF, count: pageSize))
      try bytes.write(to: folder.databaseURL)
      damagedBytes = bytes
    }
  }

  /// The row ids of the cells of `page` (starting at byte `start` of the file) when it is a table
  /// leaf page, else none: its header's cell count, then each cell's payload length and row id
  /// (SQLite's varints).
  static func rowIDs(ofLeafPage page: Data, at start: Int) -> [Int64] {
    guard page[start] == 13 else { return [] }
    let count = Int(page[start + 3]) << 8 | Int(page[start + 4])
    func varint(at offset: inout Int) -> Int64 {
      var value: Int64 = 0
      for index in 0..<9 {
        let byte = page[start + offset]
        offset += 1
        if index == 8 { return value << 8 | Int64(byte) }
        value = value << 7 | Int64(byte & 0x7F)
        if byte & 0x80 == 0 { break }
      }
      return value
    }
    return (0..<count).map { cell in
      let pointer = start + 8 + 2 * cell
      var offset = Int(page[pointer]) << 8 | Int(page[pointer + 1])
      _ = varint(at: &offset)
      return varint(at: &offset)
    }
  }

  @Test func oneDamagedPageIsReportedAsDamage() throws {
    let damaged = try DamagedStore()
    #expect(!damaged.lost.isEmpty && damaged.lost.count < DamagedDatabaseTests.memeCount / 2)
    #expect {
      _ = try SentMemeStore(directory: damaged.folder.url)
    } throws: { error in
      if case .corruptDatabase = error as? StoreError { return true }
      return false
    }
  }

  @Test func theRebuildKeepsWhatReadsAndSetsTheDamagedFileAside() throws {
    let damaged = try DamagedStore()
    let imagesBefore = try damaged.folder.imageFileNames()
    let date = Date(timeIntervalSince1970: 1_800_000_000)
    let (store, rebuild) = try SentMemeStore.rebuildDamagedDatabase(in: damaged.folder.url, at: date)

    // The damaged file is beside the new one, byte for byte as it was.
    #expect(rebuild.damagedFile.lastPathComponent == "memes.sqlite.damaged-20270115-080000")
    #expect(try contents(rebuild.damagedFile) == damaged.damagedBytes)
    #expect(FileManager.default.fileExists(atPath: damaged.folder.databaseURL.path))

    // Every meme is listed again: those whose rows read with their captions, the others from
    // their pictures, without.
    let memes = try store.allMemes()
    #expect(memes.count == DamagedDatabaseTests.memeCount)
    #expect(rebuild.recoveredMemes == DamagedDatabaseTests.memeCount - damaged.lost.count)
    #expect(rebuild.repairs.rebuiltMemeIDs.count == damaged.lost.count)
    for original in damaged.memes where !damaged.lost.contains(original.id) {
      let kept = try #require(try store.meme(id: original.id), "meme \(original.id)")
      #expect(kept.top == original.top && kept.bottom == original.bottom)
      #expect(kept.renderedImageURL == original.renderedImageURL)
    }
    let lostFiles = Set(
      damaged.memes.filter { damaged.lost.contains($0.id) }.map(\.renderedImageURL.lastPathComponent))
    let rebuilt = memes.filter { rebuild.repairs.rebuiltMemeIDs.contains($0.id) }
    #expect(Set(rebuilt.map(\.renderedImageURL.lastPathComponent)) == lostFiles)
    #expect(rebuilt.allSatisfy { $0.top.isEmpty && $0.hasAllFiles })
    // No picture was moved or removed, and the new store passes its check and searches.
    #expect(try damaged.folder.imageFileNames() == imagesBefore)
    #expect(rebuild.repairs.filesSetAside.isEmpty)
    let reopened = try SentMemeStore(directory: damaged.folder.url)
    #expect(try reopened.allMemes().count == DamagedDatabaseTests.memeCount)
    #expect(try reopened.memeIDs(matching: "Top").count == rebuild.recoveredMemes)
  }

  /// A rebuild never replaces a file already under the damaged file's name.
  @Test func aSecondRebuildTheSameSecondKeepsBothDamagedFiles() throws {
    let damaged = try DamagedStore()
    let date = Date(timeIntervalSince1970: 1_800_000_000)
    let taken = damaged.folder.file("memes.sqlite.damaged-20270115-080000")
    try Data("earlier".utf8).write(to: taken)
    let (_, rebuild) = try SentMemeStore.rebuildDamagedDatabase(in: damaged.folder.url, at: date)
    #expect(rebuild.damagedFile.lastPathComponent == "memes.sqlite.damaged-20270115-080000-2")
    #expect(try contents(taken) == Data("earlier".utf8))
    #expect(try contents(rebuild.damagedFile) == damaged.damagedBytes)
  }
}
