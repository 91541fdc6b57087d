// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import GtkTestSupport
import MemeCore
import Testing

@testable import MemeUI

/// The whole flow works without a pointer: Tab reaches every control, Enter and Space activate the
/// focused one (what `gtk_widget_activate` does), and every action has its key.
///
/// GTK 4 has no API to synthesise key presses, so these tests move focus as Tab does
/// (`gtk_widget_child_focus`), activate the focused widget as Enter does, and check that keys are
/// bound to the actions they should trigger (the actions themselves are tested elsewhere).
@Suite(.serialized) struct KeyboardTests {
  /// The widgets Tab visits in `window`, in order, starting from no focus (one round).
  private func tabChain(of window: UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutablePointer<GtkWidget>] {
    gtk_window_set_focus(gtkkit_window(window), nil)
    var visited: [UnsafeMutablePointer<GtkWidget>] = []
    for _ in 0..<40 {
      guard gtk_widget_child_focus(window, GTK_DIR_TAB_FORWARD) != 0,
        let focus = gtk_window_get_focus(gtkkit_window(window))
      else { break }
      if visited.contains(focus) { break }
      visited.append(focus)
    }
    return visited
  }

  /// Whether focus on one of `chain` lies in `widget` (an entry's text, a menu button's button).
  private func reaches(_ chain: [UnsafeMutablePointer<GtkWidget>], _ widget: UnsafeMutablePointer<GtkWidget>)
    -> Bool
  {
    chain.contains { $0 == widget || gtk_widget_is_ancestor($0, widget) != 0 }
  }

  @Test func editorControlsAreReachedWithTabAndShareOpensWithEnter() throws {
    try DisplayHarness.requireDisplay()
    let editor = EditorHarness.makeEditor()
    defer { EditorHarness.close(editor) }
    // Ctrl+O chooses a picture (the chooser itself is the desktop's).
    #expect(EditorHarness.application.application.actions(forAccelerator: "<Control>o") == ["win.open"])
    EditorHarness.load(Fixtures.picture(width: 1200, height: 800, name: "landscape.png"), into: editor)

    let chain = tabChain(of: editor.window)
    for (widget, name) in [
      (editor.canvas.fields.topEntry.widget, "top caption"),
      (editor.canvas.fields.bottomEntry.widget, "bottom caption"),
      (editor.header.shareButton, "Share"), (editor.header.styleButton, "Style & Layout"),
      (editor.header.cancelButton, "Cancel"),
      (editor.bottomBar.albumButton, "Album"),
    ] {
      #expect(reaches(chain, widget), "Tab reaches \(name)")
    }

    // Typing into the focused top caption, Enter to finish: the meme has the caption.
    gtk_widget_grab_focus(editor.canvas.fields.topEntry.widget)
    gtk_editable_set_text(gtkkit_editable(editor.canvas.fields.topEntry.widget), "Typed")
    // Enter reaches the entry's text widget, which holds the focus; its key binding emits "activate".
    let typing = try #require(gtk_window_get_focus(gtkkit_window(editor.window)))
    #expect(reaches([typing], editor.canvas.fields.topEntry.widget))
    gtkkit_emit_signal(typing, "activate")
    EditorHarness.settle(editor)
    #expect(editor.document.captions.top == "Typed")
    let focusAfterEnter = gtk_window_get_focus(gtkkit_window(editor.window))
    #expect(
      focusAfterEnter.map { reaches([$0], editor.canvas.fields.bottomEntry.widget) } ?? false,
      "Enter moves on to the bottom caption")

    // Enter (or Space) on the focused Share button opens its menu.
    let shareToggle = try #require(gtk_widget_get_first_child(editor.header.shareButton))
    #expect(gtk_widget_grab_focus(shareToggle) != 0)
    #expect(gtk_widget_activate(shareToggle) != 0)
    // A keyboard-activated button shows itself pressed for a moment, then clicks, which builds
    // the menu (on its first opening) and shows it.
    #expect(
      MainContext.iterate {
        gtk_menu_button_get_popover(gtkkit_menu_button(editor.header.shareButton))
          .map { gtk_widget_get_visible(gtkkit_widget($0)) != 0 } ?? false
      }, "the Share menu is open")
    gtk_menu_button_popdown(gtkkit_menu_button(editor.header.shareButton))
  }

  @Test func sentMemesRowsOpenWithEnterAndDetailGoesBackWithEscape() throws {
    try SentMemesHarness.withSentMemes(memes: 2) { app, window, memes in
      SentMemesHarness.waitForThumbnails(window)

      // Tab reaches the Add button, the tabs and the rows.
      let chain = tabChain(of: window.window)
      #expect(reaches(chain, window.header.addButton), "Tab reaches Add")
      #expect(reaches(chain, window.listView), "Tab reaches the list")

      // Enter on a focused row opens its meme.
      let row = try #require(window.listFactory.boundCells.first { $0.memeID == memes[1].id })
      let item = try #require(gtk_widget_get_parent(row.widget), "the row's list item")
      #expect(gtk_widget_get_focusable(item) != 0)
      #expect(gtk_widget_grab_focus(item) != 0)
      #expect(gtk_widget_activate(item) != 0, "Enter activates the focused row")
      let detail = try #require(
        MainContext.iterate { app.sentMemes?.detailWindow != nil } ? app.sentMemes?.detailWindow : nil)
      #expect(detail.meme.id == memes[1].id)
      SentMemesHarness.settle(app)

      // Escape and Alt+Left go back; every Detail action has its key.
      let application = app.application
      for key in ["Escape", "<Alt>Left"] {
        #expect(application.actions(forAccelerator: key).contains("win.back"), "\(key) → back")
      }
      #expect(application.actions(forAccelerator: "<Control>e") == ["win.edit"])
      #expect(application.actions(forAccelerator: "Delete").contains("win.delete"))
      SentMemesHarness.activate(DetailAction.back.name, in: detail.window)
      #expect(
        MainContext.iterate {
          SentMemesHarness.isVisible(window.window) && app.sentMemes?.detailWindow == nil
        })
    }
  }

  @Test func gridTilesOpenWithEnter() throws {
    try SentMemesHarness.withSentMemes(memes: 2) { app, window, memes in
      // Alt+2 shows the grid.
      #expect(app.application.actions(forAccelerator: "<Alt>2") == ["win.show-grid"])
      SentMemesHarness.activate(SentMemesAction.showGrid.name, in: window.window)
      SentMemesHarness.settle(app)
      SentMemesHarness.waitForThumbnails(window)
      let tile = try #require(window.gridFactory.boundCells.first { $0.memeID == memes[0].id })
      let item = try #require(gtk_widget_get_parent(tile.widget))
      #expect(gtk_widget_grab_focus(item) != 0)
      #expect(gtk_widget_activate(item) != 0)
      #expect(MainContext.iterate { app.sentMemes?.detailWindow?.meme.id == memes[0].id })
      #expect(app.sentMemes?.detailWindow?.returnTab == .grid)
    }
  }
}
