// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import GtkTestSupport
import MemeStore
import Testing

@testable import MemeUI

/// What a screen reader announces for windows and rows, read through GTK's accessibility API.
@Suite(.serialized) struct AccessibleNameTests {
  /// Nil when `widget`'s accessible label is `expected`, else GTK's description of the difference.
  static func labelMismatch(_ widget: gpointer, _ expected: String) -> String? {
    guard
      let mismatch = gtkkit_accessible_check_string(
        gtkkit_accessible(widget), GTK_ACCESSIBLE_PROPERTY_LABEL, expected)
    else { return nil }
    defer { g_free(mismatch) }
    return String(cString: mismatch)
  }

  @Test func errorDialogsAreNamedByTheirTitle() throws {
    try DisplayHarness.requireDisplay()
    let editor = EditorHarness.makeEditor()
    defer { EditorHarness.close(editor) }
    EditorHarness.load(Fixtures.broken(), into: editor)
    let error = try #require(editor.lastError, "opening a broken file is an error")
    let dialog = try #require(
      SentMemesHarness.toplevel(named: "message-dialog").flatMap { MessageDialog($0) })
    #expect(
      Self.labelMismatch(dialog.widget, error.title) == nil,
      "\(Self.labelMismatch(dialog.widget, error.title) ?? "")")
    #expect(error.title.hasPrefix("Could not open"))
    #expect(Window(wrapping: dialog.widget).title == error.title)
    #expect(
      gtk_accessible_get_accessible_role(gtkkit_accessible(dialog.widget)) == GTK_ACCESSIBLE_ROLE_DIALOG)
    // Its OK button (libadwaita makes one for wide and one for narrow dialogs) is named as shown.
    let buttons = Self.buttons(in: dialog.widget)
    #expect(buttons.count == 2, "\(buttons.count)")
    for button in buttons {
      #expect(Self.labelMismatch(button, "OK") == nil, "\(Self.labelMismatch(button, "OK") ?? "")")
    }
    dialog.respond(MessageDialog.okResponse)
    MainContext.drain()
    #expect(SentMemesHarness.toplevel(named: "message-dialog") == nil, "OK dismisses it")
  }

  @Test func questionsAndTheirButtonsAreNamedAsShown() throws {
    try DisplayHarness.requireDisplay()
    let editor = EditorHarness.makeEditor()
    defer { EditorHarness.close(editor) }
    #expect(
      EditorHarness.load(Fixtures.picture(width: 640, height: 480, name: "named-question.png"), into: editor))
    EditorHarness.type(top: "NAMED", bottom: "QUESTION", into: editor)
    editor.actions.action(named: EditorAction.close.name)?.activate()
    MainContext.drain()
    let dialog = try #require(editor.leaving.dialog)
    #expect(Self.labelMismatch(dialog.widget, "Discard this meme?") == nil)
    let names = Self.buttons(in: dialog.widget).map { button in
      ["Cancel", "Discard"].first { Self.labelMismatch(button, $0) == nil } ?? "unnamed"
    }
    #expect(names.sorted() == ["Cancel", "Cancel", "Discard", "Discard"], "\(names)")
    dialog.respond(LeavingQuestions.DiscardResponse.cancel.rawValue)
    MainContext.drain()
  }

  /// Every button in `root`'s tree.
  private static func buttons(in root: UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutablePointer<GtkWidget>] {
    var found: [UnsafeMutablePointer<GtkWidget>] = []
    if gtkkit_is_a(root, gtk_button_get_type()) != 0 { found.append(root) }
    var child = gtk_widget_get_first_child(root)
    while let current = child {
      found += buttons(in: current)
      child = gtk_widget_get_next_sibling(current)
    }
    return found
  }

  @Test func theShortcutsWindowIsNamedAndFitsAnEightHundredPixelScreen() throws {
    try DisplayHarness.requireDisplay()
    let window = ShortcutsWindow.make(parent: nil)
    defer { gtk_window_destroy(window) }
    #expect(
      Self.labelMismatch(window, "Keyboard Shortcuts") == nil,
      "\(Self.labelMismatch(window, "Keyboard Shortcuts") ?? "")")
    #expect(String(cString: gtk_window_get_title(window)) == "Keyboard Shortcuts")
    // Over no editor, it opens on Sent Memes' page.
    let pages = try #require(
      WidgetTree.first(in: gtkkit_widget(window)) { ViewStack(wrapping: $0) != nil }.flatMap(ViewStack.init))
    #expect(pages.visibleChildName == ShortcutsWindow.sentMemesSection)
    gtk_window_present(window)
    #expect(MainContext.iterate { gtk_widget_get_mapped(gtkkit_widget(window)) != 0 })
    DisplayHarness.waitForFrames(window)
    // Its own size on a screen taller than it needs (1200 px under Xvfb): what it asks for.
    let height = gtk_widget_get_height(gtkkit_widget(window))
    let width = gtk_widget_get_width(gtkkit_widget(window))
    // 800 px tall screens lose some 60 px to a top bar and the title bar is part of the window.
    #expect(height > 0 && height <= 740, "\(width)×\(height)")
    #expect(width <= 1280, "\(width)×\(height)")
    Screenshot.save(window, named: "shortcuts-window")
  }

  @Test func sentMemesRowsAreNamedByTheirCaptions() throws {
    try SentMemesHarness.withSentMemes(memes: 3) { app, window, memes in
      SentMemesHarness.waitForThumbnails(window)
      let rows = window.listFactory.boundCells.filter { $0.memeID != nil }
      #expect(rows.count == 3)
      for row in rows {
        let item = try Self.expectNamedByCaptions(row, memes)
        #expect(gtk_accessible_get_accessible_role(gtkkit_accessible(item)) == GTK_ACCESSIBLE_ROLE_LIST_ITEM)
      }
    }
  }

  @Test func sentMemesGridCellsAreNamedByTheirCaptions() throws {
    try SentMemesHarness.withSentMemes(memes: 3) { app, window, memes in
      SentMemesHarness.activate(SentMemesAction.showGrid.name, in: window.window)
      SentMemesHarness.settle(app)
      SentMemesHarness.waitForThumbnails(window)
      let tiles = window.gridFactory.boundCells.filter { $0.memeID != nil }
      #expect(tiles.count == 3)
      for tile in tiles { _ = try Self.expectNamedByCaptions(tile, memes) }
    }
  }

  /// GTK's item around `cell` (what a screen reader moves over, not the cell) is named by the
  /// captions of the meme the cell shows, one of `memes`. Returns the item.
  private static func expectNamedByCaptions(_ cell: some MemeCell, _ memes: [SentMeme]) throws
    -> UnsafeMutablePointer<GtkWidget>
  {
    let meme = try #require(memes.first { $0.id == cell.memeID })
    let item = try #require(gtk_widget_get_parent(cell.widget), "GTK's item around the cell")
    let expected = "\(meme.top) / \(meme.bottom)"
    #expect(Self.labelMismatch(item, expected) == nil, "\(Self.labelMismatch(item, expected) ?? "")")
    return item
  }
}
