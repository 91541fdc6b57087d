// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import GtkTestSupport
import MemeCore
import MemeEditing
import Testing

@testable import MemeUI

/// Where the keyboard focus goes after Enter in the bottom caption and after a picture opened
/// from the command line: always somewhere a person sees, never nowhere.
@MainActor @Suite(.serialized) struct KeyboardFocusTests {
  private static func focus(of editor: EditorWindow) -> UnsafeMutablePointer<GtkWidget>? {
    gtk_window_get_focus(gtkkit_window(editor.window))
  }

  private static func isInside(
    _ focus: UnsafeMutablePointer<GtkWidget>?, _ widget: UnsafeMutablePointer<GtkWidget>
  )
    -> Bool
  {
    focus.map { $0 == widget || gtk_widget_is_ancestor($0, widget) != 0 } ?? false
  }

  @Test func enterInTheBottomCaptionMovesOnToShare() throws {
    try DisplayHarness.requireDisplay()
    let (editor, _, _) = EditorHarness.makeEditorShowingLandscape()
    defer { EditorHarness.close(editor) }
    try RealKeyboard.focus(editor.window)
    editor.canvas.topEntry.focus()
    try RealKeyboard.type("up")
    try RealKeyboard.press("Return")
    #expect(editor.canvas.bottomEntry.isFocused, "Enter in the top caption goes on to the bottom one")
    try RealKeyboard.type("down")
    try RealKeyboard.press("Return")
    EditorHarness.settle(editor)
    #expect(editor.document.captions.bottom == "down")
    #expect(Self.isInside(Self.focus(of: editor), editor.shareButton), "the focus is on Share")
  }

  @Test func beforeAPictureEnterInTheBottomCaptionMovesOnToAlbum() throws {
    try DisplayHarness.requireDisplay()
    let editor = EditorHarness.makeEditor()
    defer { EditorHarness.close(editor) }
    editor.canvas.bottomEntry.focus()
    let text = try #require(Self.focus(of: editor))
    gtkkit_emit_signal(text, "activate")
    EditorHarness.settle(editor)
    #expect(Self.isInside(Self.focus(of: editor), editor.bottomBar.albumButton), "the focus is on Album")
  }

  @Test func aPictureOpenedFromTheCommandLineFocusesTheTopCaption() throws {
    try DisplayHarness.requireDisplay()
    let editor = EditorHarness.makeEditor()
    defer { EditorHarness.close(editor) }
    _ = gtk_widget_grab_focus(editor.bottomBar.albumButton)
    editor.load(Fixtures.picture(width: 1200, height: 800, name: "landscape.png"), focusingTopCaption: true)
    #expect(MainContext.iterate { editor.document.image != nil })
    EditorHarness.settle(editor)
    #expect(editor.canvas.topEntry.isFocused, "the caret is in the top caption")
    // Other loads (a paste, a drop, a meme reopened) leave the focus where it was.
    _ = gtk_widget_grab_focus(editor.bottomBar.albumButton)
    editor.load(Fixtures.picture(width: 800, height: 1200, name: "focus-check-portrait.png"))
    #expect(MainContext.iterate { editor.document.image?.full.width == 800 })
    EditorHarness.settle(editor)
    #expect(Self.isInside(Self.focus(of: editor), editor.bottomBar.albumButton))
  }
}
