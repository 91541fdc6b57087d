// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkKit
import GtkTestSupport
import Testing

@testable import MemeUI

/// A context menu still open as its window goes (the window closed or the app quit from elsewhere:
/// GNOME Shell, `mememe collect`, another of the app's windows) leaves the keyboard to the windows
/// that come after. Unparented while open, it held on to it on X11, and no window of the app took a
/// typed key again. With real key presses (XTest), as a person types.
@MainActor @Suite(.serialized) struct OpenMenuClosingTests {
  @Test func sentMemesClosedWithItsContextMenuOpenLeavesTheKeyboardToTheNextWindow() throws {
    try RealKeyboard.requireX11()
    try SentMemesHarness.withSentMemes(memes: 1) { _, window, memes in
      window.contextMenu.show(for: memes[0].id, in: .list, over: window.listView, x: 10, y: 10)
      let menu = try #require(window.contextMenu.menus[.list])
      #expect(MainContext.iterate { gtk_widget_get_mapped(menu) != 0 }, "the menu is open")
    }
    try Self.expectTypedKeysToReachANewEditor()
  }

  @Test func anEditorClosedWithItsCanvasMenuOpenLeavesTheKeyboardToTheNextWindow() throws {
    try RealKeyboard.requireX11()
    try DisplayHarness.requireDisplay()
    let editor = EditorHarness.makeEditor()
    EditorHarness.load(Fixtures.picture(width: 600, height: 400, name: "landscape.png"), into: editor)
    editor.contextMenu.show(atX: 20, y: 20)
    let menu = try #require(editor.contextMenu.popover)
    #expect(MainContext.iterate { gtk_widget_get_mapped(menu) != 0 }, "the menu is open")
    EditorHarness.close(editor)
    try Self.expectTypedKeysToReachANewEditor()
  }

  private static func expectTypedKeysToReachANewEditor() throws {
    let editor = EditorHarness.makeEditor()
    defer { EditorHarness.close(editor) }
    try RealKeyboard.focus(editor.window)
    editor.canvas.fields.topEntry.focus()
    try RealKeyboard.type("keys")
    #expect(MainContext.iterate { editor.canvas.fields.topEntry.text == "keys" }, "the typed keys arrive")
  }
}
