// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import GtkTestSupport
import MemeEditing
import Testing

@testable import MemeUI

/// The description is prose: a field of several wrapping lines, its placeholder the meme's text in
/// reading order, Enter a new line and Ctrl+Enter (or Save) to keep it.
@Suite(.serialized) struct DescriptionDialogTests {
  private func openDialog(in editor: EditorWindow) throws -> (MessageDialog, Widget) {
    editor.actions.action(named: EditorAction.editDescription.name)?.activate()
    MainContext.drain()
    let dialogWidget = try #require(EditorWindowTests.toplevel(named: "description-dialog"))
    let dialog = try #require(MessageDialog(dialogWidget))
    DisplayHarness.waitForFrames(dialog.widget)
    let field = try #require(WidgetTree.descendant(of: dialog.widget, named: "description-field"))
    return (dialog, field)
  }

  @Test func theFieldIsAParagraphThatWrapsWithItsPlaceholderInReadingOrder() throws {
    try DisplayHarness.requireDisplay()
    let (editor, _, _) = EditorHarness.makeEditorShowingLandscape()
    defer { EditorHarness.close(editor) }
    EditorHarness.type(top: "When the build", bottom: "finally passes", into: editor)
    let (dialog, field) = try openDialog(in: editor)
    defer {
      dialog.respond("cancel")
      MainContext.drain()
    }
    #expect(String(cString: g_type_name(gtkkit_type_of(field))) == "GtkTextView")
    #expect(gtk_text_view_get_wrap_mode(gtkkit_text_view(field)) == GTK_WRAP_WORD_CHAR)
    #expect(gtk_text_view_get_accepts_tab(gtkkit_text_view(field)) == 0, "Tab leaves the field")
    #expect(gtk_widget_has_focus(field) != 0, "typing goes into the field")

    // Empty, it shows the default: the captions in reading order, a line each.
    let hint = try #require(WidgetTree.descendant(of: dialog.widget, named: "description-placeholder"))
    #expect(Label(wrapping: hint).text == "When the build\nfinally passes")
    #expect(hint.isMapped)
    let hintBounds = try #require(WidgetTree.bounds(of: hint, in: field))
    #expect(hintBounds.x >= 0 && hintBounds.y >= 0 && hintBounds.y < 12, "where the first line starts")
    Screenshot.save(dialog.widget, named: "description-dialog")

    // A paragraph's room: four lines at least, and not the whole screen.
    let scroller = try #require(WidgetTree.descendant(of: dialog.widget, named: "description-scroller"))
    #expect(scroller.height >= 4 * 18 && scroller.height <= 200, "\(scroller.height) px tall")

    // A long text wraps inside the field rather than widening it or the dialog.
    let widthBefore = dialog.widget.width
    let long = String(repeating: "a cat that looks at a phone ", count: 12)
    TextView(wrapping: field).text = long
    DisplayHarness.waitForFrames(dialog.widget)
    #expect(!hint.isVisible, "the placeholder hides once there is text")
    #expect(dialog.widget.width == widthBefore)
    #expect(field.height > 3 * 18, "\(field.height) px: several lines")
    TextView(wrapping: field).text = ""
    #expect(hint.isVisible, "and comes back when it is emptied")
  }

  @Test func enterStartsALineAndControlEnterSaves() throws {
    try DisplayHarness.requireDisplay()
    let (editor, _, _) = EditorHarness.makeEditorShowingLandscape()
    defer { EditorHarness.close(editor) }
    let (dialog, field) = try openDialog(in: editor)
    try RealKeyboard.focus(dialog.widget)
    try RealKeyboard.type("A cat")
    try RealKeyboard.press("Return")
    #expect(EditorWindowTests.toplevel(named: "description-dialog") != nil, "Enter does not close it")
    try RealKeyboard.type("on a mat")
    #expect(TextView(wrapping: field).text == "A cat\non a mat")
    try RealKeyboard.press("ctrl+Return")
    #expect(MainContext.iterate { EditorWindowTests.toplevel(named: "description-dialog") == nil })
    #expect(editor.document.customDescription == "A cat\non a mat")
  }
}
