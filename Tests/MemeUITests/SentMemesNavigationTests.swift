// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import DiskTestSupport
import Foundation
import GtkKit
import GtkTestSupport
import MemeCore
import MemeEditing
import MemeStore
import Testing

@testable import MemeUI

/// Launch and navigation: which window shows when, and sharing from the editor into Sent Memes.
@Suite(.serialized) struct SentMemesNavigationTests {
  @Test func launchWithoutMemesShowsTheEditor() throws {
    try DisplayHarness.requireDisplay()
    let (folder, _) = try SentMemesHarness.makeStoreFolder()
    let app = SentMemesHarness.launch(storeFolder: folder)
    defer { SentMemesHarness.close(app) }
    #expect(SentMemesHarness.isVisible(app.editor?.window))
    #expect(SentMemesHarness.sentMemes(of: app) == nil)
  }

  @Test func launchWithMemesShowsSentMemes() throws {
    try SentMemesHarness.withSentMemes(memes: 2) { app, window, memes in
      #expect(SentMemesHarness.isVisible(window.window))
      #expect(app.editor == nil)
      #expect(String(cString: gtk_window_get_title(gtkkit_window(window.window))) == "Sent Memes")
      #expect(window.memes.list.ids == memes.map(\.id))
    }
  }

  @Test func sharedMemeAppearsInListAndGrid() throws {
    try DisplayHarness.requireDisplay()
    let (folder, _) = try SentMemesHarness.makeStoreFolder()
    let app = SentMemesHarness.launch(storeFolder: folder)
    defer { SentMemesHarness.close(app) }
    let editor = try #require(app.editor)
    let picture = Fixtures.picture(width: 900, height: 600, name: "share-to-sent.png")
    #expect(EditorHarness.load(picture, into: editor))
    EditorHarness.type(top: "Shared from", bottom: "the editor", into: editor)

    #expect(SentMemesHarness.shareByCopying(editor, in: app, expecting: 1))
    #expect(
      MainContext.iterate(maxIterations: SentMemesHarness.backgroundWorkBound) { app.editor == nil },
      "the editor closes once the share completed")
    let window = try #require(SentMemesHarness.sentMemes(of: app))
    SentMemesHarness.waitForThumbnails(window)

    let row = try #require(window.listFactory.boundCells.first { $0.memeID != nil })
    #expect(row.topText == "Shared from")
    #expect(row.bottomText == "the editor")
    #expect(row.timeText.hasPrefix("Today"))
    #expect(row.thumbnail.showsThumbnail)
    // The List's rows go when the Grid is shown: remember which meme the row showed.
    let sharedID = try #require(row.memeID)

    SentMemesHarness.activate(SentMemesAction.showGrid.name, in: window.window)
    SentMemesHarness.settle(app)
    #expect(window.currentTab == .grid)
    SentMemesHarness.waitForThumbnails(window)
    let tile = try #require(window.gridFactory.boundCells.first { $0.memeID != nil })
    #expect(tile.memeID == sharedID)
    #expect(tile.thumbnail.showsThumbnail)
    Screenshot.save(window.window, named: "sent-memes-after-share-grid")

    // It is in the store, with its files.
    let stored = try SentMemeStore(directory: folder).allMemes()
    #expect(stored.map(\.top) == ["Shared from"])
    #expect(stored.first?.hasAllFiles == true)
  }

  @Test func editChangeBottomAndShareMakesASecondEntry() throws {
    try DisplayHarness.requireDisplay()
    let (folder, memes) = try SentMemesHarness.makeStoreFolder(memes: 1)
    let app = SentMemesHarness.launch(storeFolder: folder)
    defer { SentMemesHarness.close(app) }
    let window = try #require(SentMemesHarness.sentMemes(of: app))
    let editor = try #require(SentMemesHarness.editSelectedMeme(in: app))
    #expect(SentMemesHarness.isVisible(editor.window))
    #expect(editor.canvas.fields.topEntry.text == "Top 1")
    #expect(editor.canvas.fields.bottomEntry.text == "Bottom 1")
    #expect(editor.document.image?.width == 640, "the original picture, not the rendered meme")
    #expect(MainContext.iterate { app.sentMemes?.detailWindow == nil }, "the detail closes")

    gtk_editable_set_text(gtkkit_editable(editor.canvas.fields.bottomEntry.widget), "A new ending")
    #expect(SentMemesHarness.shareByCopying(editor, in: app, expecting: 2))
    let list = window.memes.list
    #expect(list.meme(at: 0)?.bottom == "A new ending")
    #expect(list.meme(at: 0)?.top == "Top 1")
    #expect(list.meme(at: 1)?.id == memes[0].id, "the original entry is kept")
    #expect(list.meme(at: 1)?.bottom == "Bottom 1")
    #expect(try SentMemeStore(directory: folder).count() == 2)
  }

  @Test func openingAFileShowsTheEditorInPlaceOfSentMemes() throws {
    try SentMemesHarness.withSentMemes(memes: 1) { app, window, _ in
      let picture = Fixtures.picture(width: 800, height: 600, name: "opened-from-files.png")
      // What `mememe photo.png` does in the running instance.
      SentMemesHarness.open(picture, in: app)
      let editor = try #require(app.editor)
      #expect(
        MainContext.iterate(maxIterations: SentMemesHarness.backgroundWorkBound) {
          editor.document.image != nil
        })
      #expect(SentMemesHarness.isVisible(editor.window))
      #expect(!SentMemesHarness.isVisible(window.window))
    }
  }

  @Test func cancelInTheEditorReturnsToSentMemes() throws {
    try SentMemesHarness.withSentMemes(memes: 1) { app, window, _ in
      SentMemesHarness.activate(SentMemesAction.add.name, in: window.window)
      let editor = try #require(app.editor)
      #expect(SentMemesHarness.isVisible(editor.window))
      #expect(!SentMemesHarness.isVisible(window.window), "Sent Memes steps aside for the editor")
      #expect(editor.document.image == nil, "Add opens an empty editor")

      editor.actions.action(named: EditorAction.cancel.name)?.activate()
      #expect(MainContext.iterate { app.editor == nil && SentMemesHarness.isVisible(window.window) })
    }
  }

  @Test func anUnusableStoreIsReportedAndTheEditorStillWorks() throws {
    try DisplayHarness.requireDisplay()
    // A file where the store's folder should be: the store cannot be created there.
    let blocker = ScratchFolder.unique("not-a-folder")
    try Data("x".utf8).write(to: blocker)
    let app = SentMemesHarness.launch(storeFolder: blocker.appendingPathComponent("store"))
    defer { SentMemesHarness.close(app) }
    #expect(app.sentMemes == nil)
    #expect(SentMemesHarness.isVisible(app.editor?.window))
    let dialog = try #require(SentMemesHarness.toplevel(named: "message-dialog"), "the problem is shown")
    defer { gtk_window_destroy(gtkkit_window(dialog)) }
    #expect(SentMemesHarness.isVisible(dialog))
    #expect(app.sink is InMemorySentMemes)
  }

  @Test func memesRebuiltAfterTheDatabaseWasLostAreReported() throws {
    try DisplayHarness.requireDisplay()
    let (folder, memes) = try SentMemesHarness.makeStoreFolder(memes: 2)
    for suffix in ["", "-wal", "-shm"] {
      try? FileManager.default.removeItem(
        at: folder.appendingPathComponent(SentMemeStore.databaseFileName + suffix))
    }

    let app = SentMemesHarness.launch(storeFolder: folder)
    defer { SentMemesHarness.close(app) }

    // The repair runs after the first frame, off the main thread: the launch does not wait for it.
    #expect(MainContext.iterate { SentMemesHarness.toplevel(named: "message-dialog") != nil })
    let dialog = try #require(SentMemesHarness.toplevel(named: "message-dialog"), "the repair is told")
    let library = try #require(app.sentMemes?.memes)
    #expect(library.list.count == memes.count, "the rebuilt memes are listed")
    let window = try #require(app.sentMemes?.showSentMemes())
    #expect(window.memes.list.count == memes.count)
    defer { gtk_window_destroy(gtkkit_window(dialog)) }
    #expect(SentMemesHarness.isVisible(dialog))
    let message = try #require(MessageDialog(dialog))
    let detail = message.body
    #expect(message.heading == "Sent Memes were repaired")
    #expect(detail.contains("rebuilt from their pictures") && detail.contains(": 2."), "\(detail)")
  }

  /// A file only a check of the whole database finds damaged: the memes show at once, then the check
  /// after the first frame reports the damage and offers to rebuild Sent Memes; until the user
  /// agrees, nothing is written.
  @Test func damageFoundByTheCheckAfterTheFirstFrameIsReportedAndLeftUntouched() throws {
    try DisplayHarness.requireDisplay()
    let (folder, memes) = try SentMemesHarness.makeStoreFolder(memes: 2)
    let database = folder.appendingPathComponent(SentMemeStore.databaseFileName)
    for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: database.path + suffix) }
    // The header's count of free pages, trusted only when a write allocates pages.
    var damaged = try Data(contentsOf: database)
    damaged.replaceSubrange(36..<40, with: [0, 0, 0, 7])
    try damaged.write(to: database)

    let app = SentMemesHarness.launch(storeFolder: folder)
    defer { SentMemesHarness.close(app) }

    let library = try #require(app.sentMemes?.memes, "the memes are listed before the check")
    #expect(library.list.ids == memes.map(\.id))
    let name = DamagedStoreQuestion.dialogName
    #expect(MainContext.iterate { SentMemesHarness.toplevel(named: name) != nil })
    let dialog = try #require(
      SentMemesHarness.toplevel(named: name).flatMap { MessageDialog($0) }, "the damage is told")
    #expect(dialog.heading == "Sent Memes are damaged")
    #expect(library.hasFailedCheck, "shared memes are no longer kept")
    #expect(try Data(contentsOf: database) == damaged)
    dialog.respond(DamagedStoreQuestion.Answer.notNow.rawValue)
    SentMemesHarness.settle(app)
    #expect(try Data(contentsOf: database) == damaged, "Not Now leaves it as it was")
  }
}
