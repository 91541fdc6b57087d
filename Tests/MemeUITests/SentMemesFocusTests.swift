// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import GtkTestSupport
import MemeStore
import Testing

@testable import MemeUI

/// The meme shown selected is the one with the keyboard focus, so Enter, Delete and the arrows act on
/// what the user sees.
@Suite(.serialized) struct SentMemesFocusTests {
  /// The meme whose row the focus is on, and the selected one, must be the same meme.
  private func expectSelectedAndFocused(
    _ id: Int64, in window: SentMemesWindow, _ what: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(
      MainContext.iterate { window.focusedMemeID == id }, "\(what): focus on the meme",
      sourceLocation: sourceLocation)
    #expect(window.selectedMeme?.id == id, "\(what): selection on the meme", sourceLocation: sourceLocation)
  }

  /// Enter on the focused row: what GTK's key binding on a list row does.
  private func pressEnter(in window: SentMemesWindow) throws {
    let focus = try #require(gtk_window_get_focus(gtkkit_window(window.window)))
    // A row's activate signal is its Enter key binding.
    #expect(gtk_widget_activate(focus) != 0)
  }

  @Test func afterAShareTheNewestRowHasTheFocusAndEnterOpensIt() throws {
    try SentMemesHarness.withSentMemes(memes: 3) { app, window, memes in
      // The focus starts on another meme.
      window.select(id: memes[2].id)
      SentMemesHarness.settle(app)
      let editor = try #require(app.sentMemes?.showEditor())
      EditorHarness.load(Fixtures.picture(width: 500, height: 400, name: "newest.png"), into: editor)
      #expect(SentMemesHarness.shareByCopying(editor, in: app, expecting: 4))

      let newest = try #require(window.memes.list.ids.first)
      #expect(!memes.map(\.id).contains(newest))
      expectSelectedAndFocused(newest, in: window, "after the share")
      #expect(window.toasts.shownToast?.title == "Copied to the clipboard")
      window.toasts.waitForSlideIn()
      Screenshot.save(window.window, named: "sent-memes-after-share")

      try pressEnter(in: window)
      let detail = try #require(app.sentMemes?.detailWindow, "Enter opened a meme")
      #expect(detail.meme.id == newest)
    }
  }

  @Test func altArrowsMoveTheFocusWithTheMeme() throws {
    try SentMemesHarness.withSentMemes(memes: 4) { app, window, memes in
      window.select(id: memes[1].id)
      SentMemesHarness.settle(app)
      for (action, expected) in [
        (SentMemesAction.moveDown, 2), (.moveDown, 3), (.moveUp, 2), (.moveUp, 1), (.moveUp, 0),
      ] {
        SentMemesHarness.activate(action.name, in: window.window)
        SentMemesHarness.settle(app)
        #expect(window.memes.list.index(of: memes[1].id) == expected, "\(action.name)")
        expectSelectedAndFocused(memes[1].id, in: window, "after \(action.name)")
      }
      // And in the grid.
      SentMemesHarness.activate(SentMemesAction.showGrid.name, in: window.window)
      SentMemesHarness.settle(app)
      SentMemesHarness.activate(SentMemesAction.moveDown.name, in: window.window)
      SentMemesHarness.settle(app)
      #expect(window.memes.list.index(of: memes[1].id) == 1)
      expectSelectedAndFocused(memes[1].id, in: window, "after move-down in the grid")
    }
  }

  @Test func undoSelectsTheRestoredMemeAndTheNextDeleteRemovesIt() throws {
    try SentMemesHarness.withSentMemes(memes: 4) { app, window, memes in
      window.select(id: memes[1].id)
      SentMemesHarness.settle(app)
      SentMemesHarness.activate(SentMemesAction.delete.name, in: window.window)
      SentMemesHarness.settle(app)
      expectSelectedAndFocused(memes[2].id, in: window, "after the delete, its neighbour")

      var undone = false
      window.deletion.undo { undone = true }
      #expect(MainContext.iterate { undone })
      SentMemesHarness.settle(app)
      expectSelectedAndFocused(memes[1].id, in: window, "after the undo")

      SentMemesHarness.activate(SentMemesAction.delete.name, in: window.window)
      #expect(
        window.memes.list.ids == [memes[0].id, memes[2].id, memes[3].id], "Delete removed the restored meme")
    }
  }

  /// GTK's single-click mode selected the row or tile under the pointer (after an undo, the last row
  /// the banner uncovered; in the grid, a selected tile beside the focused one). A pointer passing
  /// over memes changes nothing now; a click opens the meme.
  @Test(arguments: [SentMemesWindow.Tab.list, .grid])
  func thePointerOverAMemeLeavesTheSelectionAndAClickOpensIt(tab: SentMemesWindow.Tab) throws {
    try SentMemesHarness.withSentMemes(memes: 3) { app, window, memes in
      window.currentTab = tab
      SentMemesHarness.settle(app)
      window.select(id: memes[0].id)
      SentMemesHarness.waitForThumbnails(window)
      SentMemesHarness.settle(app)
      let cell = try #require(window.boundCells(in: tab).first { $0.id == memes[2].id })
      try RealPointer.move(over: cell.widget, in: window.window)
      SentMemesHarness.settle(app)
      expectSelectedAndFocused(memes[0].id, in: window, "with the pointer over another meme")

      try RealPointer.click()
      #expect(MainContext.iterate { app.sentMemes?.detailWindow != nil }, "one click opens the meme")
      #expect(app.sentMemes?.detailWindow?.meme.id == memes[2].id)
    }
  }

  @Test func theContextMenusMoveActsOnTheMemeItWasOpenedOn() throws {
    try SentMemesHarness.withSentMemes(memes: 4) { app, window, memes in
      SentMemesHarness.waitForThumbnails(window)
      let row = try #require(window.listFactory.boundCells.first { $0.memeID == memes[1].id })
      window.contextMenu.show(for: memes[1].id, in: .list, over: row.widget, x: 40, y: 20)
      SentMemesHarness.settle(app)
      // The open menu has the focus; the row gets it back when the menu closes.
      #expect(window.selectedMeme?.id == memes[1].id, "the meme clicked is selected")
      let menu = try #require(window.contextMenu.menus[.list])
      #expect(SentMemesHarness.isVisible(menu))
      // The selection moves while the menu is open (as GTK's hover selection did).
      gtk_single_selection_set_selected(gtkkit_single_selection(window.selection.raw), 3)

      try activateMenuItem(labelled: "Move Down", in: menu)
      SentMemesHarness.settle(app)
      #expect(window.memes.list.ids == [memes[0].id, memes[2].id, memes[1].id, memes[3].id])
      expectSelectedAndFocused(memes[1].id, in: window, "the moved meme")

      // Reopened on another meme, Move Up moves that one.
      let other = try #require(window.listFactory.boundCells.first { $0.memeID == memes[3].id })
      window.contextMenu.show(for: memes[3].id, in: .list, over: other.widget, x: 40, y: 20)
      SentMemesHarness.settle(app)
      try activateMenuItem(labelled: "Move Up", in: menu)
      SentMemesHarness.settle(app)
      #expect(window.memes.list.ids == [memes[0].id, memes[2].id, memes[3].id, memes[1].id])
    }
  }

  /// Clicks the item of a popover menu that shows `label` (as a person choosing it does).
  private func activateMenuItem(labelled label: String, in menu: UnsafeMutablePointer<GtkWidget>) throws {
    let text = try #require(
      WidgetTree.first(in: menu) {
        gtkkit_is_label($0) != 0 && String(cString: gtk_label_get_text(gtkkit_label($0))) == label
      }, "a \(label) item")
    var item: UnsafeMutablePointer<GtkWidget>? = text
    while let current = item, String(cString: g_type_name(gtkkit_type_of(current))) != "GtkModelButton" {
      item = gtk_widget_get_parent(current)
    }
    let button = try #require(item, "the item's button")
    gtk_widget_activate(button)
  }
}
