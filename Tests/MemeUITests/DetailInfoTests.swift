// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import GtkTestSupport
import MemeCore
import MemeStore
import Testing

@testable import MemeUI

/// Meme Detail shows the meme's description, lets it be copied and edited (Sent Memes keeps the
/// edit), and shows where Save As last wrote the meme, with Show in Folder, which says so when
/// nothing can show the folder.
@Suite(.serialized) struct DetailInfoTests {
  private func label(_ name: String, in detail: DetailWindow) throws -> Label {
    Label(wrapping: try #require(WidgetTree.descendant(of: detail.window, named: name)))
  }

  @Test func theDescriptionIsShownCopiedAndEdited() throws {
    try SentMemesHarness.withSentMemes(memes: 1) { app, window, memes in
      let detail = try DetailSendReadyTests.openDetail(memes[0], in: app, window: window)
      let description = try label("detail-description", in: detail)
      #expect(description.text == "Top 1\nBottom 1", "the default: its text in reading order")
      #expect(description.wrapsText && description.isSelectable)
      #expect(description.widget.isMapped)
      // Under the picture, not over it.
      let picture = try #require(WidgetTree.bounds(of: detail.picture, in: detail.window))
      let shown = try #require(WidgetTree.bounds(of: description.widget, in: detail.window))
      #expect(shown.y >= picture.y + picture.height, "\(shown) below \(picture)")

      let copy = try #require(WidgetTree.descendant(of: detail.window, named: "copy-description-button"))
      // A button's activation clicks it after its pressed look has shown (a GTK timer).
      #expect(gtk_widget_activate(copy) != 0)
      #expect(MainContext.iterate { detail.toasts.shownToast != nil })
      #expect(SendReadyWindowTests.clipboardText(of: detail.window) == "Top 1\nBottom 1")

      let edit = try #require(WidgetTree.descendant(of: detail.window, named: "edit-description-button"))
      #expect(gtk_widget_activate(edit) != 0)
      #expect(MainContext.iterate { EditorWindowTests.toplevel(named: "description-dialog") != nil })
      let dialogWidget = try #require(EditorWindowTests.toplevel(named: "description-dialog"))
      let dialog = try #require(MessageDialog(dialogWidget))
      let field = try #require(WidgetTree.descendant(of: dialog.widget, named: "description-field"))
      #expect(TextView(wrapping: field).text.isEmpty, "nothing written yet")
      let hint = try #require(WidgetTree.descendant(of: dialog.widget, named: "description-placeholder"))
      #expect(Label(wrapping: hint).text == "Top 1\nBottom 1")
      let written =
        "Two lines of text on a grey picture.\nThe second one is longer, and it wraps in the window."
      TextView(wrapping: field).text = written
      dialog.respond("save")
      MainContext.drain()
      #expect(description.text == written)
      DetailSendReadyTests.waitForToast(in: detail, saying: "Description saved")
      #expect(detail.toasts.shownToast?.title == "Description saved")
      // Kept: in the store, in the list's copy, and what Copy Description gives now.
      #expect(app.sentMemes?.memes.storedMeme(id: memes[0].id)?.customDescription == written)
      #expect(app.sentMemes?.memes.list.meme(id: memes[0].id)?.customDescription == written)
      SentMemesHarness.activate(ShareTarget.copyDescription.name, in: detail.window)
      #expect(SendReadyWindowTests.clipboardText(of: detail.window) == written)
      #expect(
        try #require(WidgetTree.descendant(of: detail.window, named: "detail-saved-row")).isVisible == false)
    }
  }

  @Test func saveAsIsRememberedAndShowInFolderAsksTheFileManager() throws {
    try DisplayHarness.requireDisplay()
    let fileManager = try FakeFileManager()
    defer { fileManager.stop() }
    try SentMemesHarness.withSentMemes(memes: 1) { app, window, memes in
      let detail = try DetailSendReadyTests.openDetail(memes[0], in: app, window: window)
      let row = try #require(WidgetTree.descendant(of: detail.window, named: "detail-saved-row"))
      #expect(!row.isVisible, "never saved to a file")
      #expect(detail.actions.action(named: DetailAction.showInFolder.name)?.isEnabled == false)

      let folder = Fixtures.folder.appendingPathComponent("detail saved \(UUID().uuidString)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      let output = folder.appendingPathComponent("kept & found.png")
      detail.filePicker = { _, completion in completion(output) }
      SentMemesHarness.activate(ShareTarget.saveAs.name, in: detail.window)
      #expect(MainContext.iterate { row.isVisible })
      #expect(
        try label("detail-saved-file", in: detail).text
          == "Saved as kept & found.png in \(DetailInfo.folderName(of: folder))")
      #expect(app.sentMemes?.memes.storedMeme(id: memes[0].id)?.savedFileURL == output)
      SentMemesHarness.settle(app)
      Screenshot.save(detail.window, named: "detail-description-and-saved-file")

      let show = try #require(WidgetTree.descendant(of: detail.window, named: "show-in-folder-button"))
      #expect(gtk_widget_activate(show) != 0)
      let call = try #require(fileManager.waitForCall())
      #expect(call.method == "ShowItems")
      #expect(call.uris == [ShowInFolder.uri(of: output)])
      MainContext.iterate(maxIterations: 50) { false }
      #expect(detail.toasts.shownToast?.title != "No file manager could show the folder")
    }
  }

  /// No FileManager1 on the test's bus, and a file the portal cannot open (it was moved away):
  /// the toast says so.
  @Test func showInFolderSaysSoWhenNoFileManagerAnswers() throws {
    try DisplayHarness.requireDisplay()
    let (folder, memes) = try SentMemesHarness.makeStoreFolder(memes: 1)
    let gone = Fixtures.folder.appendingPathComponent("moved-away-\(UUID().uuidString)/meme.png")
    try SentMemeStore(directory: folder).recordSavedFile(gone, ofMemeWithID: memes[0].id)
    let app = SentMemesHarness.launch(storeFolder: folder)
    defer { SentMemesHarness.close(app) }
    let window = try #require(SentMemesHarness.sentMemes(of: app))
    let detail = try DetailSendReadyTests.openDetail(memes[0], in: app, window: window)
    #expect(try label("detail-saved-file", in: detail).text.hasPrefix("Saved as meme.png in "))
    SentMemesHarness.activate(DetailAction.showInFolder.name, in: detail.window)
    #expect(
      MainContext.iterate(maxIterations: 3000) {
        detail.toasts.shownToast?.title == "No file manager could show the folder"
      })
    #expect(SentMemesHarness.toplevel(named: "message-dialog") == nil, "a toast, not a dialog")
  }

  /// A meme with a hidden area says so in one line, and what Meme Detail shares hides the area: Save
  /// As writes blocks of one colour there, the rest as sent. A meme without one has no such line.
  @Test func aMemeWithAHiddenAreaSaysSoAndItsSharesHideIt() throws {
    let area = HiddenArea(frame: RelativeRect(x: 0.25, y: 0.25, width: 0.5, height: 0.25))
    let picture = Fixtures.picture(width: 640, height: 480, name: "detail-hidden.png")
    let samples = [
      (picture, MemeCaptions(top: "", bottom: "", layers: [.hidden(area)])),
      (picture, MemeCaptions(top: "nothing hidden", bottom: "")),
    ]
    try SentMemesHarness.withSentMemes(samples) { app, window, memes in
      // Newest first: the meme with nothing hidden, then the one with the area.
      let plain = try DetailSendReadyTests.openDetail(memes[0], in: app, window: window)
      #expect(
        try #require(WidgetTree.descendant(of: plain.window, named: "detail-hidden-note")).isVisible == false)
      let detail = try DetailSendReadyTests.openDetail(memes[1], in: app, window: window)
      let note = try label("detail-hidden-note", in: detail)
      #expect(note.widget.isMapped)
      #expect(
        note.text == "Hidden areas are hidden in every share; the original picture is kept for editing.")

      let output = Fixtures.folder.appendingPathComponent("detail-hidden-\(UUID().uuidString).png")
      defer { try? FileManager.default.removeItem(at: output) }
      detail.filePicker = { _, completion in completion(output) }
      SentMemesHarness.activate(ShareTarget.saveAs.name, in: detail.window)
      #expect(MainContext.iterate { FileManager.default.fileExists(atPath: output.path) })
      let shared = try ImageLoader().load(contentsOf: output)
      let original = try ImageLoader().load(contentsOf: picture)
      let rect = area.pixelRect(pictureWidth: 640, pictureHeight: 480)
      let side = area.blockSide(forHeight: rect.height)
      let firstBlock = ImageRect(x: rect.x, y: rect.y, width: side, height: side)
      #expect(HiddenAreaHarness.colours(in: firstBlock, of: shared).count == 1, "the block is one colour")
      #expect(
        HiddenAreaHarness.colours(in: firstBlock, of: original).count > 1, "the picture had detail there")
      let outside = ImageRect(x: 0, y: 0, width: 640, height: rect.y)
      #expect(
        HiddenAreaHarness.colours(in: outside, of: shared)
          == HiddenAreaHarness.colours(in: outside, of: original))
    }
  }
}
