// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GRDB
import GtkKit
import GtkTestSupport
import MemeStore
import Testing

@testable import MemeUI

/// A store whose database has a damaged page, launched as the app: instead of only saying that Sent
/// Memes are not available, the app offers to rebuild them, touches nothing until told, and then
/// shows the memes again with the damaged file kept beside the new one.
@Suite(.serialized) struct DamagedStoreTests {
  /// A store of three memes whose table page (the one holding their rows) is overwritten.
  struct DamagedStore {
    let folder: URL
    let database: URL
    let damagedBytes: Data

    init() throws {
      folder = try SentMemesHarness.makeStoreFolder(memes: 3).folder
      database = folder.appendingPathComponent(SentMemeStore.databaseFileName)
      let queue = try DatabaseQueue(path: database.path)
      try queue.writeWithoutTransaction { try $0.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
      try queue.close()
      for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: database.path + suffix) }
      var bytes = try Data(contentsOf: database)
      let pageSize = Int(bytes[16]) << 8 | Int(bytes[17])
      let names = try FileManager.default.contentsOfDirectory(
        atPath: folder.appendingPathComponent(SentMemeStore.imagesFolderName).path)
      let rendered = try #require(names.first)
      let found = try #require(bytes.range(of: Data(rendered.utf8)), "a row names \(rendered)")
      let page = found.lowerBound / pageSize
      #expect(page > 0)
      bytes.replaceSubrange(
        page * pageSize..<(page + 1) * pageSize, with: Data(repeating: 0xFF, count: pageSize))
      try bytes.write(to: database)
      damagedBytes = bytes
    }

    /// The store folder's entries other than the lock and the files SQLite keeps beside a database
    /// it reads (its log and shared memory).
    func entries() throws -> [String] {
      try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
        $0 != "memes.lock" && !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm")
      }.sorted()
    }
  }

  static func question() -> UnsafeMutablePointer<GtkWidget>? {
    SentMemesHarness.toplevel(named: DamagedStoreQuestion.dialogName)
  }

  @Test func theAppOffersToRebuildAndKeepsTheDamagedFile() throws {
    try DisplayHarness.requireDisplay()
    let damaged = try DamagedStore()
    let before = try damaged.entries()

    let app = SentMemesHarness.launch(storeFolder: damaged.folder)
    defer { SentMemesHarness.close(app) }
    #expect(MainContext.iterate(maxIterations: 3000) { Self.question() != nil }, "the offer is made")
    let dialog = try #require(Self.question().flatMap { MessageDialog($0) })
    #expect(dialog.heading == "Sent Memes are damaged")
    #expect(dialog.body.contains(damaged.database.path), "\(dialog.body)")
    #expect(dialog.label(ofResponse: DamagedStoreQuestion.Answer.rebuild.rawValue) == "_Rebuild Sent Memes")
    #expect(dialog.appearance(ofResponse: DamagedStoreQuestion.Answer.rebuild.rawValue) == .suggested)
    let notNow = DamagedStoreQuestion.Answer.notNow.rawValue
    #expect(dialog.defaultResponse == notNow && dialog.closeResponse == notNow)
    // Nothing is changed before the answer.
    #expect(try Data(contentsOf: damaged.database) == damaged.damagedBytes)
    #expect(try damaged.entries() == before)

    dialog.respond(DamagedStoreQuestion.Answer.rebuild.rawValue)
    #expect(
      MainContext.iterate(maxIterations: 6000) {
        app.sentMemes?.memes.list.count == 3
          && SentMemesHarness.isVisible(SentMemesHarness.sentMemes(of: app)?.window)
      }, "Sent Memes show the three memes again")
    #expect(MainContext.iterate { SentMemesHarness.toplevel(named: "message-dialog") != nil })
    let told = try #require(SentMemesHarness.toplevel(named: "message-dialog").flatMap { MessageDialog($0) })
    #expect(told.heading == "Sent Memes were rebuilt")
    let aside = try #require(try damaged.entries().first { $0.hasPrefix("memes.sqlite.damaged-") })
    #expect(told.body.contains(aside), "\(told.body)")
    #expect(try Data(contentsOf: damaged.folder.appendingPathComponent(aside)) == damaged.damagedBytes)
    told.respond(MessageDialog.okResponse)
    // The thumbnails Sent Memes asked for arrive before the app is closed.
    SentMemesHarness.settle(app)
    #expect(try SentMemeStore(directory: damaged.folder).count() == 3)
  }

  @Test func notNowLeavesTheStoreAsItWas() throws {
    try DisplayHarness.requireDisplay()
    let damaged = try DamagedStore()
    let before = try damaged.entries()
    let app = SentMemesHarness.launch(storeFolder: damaged.folder)
    defer { SentMemesHarness.close(app) }
    #expect(MainContext.iterate(maxIterations: 3000) { Self.question() != nil })
    let dialog = try #require(Self.question().flatMap { MessageDialog($0) })
    dialog.respond(DamagedStoreQuestion.Answer.notNow.rawValue)
    SentMemesHarness.settle(app)
    #expect(Self.question() == nil)
    #expect(try Data(contentsOf: damaged.database) == damaged.damagedBytes)
    #expect(try damaged.entries() == before)
  }
}
