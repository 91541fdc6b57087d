// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import DiskTestSupport
import Foundation
import GtkKit
import GtkTestSupport
import MemeCore
import MemeEditing
import Testing

@testable import MemeUI

/// What the canvas shows once an edit ends: nothing left over from the pointer, and no control that
/// would do nothing.
@Suite(.serialized) struct CanvasAfterEditTests {
  @Test func cancelIsInsensitiveOnlyWhileThereIsNothingToCancel() throws {
    try DisplayHarness.requireDisplay()
    let editor = EditorHarness.makeEditor()
    defer { EditorHarness.close(editor) }
    let cancel = editor.actions.action(named: EditorAction.cancel.name)
    #expect(cancel?.isEnabled == false, "a blank first launch has nothing to start over from")
    #expect(gtk_widget_get_sensitive(editor.header.cancelButton) == 0)
    editor.canvas.fields.topEntry.focus()
    gtk_editable_set_text(gtkkit_editable(editor.canvas.fields.topEntry.widget), "typed")
    #expect(cancel?.isEnabled == true, "typed captions can be cleared")
    cancel?.activate()
    // Typed words would be lost: asked first, as closing the window does.
    try #require(editor.leaving.dialog).respond(LeavingQuestions.DiscardResponse.discard.rawValue)
    #expect(MainContext.iterate { cancel?.isEnabled == false }, "back to blank")
    EditorHarness.settle(editor)
    EditorHarness.load(Fixtures.picture(width: 1200, height: 800, name: "landscape.png"), into: editor)
    #expect(cancel?.isEnabled == true && gtk_widget_get_sensitive(editor.header.cancelButton) != 0)
  }

  @Test func aShareLeavesNoHoverHighlightOrTooltipOnTheCaptions() throws {
    try DisplayHarness.requireDisplay()
    let sink = InMemorySentMemes()
    let editor = EditorHarness.makeEditor(sink: sink)
    defer { EditorHarness.close(editor) }
    EditorHarness.load(Fixtures.picture(width: 1200, height: 800, name: "landscape.png"), into: editor)
    let top = editor.canvas.fields.topEntry.widget
    // The pointer was over the top caption when it went for the Share menu.
    gtk_widget_set_state_flags(top, GTK_STATE_FLAG_PRELIGHT, 0)
    editor.actions.action(named: ShareTarget.copyImage.name)?.activate()
    #expect(MainContext.iterate(maxIterations: 3000) { sink.entries.count == 1 })
    EditorHarness.settle(editor)
    #expect(gtk_widget_get_state_flags(top).rawValue & GTK_STATE_FLAG_PRELIGHT.rawValue == 0)
    for entry in [editor.canvas.fields.topEntry, editor.canvas.fields.bottomEntry] {
      #expect(gtk_widget_get_has_tooltip(entry.widget) == 0, "no tooltip to pop up over the meme")
    }
    // The highlight fades out over 150 ms (a CSS transition): look once it has.
    MainContext.iterate(maxIterations: 40) { false }
    EditorHarness.settle(editor)
    Screenshot.save(editor.window, named: "after-share")
  }
}

/// A damaged picture loads with a warning that stays in view while it is shown.
@Suite(.serialized) struct DamagedPictureTests {
  @Test func aDamagedJPEGLoadsWithAWarning() throws {
    try DisplayHarness.requireDisplay()
    let editor = EditorHarness.makeEditor()
    defer { EditorHarness.close(editor) }
    let clean = Fixtures.picture(width: 1200, height: 800, format: .jpeg(quality: 92), name: "whole.jpg")
    let damaged = Fixtures.folder.appendingPathComponent("damaged.jpg")
    try Data(DamagedJPEG.scrambled([UInt8](try Data(contentsOf: clean)))).write(to: damaged)

    #expect(EditorHarness.load(damaged, into: editor))
    #expect(editor.document.image != nil, "the damaged picture is shown")
    #expect(editor.lastError == nil, "not refused with an error dialog")
    #expect(gtk_revealer_get_reveal_child(OpaquePointer(editor.warningBar.revealer.widget)) != 0)
    let text = String(cString: gtk_label_get_text(gtkkit_label(editor.warningBar.label.widget)))
    #expect(text.contains("damaged"), "\(text)")
    Screenshot.save(editor.window, named: "damaged-picture-warning")

    #expect(EditorHarness.load(clean, into: editor))
    #expect(
      gtk_revealer_get_reveal_child(OpaquePointer(editor.warningBar.revealer.widget)) == 0,
      "gone with the picture")
  }
}
