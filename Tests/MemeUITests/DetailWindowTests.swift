// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import GtkTestSupport
import MemeCore
import MemeStore
import Testing

@testable import MemeUI

/// The Meme Detail window: the rendered meme, back to the tab it came from, Delete, Save As, Copy.
@Suite(.serialized) struct DetailWindowTests {
  /// Opens the meme at `position` from `tab` through win.open-meme.
  private func openDetail(
    at position: Int, from tab: SentMemesWindow.Tab, in app: MemeMeApplication
  ) throws -> DetailWindow {
    let window = try #require(SentMemesHarness.sentMemes(of: app))
    window.currentTab = tab
    gtk_single_selection_set_selected(gtkkit_single_selection(window.selection.raw), guint(position))
    SentMemesHarness.activate(SentMemesAction.openMeme.name, in: window.window)
    let detail = try #require(app.sentMemes?.detailWindow)
    #expect(MainContext.iterate { !detail.isLoading })
    SentMemesHarness.settle(app)
    return detail
  }

  @Test func detailShowsTheRenderedMemeAndBackReturnsToTheGridTab() throws {
    try SentMemesHarness.withSentMemes(memes: 3) { app, window, memes in
      let detail = try openDetail(at: 1, from: .grid, in: app)
      #expect(detail.meme.id == memes[1].id)
      #expect(SentMemesHarness.isVisible(detail.window))
      #expect(!SentMemesHarness.isVisible(window.window))
      let rendered = try ImageLoader().load(contentsOf: memes[1].renderedImageURL)
      #expect(detail.imageSize?.width == rendered.width && detail.imageSize?.height == rendered.height)
      let back = try #require(WidgetTree.descendant(of: detail.window, named: "back-button"))
      #expect(SentMemesHarness.labels(in: back) == ["Sent Memes"])

      // The picture keeps the meme's aspect ratio, centred in the window.
      let picture = try #require(WidgetTree.bounds(of: detail.picture, in: detail.window))
      let paintable = try #require(gtk_picture_get_paintable(gtkkit_picture(detail.picture)))
      #expect(
        abs(
          gdk_paintable_get_intrinsic_aspect_ratio(paintable) - Double(rendered.width)
            / Double(rendered.height)
        ) < 0.01)
      #expect(picture.width > 0 && picture.height > 0)
      Screenshot.save(detail.window, named: "meme-detail")

      SentMemesHarness.activate(DetailAction.back.name, in: detail.window)
      #expect(MainContext.iterate { app.sentMemes?.detailWindow == nil })
      #expect(SentMemesHarness.isVisible(window.window))
      #expect(window.currentTab == .grid, "back on the tab the detail was opened from")
      #expect(window.selectedMeme?.id == memes[1].id)
    }
  }

  @Test func detailOpensWithTheThumbnailThenShowsTheRenderedMeme() throws {
    try SentMemesHarness.withSentMemes(memes: 2) { app, window, memes in
      let thumbnail = try ImageLoader().load(contentsOf: memes[0].thumbnailURL)
      let rendered = try ImageLoader().load(contentsOf: memes[0].renderedImageURL)
      try #require(thumbnail.width != rendered.width, "the two pictures can be told apart")
      @MainActor func shownWidth(_ detail: DetailWindow) -> Int32? {
        gtk_picture_get_paintable(gtkkit_picture(detail.picture)).map(gdk_paintable_get_intrinsic_width)
      }
      gtk_single_selection_set_selected(gtkkit_single_selection(window.selection.raw), 0)
      SentMemesHarness.activate(SentMemesAction.openMeme.name, in: window.window)
      let detail = try #require(app.sentMemes?.detailWindow)

      // Before the main loop has run again (so before the rendered meme can have arrived), the first
      // frame already has a picture: the thumbnail.
      #expect(detail.isLoading && detail.showsPreview)
      #expect(shownWidth(detail) == Int32(thumbnail.width))

      #expect(MainContext.iterate { !detail.isLoading })
      #expect(!detail.showsPreview)
      #expect(shownWidth(detail) == Int32(rendered.width))
    }
  }

  @Test func backReturnsToTheListTab() throws {
    try DisplayHarness.requireDisplay()
    let (folder, _) = try SentMemesHarness.makeStoreFolder(memes: 2)
    let app = SentMemesHarness.launch(storeFolder: folder)
    defer { SentMemesHarness.close(app) }
    let detail = try openDetail(at: 0, from: .list, in: app)
    let window = try #require(SentMemesHarness.sentMemes(of: app))
    window.currentTab = .grid  // whatever happened meanwhile, Back goes to where the user came from
    SentMemesHarness.activate(DetailAction.back.name, in: detail.window)
    #expect(MainContext.iterate { app.sentMemes?.detailWindow == nil })
    #expect(window.currentTab == .list)
  }

  @Test func deleteFromDetailReturnsWithTheUndoToast() throws {
    try DisplayHarness.requireDisplay()
    let (folder, memes) = try SentMemesHarness.makeStoreFolder(memes: 2)
    let app = SentMemesHarness.launch(storeFolder: folder)
    defer { SentMemesHarness.close(app) }
    let detail = try openDetail(at: 0, from: .list, in: app)
    SentMemesHarness.activate(DetailAction.delete.name, in: detail.window)
    let window = try #require(SentMemesHarness.sentMemes(of: app))
    #expect(
      MainContext.iterate { app.sentMemes?.detailWindow == nil && SentMemesHarness.isVisible(window.window) })
    #expect(window.memes.list.ids == [memes[1].id])
    #expect(window.isUndoToastShown)
    #expect(window.toasts.shownToast?.title == "Meme deleted")
    SentMemesHarness.activate(SentMemesAction.undo.name, in: window.window)
    #expect(MainContext.iterate { window.memes.list.ids == memes.map(\.id) })
  }

  @Test func saveAsWritesTheSentMemeAsPNGOrJPEG() throws {
    try DisplayHarness.requireDisplay()
    let (folder, memes) = try SentMemesHarness.makeStoreFolder(memes: 1)
    let app = SentMemesHarness.launch(storeFolder: folder)
    defer { SentMemesHarness.close(app) }
    let detail = try openDetail(at: 0, from: .list, in: app)
    let rendered = try ImageLoader().load(contentsOf: memes[0].renderedImageURL)
    for name in ["saved-\(UUID()).png", "saved-\(UUID()).jpg"] {
      let output = Fixtures.folder.appendingPathComponent(name)
      var suggested: String?
      detail.filePicker = { request, completion in
        if case .saveMeme(let name) = request { suggested = name }
        completion(output)
      }
      SentMemesHarness.activate(ShareTarget.saveAs.name, in: detail.window)
      // The editor's rule: the store's copy of the picture is a name the app gave it, so the meme
      // is called by its words.
      #expect(suggested == "top-1-bottom-1.png")
      #expect(MainContext.iterate { FileManager.default.fileExists(atPath: output.path) })
      let saved = try ImageLoader().load(contentsOf: output)
      #expect(saved.width == rendered.width && saved.height == rendered.height, "full size")
      let bytes = try Data(contentsOf: output)
      #expect(bytes.starts(with: name.hasSuffix(".png") ? [0x89, 0x50] : [0xFF, 0xD8]))
    }
  }

  @Test func copyImagePutsTheSentMemeOnTheClipboard() throws {
    try DisplayHarness.requireDisplay()
    let (folder, memes) = try SentMemesHarness.makeStoreFolder(memes: 1)
    let app = SentMemesHarness.launch(storeFolder: folder)
    defer { SentMemesHarness.close(app) }
    let detail = try openDetail(at: 0, from: .list, in: app)
    let clipboard = Clipboard(for: detail.window)
    // Earlier tests may have left an image there: start from an empty clipboard.
    gdk_clipboard_set_content(clipboard.pointer, nil)
    #expect(!clipboard.offersImage)
    SentMemesHarness.activate(ShareTarget.copyImage.name, in: detail.window)
    #expect(MainContext.iterate { clipboard.offersImage })
    var pasted: [UInt8]?
    var done = false
    clipboard.readImagePNG {
      pasted = $0
      done = true
    }
    #expect(MainContext.iterate { done })
    let image = try ImageLoader().load(data: try #require(pasted), name: "clipboard.png")
    let rendered = try ImageLoader().load(contentsOf: memes[0].renderedImageURL)
    #expect(image.width == rendered.width && image.height == rendered.height)
    #expect(image.color(atX: 10, y: 10) == rendered.color(atX: 10, y: 10))
  }

  @Test func aMissingRenderedImageIsSaidAndSaveAndCopyAreOff() throws {
    try DisplayHarness.requireDisplay()
    let (folder, memes) = try SentMemesHarness.makeStoreFolder(memes: 1)
    try FileManager.default.removeItem(at: memes[0].renderedImageURL)
    let app = SentMemesHarness.launch(storeFolder: folder)
    defer { SentMemesHarness.close(app) }
    let detail = try openDetail(at: 0, from: .list, in: app)
    #expect(SentMemesHarness.isVisible(detail.missingLabel))
    #expect(gtk_picture_get_paintable(gtkkit_picture(detail.picture)) == nil, "no thumbnail passes for it")
    #expect(detail.imageSize == nil)
    #expect(detail.actions.action(named: ShareTarget.saveAs.name)?.isEnabled == false)
    #expect(detail.actions.action(named: ShareTarget.copyImage.name)?.isEnabled == false)
    #expect(
      detail.actions.action(named: DetailAction.edit.name)?.isEnabled == true, "the original is still there")
  }
}
