// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import GtkTestSupport
import MemeCore
import MemeEditing
import Testing

@testable import MemeUI

/// The editor's title names the meme, as a text editor names its document, and starts with "• "
/// while the meme has changes no share has kept.
@Suite(.serialized) struct EditorTitleTests {
  private func title(of editor: EditorWindow) -> String {
    String(cString: gtk_window_get_title(gtkkit_window(editor.window)))
  }

  /// What the header bar shows: its label styled as the title, as drawn.
  private func shownTitle(of editor: EditorWindow) -> String? {
    guard
      let label = WidgetTree.first(
        in: editor.window,
        where: { gtkkit_is_label($0) != 0 && gtk_widget_has_css_class($0, "title") != 0 })
    else { return nil }
    return String(cString: gtk_label_get_text(gtkkit_label(label)))
  }

  @Test func theTitleFollowsTheMemeAndMarksUnsharedChanges() throws {
    try DisplayHarness.requireDisplay()
    let sink = InMemorySentMemes()
    let editor = EditorHarness.makeEditor(sink: sink)
    defer { EditorHarness.close(editor) }
    // Nothing yet: a new meme, nothing to lose.
    #expect(title(of: editor) == "New Meme")

    let picture = Fixtures.picture(width: 600, height: 400, name: "holiday photo.png")
    EditorHarness.load(picture, into: editor)
    #expect(title(of: editor) == "• holiday photo.png", "named after the picture, not shared yet")

    EditorHarness.type(top: "  When the build\n finally passes ", bottom: "bottom line", into: editor)
    EditorHarness.settle(editor)
    #expect(title(of: editor) == "• When the build finally passes", "the top caption, on one line")
    #expect(shownTitle(of: editor) == "• When the build finally passes", "the header bar shows it")

    // Only the bottom caption typed: it names the meme.
    EditorHarness.type(top: "", bottom: "bottom line", into: editor)
    #expect(title(of: editor) == "• bottom line")

    editor.actions.action(named: "copy-image")?.activate()
    #expect(MainContext.iterate { !sink.isEmpty })
    EditorHarness.settle(editor)
    #expect(title(of: editor) == "bottom line", "a completed share clears the mark")

    EditorHarness.type(top: "", bottom: "bottom line again", into: editor)
    #expect(title(of: editor) == "• bottom line again", "a change after the share marks it again")
    editor.document.undo()
    #expect(title(of: editor) == "bottom line", "undoing back to what was shared clears it")

    // A long caption is cut to a line's worth.
    let long = String(repeating: "word ", count: 30)
    EditorHarness.type(top: long, bottom: "", into: editor)
    let shortened = title(of: editor)
    #expect(shortened.hasPrefix("• word word") && shortened.hasSuffix("…"))
    #expect(shortened.count == EditorTitle.unsharedMark.count + EditorTitle.maximumLength)

    // Cancel: back to a new meme.
    editor.document.reset()
    EditorHarness.settle(editor)
    #expect(title(of: editor) == "New Meme")

    // A pasted picture is saved in the cache under a name the app made up: no name to show.
    let png = try Data(contentsOf: Fixtures.picture(width: 300, height: 200, name: "clipboard.png"))
    editor.loading.load(pasted: [UInt8](png))
    #expect(MainContext.iterate { !editor.isLoading && editor.document.image != nil })
    EditorHarness.settle(editor)
    #expect(title(of: editor) == "• New Meme")
  }

  /// A picture the app named (Sent Memes' copy) is no name a person gave the meme.
  @Test func aPictureNamedByTheAppIsANewMeme() {
    let stored = URL(fileURLWithPath: "/store/images/\(UUID().uuidString)-original.jpg")
    #expect(EditorTitle.name(captions: MemeCaptions(top: "", bottom: ""), picture: stored) == "New Meme")
    #expect(EditorTitle.name(captions: MemeCaptions(top: "", bottom: " \n "), picture: nil) == "New Meme")
  }
}
