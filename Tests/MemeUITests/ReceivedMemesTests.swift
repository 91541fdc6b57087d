// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import DiskTestSupport
import Foundation
import GtkKit
import GtkTestSupport
import MemeCore
import MemeStore
import PictureFixtures
import Testing

@testable import MemeUI

/// Received memes in Sent Memes: collected by drop, paste and the Collect chooser, marked in the
/// List and the Grid, their words read in the background for search and their description, shown
/// alone or hidden by the View choice, and read again from Meme Detail.
@Suite(.serialized) struct ReceivedMemesTests {
  /// A store with one meme of the user's own, "Monday mood".
  private static var ownMeme: [(picture: URL, captions: MemeCaptions)] {
    [
      (
        Fixtures.picture(width: 640, height: 480, name: "own-meme.png"),
        MemeCaptions(top: "Monday mood", bottom: "")
      )
    ]
  }

  @Test func aDroppedMemeIsCollectedMarkedReadAndFound() throws {
    let hello = try ReceivedMemesHarness.renderedMeme(top: "HELLO WORLD", bottom: "FUNNY CATS", name: "hello")
    try DisplayHarness.requireDisplay()
    let (folder, own) = try SentMemesHarness.makeStoreFolder(memes: Self.ownMeme)
    var app = SentMemesHarness.launch(storeFolder: folder)
    var window = try #require(SentMemesHarness.sentMemes(of: app))

    var taken = false
    ReceivedMemesHarness.withDroppedFile(hello) { taken = window.collecting.drop($0) }
    #expect(taken, "a dropped picture file is taken")
    #expect(ReceivedMemesHarness.waitForCollected(window, count: 2), "the dropped file is collected")
    let collected = try #require(window.memes.list.meme(at: 0), "at the top of the list")
    #expect(collected.isReceived)
    #expect(window.memes.list.ids == [collected.id, own[0].id])
    #expect(window.toasts.shownToast?.title == "Added 1 received meme", "a toast says what was added")

    // Marked in the List, and in the Grid.
    SentMemesHarness.settle(app)
    let row = try #require(window.listFactory.boundCells.first { $0.memeID == collected.id })
    #expect(row.receivedLabel.widget.isVisible, "the row says Received")
    let ownRow = try #require(window.listFactory.boundCells.first { $0.memeID == own[0].id })
    #expect(!ownRow.receivedLabel.widget.isVisible)

    // Its words are read in the background, then kept as its text and found by search.
    let read = try #require(ReceivedMemesHarness.waitForReading(of: collected.id, in: app))
    let words = ReceivedMemesHarness.words(of: read.textInPicture)
    #expect(words.isSuperset(of: ["HELLO", "WORLD"]), "the caption was read: \(read.textInPicture)")
    #expect(read.resolvedDescription.uppercased().contains("HELLO"), "its description is its text")
    #expect(try window.memes.store.memeIDs(matching: "hello") == [collected.id])
    #expect(MainContext.iterate { row.topText.uppercased().contains("HELLO") }, "the row shows the read text")
    #expect(read.accessibleName.hasPrefix("Received: "))
    #expect(read.accessibleName.uppercased().contains("HELLO"), "named by its text: \(read.accessibleName)")

    window.currentTab = .grid
    SentMemesHarness.settle(app)
    #expect(
      MainContext.iterate {
        window.boundGridTiles.first { $0.memeID == collected.id }?.receivedEmblem.widget.isVisible == true
      }, "the tile has the received emblem")
    SentMemesHarness.waitForThumbnails(window)
    Screenshot.save(window.window, named: "received-grid")
    window.currentTab = .list
    SentMemesHarness.settle(app)
    SentMemesHarness.waitForThumbnails(window)
    Screenshot.save(window.window, named: "received-list")

    // A restart keeps the mark, the text and the description.
    SentMemesHarness.close(app)
    app = SentMemesHarness.launch(storeFolder: folder)
    defer { SentMemesHarness.close(app) }
    window = try #require(SentMemesHarness.sentMemes(of: app))
    let kept = try #require(window.memes.list.meme(at: 0))
    #expect(kept.id == collected.id && kept.isReceived)
    #expect(kept.textInPicture == read.textInPicture)
    #expect(kept.resolvedDescription == read.resolvedDescription)
    SentMemesHarness.settle(app)
    #expect(
      window.listFactory.boundCells.first { $0.memeID == kept.id }?.receivedLabel.widget.isVisible == true)
  }

  @Test func pastedFilesAndPicturesAreCollected() throws {
    let hello = try ReceivedMemesHarness.renderedMeme(top: "PASTE TIME", bottom: "", name: "pasted")
    try SentMemesHarness.withSentMemes(Self.ownMeme) { app, window, _ in
      // A file copied in a file manager.
      let bytes = try Data(contentsOf: hello)
      #expect(
        Clipboard(for: window.window).setFile(hello, encoded: bytes, mimeType: "image/png", firstFrame: nil))
      SentMemesHarness.activate(SentMemesAction.paste.name, in: window.window)
      #expect(ReceivedMemesHarness.waitForCollected(window, count: 2), "the pasted file is collected")
      // A picture copied in another program (bytes, no file).
      let picture = try ImageWriter.encode(TestPictures.gradient(width: 320, height: 240), as: .png)
      #expect(Clipboard(for: window.window).setImage(encoded: picture))
      SentMemesHarness.activate(SentMemesAction.paste.name, in: window.window)
      #expect(ReceivedMemesHarness.waitForCollected(window, count: 3), "the pasted picture is collected")
      let memes = [0, 1].compactMap { window.memes.list.meme(at: $0) }
      try #require(memes.count == 2)
      #expect(memes.allSatisfy { $0.isReceived })
      let pastedFile = memes[1]
      let read = try #require(ReceivedMemesHarness.waitForReading(of: pastedFile.id, in: app))
      #expect(ReceivedMemesHarness.words(of: read.textInPicture).contains("PASTE"), "\(read.textInPicture)")
      #expect(try window.memes.store.memeIDs(matching: "paste") == [pastedFile.id])
      _ = ReceivedMemesHarness.waitForReading(of: memes[0].id, in: app)
    }
  }

  @Test func aPhotoWithNoTextRecordsNothingFound() throws {
    let photo = try ReceivedMemesHarness.photo(name: "nothing-to-read")
    let notAPicture = ScratchFolder.unique("received").appendingPathComponent("notes.txt")
    try FileManager.default.createDirectory(
      at: notAPicture.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data("just words".utf8).write(to: notAPicture)
    try SentMemesHarness.withSentMemes(Self.ownMeme) { app, window, _ in
      // Collect, with the chooser answered: a file that cannot be added is named, the other added.
      window.collecting.chooseFiles = { completion in completion([photo, notAPicture]) }
      SentMemesHarness.activate(SentMemesAction.collect.name, in: window.window)
      #expect(ReceivedMemesHarness.waitForCollected(window, count: 2))
      #expect(
        MainContext.iterate {
          ErrorDialog.shown(over: window.window)?.title == "Could not add the file to Sent Memes"
        },
        "the file that is no picture is named")
      #expect(ErrorDialog.shown(over: window.window)?.detail.hasPrefix("notes.txt: ") == true)
      if let dialog = SentMemesHarness.toplevel(named: "message-dialog") {
        gtk_window_destroy(gtkkit_window(dialog))
      }
      let collected = try #require(window.memes.list.meme(at: 0))
      let read = try #require(ReceivedMemesHarness.waitForReading(of: collected.id, in: app))
      #expect(read.textInPicture == .nothingFound)
      #expect(try window.memes.store.memeIDs(matching: "nothing") == [])
      #expect(read.accessibleName == "Received: Meme without captions")
    }
  }

  @Test func theViewChoiceShowsReceivedMemesAloneOrHidesThemAndIsRemembered() throws {
    try DisplayHarness.requireDisplay()
    let photo = try ReceivedMemesHarness.photo(name: "view-choice")
    let backend = SettingsBackend.inMemory()
    let (folder, own) = try SentMemesHarness.makeStoreFolder(memes: Self.ownMeme)
    var app = SentMemesHarness.launch(storeFolder: folder, preferences: .load(backend: backend))
    var window = try #require(SentMemesHarness.sentMemes(of: app))
    window.collecting.collect([.file(photo)])
    #expect(ReceivedMemesHarness.waitForCollected(window, count: 2))
    let received = try #require(window.memes.list.meme(at: 0)).id
    let choice = try #require(window.actions.action(named: ReceivedFilterChoice.actionName))

    choice.activate(choosing: "receivedOnly")
    #expect(window.memes.list.ids == [received])
    choice.activate(choosing: "sentOnly")
    #expect(window.memes.list.ids == [own[0].id])
    // The search honours it too.
    window.memes.search("monday")
    #expect(window.memes.list.ids == [own[0].id])
    window.memes.search("")
    choice.activate(choosing: "receivedOnly")
    window.memes.search("monday")
    #expect(window.memes.list.ids == [], "the user's own meme is not among received ones")
    window.memes.search("")

    // Remembered at the next launch.
    SentMemesHarness.close(app)
    app = SentMemesHarness.launch(storeFolder: folder, preferences: .load(backend: backend))
    window = try #require(SentMemesHarness.sentMemes(of: app))
    #expect(window.memes.list.ids == [received], "Received Only is remembered")

    // Hidden, with nothing else: the empty state says so.
    window.select(id: received)
    SentMemesHarness.activate(SentMemesAction.delete.name, in: window.window)
    #expect(window.memes.list.ids == [])
    SentMemesHarness.settle(app)
    #expect(window.states.stack.visibleChildName == "no-received")
    #expect(SentMemesHarness.labels(in: window.window).contains("No Received Memes"))
    Screenshot.save(window.window, named: "received-none")
    window.actions.action(named: ReceivedFilterChoice.actionName)?.activate(choosing: "all")
    #expect(window.memes.list.ids == [own[0].id])
    SentMemesHarness.close(app)
  }

  @Test func readTextAgainFromDetailUpdatesTheDescription() throws {
    let hello = try ReceivedMemesHarness.renderedMeme(top: "GOOD MORNING", bottom: "", name: "again")
    try SentMemesHarness.withSentMemes(Self.ownMeme) { app, window, own in
      let first = try #require(ReceivedMemesHarness.collectAndRead(hello, into: window, holding: 1, app: app))
      let id = first.id
      #expect(ReceivedMemesHarness.words(of: first.textInPicture).contains("MORNING"))

      // Forget the words, as a reader that failed the first time would have left them.
      window.memes.list.update(
        try window.memes.store.recordTextInPicture(.found("stale words"), ofMemeWithID: id))
      window.select(id: id)
      SentMemesHarness.activate(SentMemesAction.openMeme.name, in: window.window)
      let detail = try #require(app.sentMemes?.detailWindow)
      #expect(detail.meme.resolvedDescription == "stale words")
      #expect(detail.actions.action(named: DetailAction.readTextAgain.name)?.isEnabled == true)
      SentMemesHarness.activate(DetailAction.readTextAgain.name, in: detail.window)
      #expect(
        MainContext.iterate(maxIterations: SentMemesHarness.backgroundWorkBound * 3) {
          detail.meme.resolvedDescription.uppercased().contains("MORNING")
        }, "the detail shows the text read again")
      #expect(try window.memes.store.memeIDs(matching: "stale") == [])
      #expect(try window.memes.store.memeIDs(matching: "morning") == [id])
      SentMemesHarness.settle(app)
      Screenshot.save(detail.window, named: "received-detail")

      // A meme of the user's own is not read.
      SentMemesHarness.activate(DetailAction.back.name, in: detail.window)
      SentMemesHarness.settle(app)
      window.select(id: own[0].id)
      #expect(window.actions.action(named: SentMemesAction.readTextAgain.name)?.isEnabled == false)
      // The context menu of the received meme offers it; the user's own meme's leaves it out.
      window.contextMenu.show(for: id, in: .list, over: window.listView, x: 10, y: 10)
      #expect(window.actions.action(named: SentMemesAction.readTextAgain.name)?.isEnabled == true)
    }
  }

  /// What the received memes look like, light and dark, on a phone-wide window: the list, the grid
  /// and a received meme's detail (the set is in MEMEME_TEST_OUTPUT's received/ folder).
  @Test func screenshotsLightAndDarkAtPhoneWidth() throws {
    let hello = try ReceivedMemesHarness.renderedMeme(top: "HELLO WORLD", bottom: "FUNNY CATS", name: "shots")
    try SentMemesHarness.withSentMemes(Self.ownMeme) { app, window, _ in
      let id = try #require(ReceivedMemesHarness.collectAndRead(hello, into: window, holding: 1, app: app)).id
      defer { _ = SystemStyle.setColorScheme(.default) }
      gtk_window_set_default_size(gtkkit_window(window.window), 360, 640)
      for (style, scheme) in [("light", SystemStyle.Scheme.default), ("dark", .preferDark)] {
        _ = SystemStyle.setColorScheme(scheme)
        for tab in [SentMemesWindow.Tab.list, .grid] {
          window.currentTab = tab
          SentMemesHarness.settle(app)
          SentMemesHarness.waitForThumbnails(window)
          Screenshot.save(window.window, named: "received/\(tab == .list ? "list" : "grid")-\(style)-360")
        }
      }
      window.currentTab = .list
      window.select(id: id)
      SentMemesHarness.activate(SentMemesAction.openMeme.name, in: window.window)
      let detail = try #require(app.sentMemes?.detailWindow)
      for (style, scheme) in [("light", SystemStyle.Scheme.default), ("dark", .preferDark)] {
        _ = SystemStyle.setColorScheme(scheme)
        MainContext.iterate { !detail.isLoading }
        SentMemesHarness.settle(app)
        Screenshot.save(detail.window, named: "received/detail-\(style)-360")
      }
    }
  }
}
