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
/// from the command line: always somewhere a person sees, never nowhere (see also
/// `FocusLandingTests`).
@MainActor @Suite(.serialized) struct KeyboardFocusTests {
  @Test func enterInTheBottomCaptionMovesOnToShare() throws {
    try DisplayHarness.requireDisplay()
    let (editor, _, _) = EditorHarness.makeEditorShowingLandscape()
    defer { EditorHarness.close(editor) }
    try RealKeyboard.focus(editor.window)
    editor.canvas.fields.topEntry.focus()
    try RealKeyboard.type("up")
    try RealKeyboard.press("Return")
    #expect(editor.canvas.fields.bottomEntry.isFocused, "Enter in the top caption goes on to the bottom one")
    try RealKeyboard.type("down")
    try RealKeyboard.press("Return")
    EditorHarness.settle(editor)
    #expect(editor.document.captions.bottom == "down")
    #expect(editor.focusIsInside(editor.header.shareButton), "the focus is on Share")
  }

  @Test func beforeAPictureEnterInTheBottomCaptionMovesOnToAlbum() throws {
    try DisplayHarness.requireDisplay()
    let editor = EditorHarness.makeEditor()
    defer { EditorHarness.close(editor) }
    editor.canvas.fields.bottomEntry.focus()
    let text = try #require(editor.focusWidget)
    gtkkit_emit_signal(text, "activate")
    EditorHarness.settle(editor)
    #expect(editor.focusIsInside(editor.bottomBar.albumButton), "the focus is on Album")
  }

  @Test func aPictureOpenedFromTheCommandLineFocusesTheTopCaption() throws {
    try DisplayHarness.requireDisplay()
    let editor = EditorHarness.makeEditor()
    defer { EditorHarness.close(editor) }
    _ = gtk_widget_grab_focus(editor.bottomBar.albumButton)
    editor.load(Fixtures.picture(width: 1200, height: 800, name: "landscape.png"), focusingTopCaption: true)
    #expect(MainContext.iterate { editor.document.image != nil })
    EditorHarness.settle(editor)
    #expect(editor.canvas.fields.topEntry.isFocused, "the caret is in the top caption")
    // A load asked not to (none does today) leaves the focus where it was.
    _ = gtk_widget_grab_focus(editor.bottomBar.albumButton)
    editor.load(
      Fixtures.picture(width: 800, height: 1200, name: "focus-check-portrait.png"), focusingTopCaption: false)
    #expect(MainContext.iterate { editor.document.image?.full.width == 800 })
    EditorHarness.settle(editor)
    #expect(editor.focusIsInside(editor.bottomBar.albumButton))
  }
}
