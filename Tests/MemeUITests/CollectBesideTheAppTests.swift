// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import GtkTestSupport
import MemeCore
import MemeEditing
import MemeStore
import Testing

@testable import MemeUI

/// `mememe collect` beside the running app: the command writes to the store as another process
/// does, then tells the app over D-Bus (`app.sent-memes-changed`), which shows the new memes at
/// once and reads the words of those the command did not.
@Suite(.serialized) struct CollectBesideTheAppTests {
  @Test func memesCollectedByAnotherProcessShowAtOnceAndAreRead() throws {
    let hello = try ReceivedMemesHarness.renderedMeme(top: "HELLO WORLD", bottom: "", name: "beside")
    try DisplayHarness.requireDisplay()
    let (folder, own) = try SentMemesHarness.makeStoreFolder(memes: 1)
    let app = SentMemesHarness.launch(storeFolder: folder)
    defer { SentMemesHarness.close(app) }
    let window = try #require(SentMemesHarness.sentMemes(of: app))

    // A second store on the same folder writes as the command's process does, without reading.
    let command = try SentMemeStore(directory: folder)
    let added = try command.save(try MemeCollector.draft(collecting: hello).get())
    SentMemesHarness.settle(app)
    #expect(window.memes.list.ids == own.map(\.id), "the app cannot know of it by itself")

    // The command's call, from a thread of its own: a call waiting on the main thread would hold the
    // loop that answers it.
    let id = String(cString: g_application_get_application_id(app.application.gApplication))
    let told = Locked<Bool?>(nil)
    Thread { told.withLock { $0 = SentMemesOutsideChanges.announce(applicationID: id) } }.start()
    #expect(
      MainContext.iterate(maxIterations: SentMemesHarness.backgroundWorkBound) { told.withLock { $0 } != nil }
    )
    #expect(told.withLock { $0 } == true, "the running app answered")
    #expect(
      MainContext.iterate { window.memes.list.ids == [added.id] + own.map(\.id) }, "the new meme is on top")
    let read = try #require(ReceivedMemesHarness.waitForReading(of: added.id, in: app))
    #expect(read.textInPicture.text?.uppercased().contains("HELLO") == true, "\(read.textInPicture)")

    // No app of that id: nothing is told, and nothing is started.
    #expect(!SentMemesOutsideChanges.announce(applicationID: "io.github.mememe.NotRunning.p\(getpid())"))
  }
}
