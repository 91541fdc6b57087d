// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import GtkTestSupport
import MemeCore
import MemeStore
import Testing

@testable import MemeUI

/// The Sent Memes window: its parts, delete with undo, reordering, missing files.
@Suite(.serialized) struct SentMemesWindowTests {
  @Test func windowHasAddButtonTabsAndRows() throws {
    try SentMemesHarness.withSentMemes(memes: 3) { app, window, memes in
      let add = try #require(WidgetTree.descendant(of: window.window, named: "add-button"))
      #expect(String(cString: gtk_button_get_icon_name(gtkkit_button(add))) == "list-add-symbolic")
      let notebook = gtkkit_notebook(window.notebook.widget)
      #expect(gtk_notebook_get_n_pages(notebook) == 2)
      let titles = (0..<2).map { index in
        String(
          cString: gtk_notebook_get_menu_label_text(notebook, gtk_notebook_get_nth_page(notebook, index)))
      }
      #expect(titles == ["List", "Grid"])
      #expect(
        String(cString: gtk_stack_get_visible_child_name(gtkkit_stack(window.states.stack.widget))) == "memes"
      )

      SentMemesHarness.waitForThumbnails(window)
      let rows = window.listFactory.boundCells.filter { $0.memeID != nil }
      #expect(Set(rows.compactMap(\.memeID)) == Set(memes.map(\.id)))
      for row in rows {
        let meme = try #require(memes.first { $0.id == row.memeID })
        #expect(row.topText == meme.top)
        #expect(row.bottomText == meme.bottom)
        #expect(!row.timeText.isEmpty)
        #expect(row.thumbnail.showsThumbnail)
      }
      Screenshot.save(window.window, named: "sent-memes-list")

      // Add opens an empty editor.
      SentMemesHarness.activate(SentMemesAction.add.name, in: window.window)
      #expect(SentMemesHarness.isVisible(app.editor?.window))
    }
  }

  @Test func gridIsBuiltWhenItsTabIsFirstShown() throws {
    try SentMemesHarness.withSentMemes(memes: 3) { app, window, memes in
      let notebook = gtkkit_notebook(window.notebook.widget)
      let gridPage = try #require(
        gtk_notebook_get_nth_page(notebook, Int32(SentMemesWindow.Tab.grid.rawValue)))
      // Opened on the List: the Grid's page holds no view and no tiles yet.
      #expect(window.currentTab == .list)
      #expect(WidgetTree.descendant(of: gridPage, named: "meme-grid") == nil)
      #expect(WidgetTree.descendant(of: window.window, named: "meme-tile") == nil)

      SentMemesHarness.activate(SentMemesAction.showGrid.name, in: window.window)
      SentMemesHarness.settle(app)
      let grid = try #require(WidgetTree.descendant(of: gridPage, named: "meme-grid"))
      #expect(grid == window.gridView)
      SentMemesHarness.waitForThumbnails(window)
      let tiles = window.gridFactory.boundCells.filter { $0.memeID != nil }
      #expect(Set(tiles.compactMap(\.memeID)) == Set(memes.map(\.id)))
      #expect(tiles.allSatisfy { gtk_widget_get_has_tooltip($0.widget) != 0 })
      Screenshot.save(window.window, named: "sent-memes-grid-first-shown")
    }
  }

  @Test func switchingTabsKeepsTheSelection() throws {
    try SentMemesHarness.withSentMemes(memes: 4) { app, window, memes in
      window.select(id: memes[2].id)
      for action in [SentMemesAction.showGrid, .showList, .showGrid] {
        SentMemesHarness.activate(action.name, in: window.window)
        SentMemesHarness.settle(app)
        #expect(window.selectedMeme?.id == memes[2].id, "after \(action.name)")
      }
    }
  }

  @Test func emptyStateWhenTheLastMemeIsDeleted() throws {
    try SentMemesHarness.withSentMemes(memes: 1) { app, window, _ in
      SentMemesHarness.activate(SentMemesAction.delete.name, in: window.window)
      SentMemesHarness.settle(app)
      #expect(
        String(cString: gtk_stack_get_visible_child_name(gtkkit_stack(window.states.stack.widget))) == "empty"
      )
      let empty = try #require(WidgetTree.descendant(of: window.window, named: "empty-state"))
      let texts = SentMemesHarness.labels(in: empty)
      #expect(texts.contains("No Sent Memes"))
      #expect(texts.contains("Memes you share appear here. Click + to make your first one."))
      Screenshot.save(window.window, named: "sent-memes-empty")
    }
  }

  @Test func deleteThenUndoBringsTheMemeBackInPlace() throws {
    try SentMemesHarness.withSentMemes(memes: 3) { app, window, memes throws in
      let list = window.memes.list
      gtk_single_selection_set_selected(gtkkit_single_selection(window.selection.raw), 1)
      SentMemesHarness.activate(SentMemesAction.delete.name, in: window.window)
      #expect(list.ids == [memes[0].id, memes[2].id])
      #expect(window.isUndoToastShown)
      #expect(window.toasts.shownToast?.title == "Meme deleted")
      #expect(window.toasts.shownToast?.buttonLabel == "Undo")
      #expect(window.toasts.shownToast?.timeoutSeconds == SentMemesDeletion.undoSeconds)
      #expect(try window.memes.store.count() == 2)
      SentMemesHarness.settle(app)
      window.toasts.waitForSlideIn()
      Screenshot.save(window.window, named: "sent-memes-undo-toast")

      SentMemesHarness.activate(SentMemesAction.undo.name, in: window.window)
      #expect(MainContext.iterate { list.count == 3 })
      #expect(list.ids == memes.map(\.id), "back at its old place")
      #expect(!window.isUndoToastShown)
      #expect(window.toasts.shownToast == nil)
      #expect(window.selectedMeme?.id == memes[1].id)
      #expect(try window.memes.store.count() == 3)
    }
  }

  @Test func dismissingTheUndoToastPurgesTheMemeAndItsFiles() throws {
    try SentMemesHarness.withSentMemes(memes: 2) { _, window, memes in
      gtk_single_selection_set_selected(gtkkit_single_selection(window.selection.raw), 0)
      SentMemesHarness.activate(SentMemesAction.delete.name, in: window.window)
      SentMemesHarness.activate(SentMemesAction.dismissUndo.name, in: window.window)
      #expect(!window.isUndoToastShown)
      #expect(window.actions.action(named: SentMemesAction.undo.name)?.isEnabled == false)
      let files = [memes[0].renderedImageURL, memes[0].thumbnailURL, memes[0].originalImageURL]
      #expect(MainContext.iterate { files.allSatisfy { !FileManager.default.fileExists(atPath: $0.path) } })
      #expect(FileManager.default.fileExists(atPath: memes[1].renderedImageURL.path))
    }
  }

  @Test func closingTheWindowEndsTheUndoChance() throws {
    try DisplayHarness.requireDisplay()
    let (folder, memes) = try SentMemesHarness.makeStoreFolder(memes: 2)
    let app = SentMemesHarness.launch(storeFolder: folder)
    let window = try #require(SentMemesHarness.sentMemes(of: app))
    gtk_single_selection_set_selected(gtkkit_single_selection(window.selection.raw), 1)
    SentMemesHarness.activate(SentMemesAction.delete.name, in: window.window)
    SentMemesHarness.close(app)
    let file = memes[1].renderedImageURL
    #expect(MainContext.iterate { !FileManager.default.fileExists(atPath: file.path) })
    let store = try SentMemeStore(directory: folder)
    #expect(try store.allMemes().map(\.id) == [memes[0].id])
    #expect(try store.purgeDeleted() == 0, "nothing was left to purge")
  }

  @Test func orderChangesPersistAcrossARestart() throws {
    try DisplayHarness.requireDisplay()
    let (folder, memes) = try SentMemesHarness.makeStoreFolder(memes: 4)
    let ids = memes.map(\.id)
    var expected = ids
    do {
      let app = SentMemesHarness.launch(storeFolder: folder)
      defer { SentMemesHarness.close(app) }
      let window = try #require(SentMemesHarness.sentMemes(of: app))
      // Alt+Down on the first meme.
      gtk_single_selection_set_selected(gtkkit_single_selection(window.selection.raw), 0)
      SentMemesHarness.activate(SentMemesAction.moveDown.name, in: window.window)
      expected = [ids[1], ids[0], ids[2], ids[3]]
      #expect(window.memes.list.ids == expected)
      #expect(window.selectedMeme?.id == ids[0], "the moved meme stays selected")
      // Alt+Up on the last one.
      gtk_single_selection_set_selected(gtkkit_single_selection(window.selection.raw), 3)
      SentMemesHarness.activate(SentMemesAction.moveUp.name, in: window.window)
      expected = [ids[1], ids[0], ids[3], ids[2]]
      #expect(window.memes.list.ids == expected)
      // A row dropped below the last row (what drag and drop in the List does).
      window.reordering.drop(ids[1], onto: ids[2], below: true)
      expected = [ids[0], ids[3], ids[2], ids[1]]
      #expect(window.memes.list.ids == expected)
      // Moving the top meme up does nothing.
      gtk_single_selection_set_selected(gtkkit_single_selection(window.selection.raw), 0)
      #expect(window.actions.action(named: SentMemesAction.moveUp.name)?.isEnabled == false)
    }
    let app = SentMemesHarness.launch(storeFolder: folder)
    defer { SentMemesHarness.close(app) }
    let window = try #require(SentMemesHarness.sentMemes(of: app))
    #expect(window.memes.list.ids == expected)
  }

  @Test func dragPayloadNamesTheMeme() throws {
    var value = GValue()
    g_value_init(&value, gtkkit_type_string())
    defer { g_value_unset(&value) }
    g_value_set_string(&value, "\(MemeListRow.dragPrefix)42")
    #expect(MemeListRow.draggedID(in: &value) == 42)
    g_value_set_string(&value, "plain text from another app")
    #expect(MemeListRow.draggedID(in: &value) == nil)
  }

  @Test func rowsWithMissingFilesShowAPlaceholder() throws {
    try DisplayHarness.requireDisplay()
    let (folder, memes) = try SentMemesHarness.makeStoreFolder(memes: 2)
    // The first meme loses its thumbnail (made again from the rendered meme); the second loses both.
    try FileManager.default.removeItem(at: memes[0].thumbnailURL)
    try FileManager.default.removeItem(at: memes[1].thumbnailURL)
    try FileManager.default.removeItem(at: memes[1].renderedImageURL)
    let app = SentMemesHarness.launch(storeFolder: folder)
    defer { SentMemesHarness.close(app) }
    let window = try #require(SentMemesHarness.sentMemes(of: app))
    #expect(SentMemesHarness.waitForThumbnails(window))
    let rows = window.listFactory.boundCells
    let remade = try #require(rows.first { $0.memeID == memes[0].id })
    let broken = try #require(rows.first { $0.memeID == memes[1].id })
    #expect(remade.thumbnail.showsThumbnail)
    #expect(broken.thumbnail.showsPlaceholder)
    #expect(broken.topText == memes[1].top, "the captions still show")
    let newThumbnail = try #require(window.memes.list.meme(id: memes[0].id)?.thumbnailURL)
    #expect(FileManager.default.fileExists(atPath: newThumbnail.path))
    SentMemesHarness.settle(app)
    Screenshot.save(window.window, named: "sent-memes-missing-files")
  }

  @Test func contextMenuOffersTheMemeActions() throws {
    try SentMemesHarness.withSentMemes(memes: 2) { app, window, memes in
      let row = try #require(window.listFactory.boundCells.first { $0.memeID == memes[1].id })
      window.contextMenu.show(for: memes[1].id, in: .list, over: row.widget, x: 40, y: 20)
      SentMemesHarness.settle(app)
      #expect(window.selectedMeme?.id == memes[1].id, "the meme clicked is the one acted on")
      let menu = try #require(window.contextMenu.menus[.list])
      #expect(SentMemesHarness.isVisible(menu))
      Screenshot.save(window.window, named: "sent-memes-context-menu")
      gtk_popover_popdown(gtkkit_popover(menu))
      // The Menu key opens it for the selection.
      SentMemesHarness.activate(SentMemesAction.contextMenu.name, in: window.window)
      #expect(SentMemesHarness.isVisible(menu))
      gtk_popover_popdown(gtkkit_popover(menu))
    }
  }

  @Test func shortcutsAreBoundToTheWindowActions() throws {
    try DisplayHarness.requireDisplay()
    let (folder, _) = try SentMemesHarness.makeStoreFolder(memes: 1)
    let app = SentMemesHarness.launch(storeFolder: folder)
    defer { SentMemesHarness.close(app) }
    // GTK hands accelerators back in its own spelling ("<Shift><Control>s").
    func normalized(_ accelerators: [String]) -> [String] {
      accelerators.map { accelerator in
        var key: guint = 0
        var modifiers = GdkModifierType(rawValue: 0)
        gtk_accelerator_parse(accelerator, &key, &modifiers)
        let name = gtk_accelerator_name(key, modifiers)!
        defer { g_free(name) }
        return String(cString: name)
      }
    }
    let bindings =
      SentMemesAction.allCases.map { ($0.detailedName, $0.accelerators) }
      + DetailAction.allCases.map { ($0.detailedName, $0.accelerators) }
    for (name, accelerators) in bindings where !accelerators.isEmpty {
      #expect(normalized(app.application.accelerators(for: name)) == normalized(accelerators), "\(name)")
    }
  }
}

/// On a wide screen the list keeps a readable width, centred (AdwClampScrollable): a row's time stays
/// near its caption.
@Suite(.serialized) struct SentMemesListWidthTests {
  @Test func onAWideWindowTheListKeepsAReadableWidth() throws {
    try SentMemesHarness.withSentMemes(memes: 3) { app, window, _ in
      window.currentTab = .list
      gtk_window_set_default_size(gtkkit_window(window.window), 1900, 900)
      #expect(MainContext.iterate { gtk_widget_get_width(window.window) >= 1800 })
      SentMemesHarness.settle(app)
      let row = try #require(window.listFactory.boundCells.first { $0.memeID != nil }?.widget)
      let bounds = try #require(WidgetTree.bounds(of: row, in: window.window))
      let windowWidth = Double(gtk_widget_get_width(window.window))
      #expect(bounds.width <= 760, "a row is \(bounds.width) px wide in a \(windowWidth) px window")
      #expect(abs((bounds.x + bounds.width / 2) - windowWidth / 2) < 40, "centred: \(bounds)")
      Screenshot.save(window.window, named: "sent-memes-list-1900")
    }
  }
}
