// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import GtkTestSupport
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
    let dialog = try #require(SentMemesHarness.toplevel(named: "message-dialog"))
    #expect(
      Self.labelMismatch(dialog, error.title) == nil, "\(Self.labelMismatch(dialog, error.title) ?? "")")
    #expect(error.title.hasPrefix("Could not open"))
    #expect(String(cString: gtk_window_get_title(gtkkit_window(dialog))) == error.title)
    #expect(gtk_accessible_get_accessible_role(gtkkit_accessible(dialog)) == GTK_ACCESSIBLE_ROLE_DIALOG)
    gtk_dialog_response(gtkkit_dialog(dialog), GTK_RESPONSE_OK.rawValue)
  }

  @Test func theShortcutsWindowIsNamedAndFitsAnEightHundredPixelScreen() throws {
    try DisplayHarness.requireDisplay()
    let window = ShortcutsWindow.make(parent: nil)
    defer { gtk_window_destroy(window) }
    #expect(
      Self.labelMismatch(window, "Keyboard Shortcuts") == nil,
      "\(Self.labelMismatch(window, "Keyboard Shortcuts") ?? "")")
    #expect(String(cString: gtk_window_get_title(window)) == "Keyboard Shortcuts")
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
        let meme = try #require(memes.first { $0.id == row.memeID })
        let item = try #require(gtk_widget_get_parent(row.widget), "GTK's row around the cell")
        #expect(gtk_accessible_get_accessible_role(gtkkit_accessible(item)) == GTK_ACCESSIBLE_ROLE_LIST_ITEM)
        let expected = "\(meme.topText) / \(meme.bottomText)"
        #expect(Self.labelMismatch(item, expected) == nil, "\(Self.labelMismatch(item, expected) ?? "")")
      }
    }
  }
}
