// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import DiskTestSupport
import Foundation
import GRDB
import GtkKit
import GtkTestSupport
import MemeCore
import MemeEditing
import MemeStore
import Testing

@testable import MemeUI

/// Another program holding the store's database for writing (`BEGIN IMMEDIATE` in the sqlite3 shell,
/// a second copy of the app), for longer than the store waits: a meme shared meanwhile waits and is
/// kept once the database is free, the check after the first frame is tried again, and the user is
/// told of neither.
@Suite(.serialized) struct BusyStoreTests {
  /// Longer than the store waits for the database (`DatabaseOpener.busyTimeout`, 5 s), so that the
  /// check and the save give up at least once and must be tried again.
  static let lockSeconds = 7.0

  @Test(.mainActorHangGuard)
  func aMemeKeptWhileTheDatabaseIsBusyIsSavedOnceItIsFree() throws {
    let (folder, memes) = try SentMemesHarness.makeStoreFolder(memes: 1)
    let library = try SentMemesLibrary.open(directory: folder).get()
    var errors: [String] = []
    library.onError = { title, message in errors.append("\(title): \(message)") }
    var saved: [SentMeme] = []
    library.onSaved = { saved.append($0) }
    let holder = try WriteLockHolder(database: folder.appendingPathComponent(SentMemeStore.databaseFileName))

    library.keep(try Self.sharedMeme(top: "Kept", bottom: "while busy"))
    library.keep(try Self.sharedMeme(top: "Kept after", bottom: "it"))
    #expect(library.isSaving && !library.isEmpty)
    holder.release(after: Self.lockSeconds)

    // Bounded: a try every few seconds at most; 30 s of iterations at the most.
    #expect(MainContext.iterate(maxIterations: 3000) { !library.isSaving })
    #expect(errors.isEmpty, "\(errors)")
    #expect(saved.map(\.top) == ["Kept", "Kept after"], "in the order they were shared")
    #expect(library.list.ids == saved.reversed().map(\.id) + memes.map(\.id))
    let stored = try SentMemeStore(directory: folder).allMemes()
    #expect(stored.map(\.top) == ["Kept after", "Kept", "Top 1"])
    #expect(stored.allSatisfy { $0.hasAllFiles })
  }

  /// A meme that waits long (here: at all) is the one thing the user hears of: once, saying it is
  /// kept when the database is free, which it then is.
  @Test(.mainActorHangGuard)
  func aMemeThatWaitsLongIsToldOfOnceAndStillKept() throws {
    let (folder, _) = try SentMemesHarness.makeStoreFolder()
    let library = try SentMemesLibrary.open(directory: folder).get()
    library.busyNoticeDelay = 0
    var notices: [(title: String, message: String)] = []
    library.onError = { title, message in notices.append((title, message)) }
    let holder = try WriteLockHolder(database: folder.appendingPathComponent(SentMemeStore.databaseFileName))

    library.keep(try Self.sharedMeme(top: "Waited", bottom: "long"))
    holder.release(after: Self.lockSeconds)

    #expect(MainContext.iterate(maxIterations: 3000) { !library.isSaving })
    #expect(notices.map(\.title) == ["The meme is not in Sent Memes yet"])
    #expect(
      notices.first?.message.hasPrefix("Another program is writing to the sent memes database.") == true)
    #expect(notices.first?.message.contains("as soon as the other program is done") == true)
    #expect(try SentMemeStore(directory: folder).allMemes().map(\.top) == ["Waited"])
    #expect(library.list.count == 1)
  }

  /// The check after the first frame (`finishOpening`) finds the database busy: it is tried again
  /// until it passes, and the store is not taken for one that failed it.
  @Test(.mainActorHangGuard)
  func theCheckAfterTheFirstFrameWaitsForABusyDatabase() throws {
    let (folder, memes) = try SentMemesHarness.makeStoreFolder(memes: 1)
    let library = try SentMemesLibrary.open(directory: folder, checkingLater: true).get()
    let holder = try WriteLockHolder(database: folder.appendingPathComponent(SentMemeStore.databaseFileName))

    var checked: Result<StoreRepairs?, StoreError>?
    library.finishOpening { checked = $0 }
    holder.release(after: Self.lockSeconds)

    #expect(MainContext.iterate(maxIterations: 3000) { checked != nil })
    guard case .success = checked else {
      Issue.record("the check did not pass: \(String(describing: checked))")
      return
    }
    #expect(!library.hasFailedCheck)
    library.keep(try Self.sharedMeme(top: "Kept", bottom: "after the check"))
    #expect(MainContext.iterate { !library.isSaving })
    #expect(library.list.ids.count == 2 && library.list.ids.last == memes.first?.id)
  }

  /// The whole app launched while another program holds the database: the memes show, a meme shared
  /// from the editor is in Sent Memes' list once the database is free, and no dialog says anything.
  @Test(.mainActorHangGuard)
  func aMemeSharedWhileTheDatabaseIsBusyIsInTheListOnceItIsFree() throws {
    try DisplayHarness.requireDisplay()
    let (folder, memes) = try SentMemesHarness.makeStoreFolder(memes: 1)
    let holder = try WriteLockHolder(database: folder.appendingPathComponent(SentMemeStore.databaseFileName))
    let app = SentMemesHarness.launch(storeFolder: folder)
    defer { SentMemesHarness.close(app) }
    let library = try #require(app.sentMemes?.memes)
    #expect(library.list.ids == memes.map(\.id), "the memes are read while the database is busy")

    let window = try #require(SentMemesHarness.sentMemes(of: app))
    SentMemesHarness.activate(SentMemesAction.add.name, in: window.window)
    let editor = try #require(app.editor)
    let picture = Fixtures.picture(width: 800, height: 600, name: "shared-while-busy.png")
    #expect(EditorHarness.load(picture, into: editor))
    EditorHarness.type(top: "Shared while", bottom: "it was busy", into: editor)
    editor.actions.action(named: ShareTarget.copyImage.name)?.activate()
    #expect(MainContext.iterate { library.isSaving }, "the share completed and the meme waits")
    holder.release(after: Self.lockSeconds)

    #expect(MainContext.iterate(maxIterations: 4000) { library.list.count == 2 && !library.isSaving })
    #expect(SentMemesHarness.isVisible(window.window))
    SentMemesHarness.settle(app)
    SentMemesHarness.waitForThumbnails(window)
    let newest = try #require(library.list.ids.first)
    let row = window.listFactory.boundCells.first { $0.memeID == newest }
    #expect(row?.topText == "Shared while", "the list shows it")
    #expect(row?.thumbnail.showsThumbnail == true)
    #expect(!library.hasFailedCheck, "the check after the first frame was tried again")
    #expect(SentMemesHarness.toplevel(named: "message-dialog") == nil, "nothing to tell the user")
    #expect(try SentMemeStore(directory: folder).allMemes().map(\.top) == ["Shared while", "Top 1"])
  }

  /// A meme shared as the editor shares one (through the Share pipeline, to the caller).
  static func sharedMeme(top: String, bottom: String) throws -> SharedMeme {
    let picture = Fixtures.picture(width: 640, height: 480, name: "busy-\(UUID().uuidString).png")
    let snapshot = ShareSnapshot(
      captions: MemeCaptions(top: top, bottom: bottom), picture: try EditorImage.load(contentsOf: picture),
      transform: .identity)
    return try SharePipeline.run(snapshot, as: .png, to: .caller).get()
  }
}

/// A second connection to the store's database holding its write lock (`BEGIN IMMEDIATE`) until
/// released, as another program would.
private nonisolated final class WriteLockHolder: Sendable {
  private let queue: DatabaseQueue

  init(database: URL) throws {
    var configuration = Configuration()
    // The transaction outlives the access that begins it, on purpose.
    configuration.allowsUnsafeTransactions = true
    queue = try DatabaseQueue(path: database.path, configuration: configuration)
    try queue.writeWithoutTransaction { try $0.execute(sql: "BEGIN IMMEDIATE") }
  }

  /// Ends the transaction (nothing was written in it) `seconds` from now, on another thread.
  func release(after seconds: Double) {
    DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { self.release() }
  }

  private func release() {
    try? queue.writeWithoutTransaction { try $0.execute(sql: "ROLLBACK") }
  }

  deinit { release() }
}
