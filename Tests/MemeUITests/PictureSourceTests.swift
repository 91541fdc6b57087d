// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import GtkTestSupport
import MemeCore
import Testing

@testable import MemeUI

/// Pictures arrive by paste, drop and the command line as well as from the Album.
@Suite(.serialized) struct PictureSourceTests {
  @Test func pastingAnImageLoadsIt() throws {
    try DisplayHarness.requireDisplay()
    let editor = EditorHarness.makeEditor()
    defer { EditorHarness.close(editor) }
    let source = try ImageLoader().load(
      contentsOf: Fixtures.picture(width: 600, height: 900, name: "portrait.png"))
    #expect(Clipboard(for: editor.window).setImage(encoded: try ImageWriter.encode(source, as: .png)))
    editor.actions.action(named: "paste")?.activate()
    #expect(MainContext.iterate { editor.document.image != nil && !editor.isLoading })
    let picture = try #require(editor.document.image)
    #expect(picture.width == 600 && picture.height == 900)
    // A pasted picture is kept as a file so that a sent meme has an original like any other.
    #expect(FileManager.default.fileExists(atPath: picture.url.path))
  }

  @Test func droppingAFileLoadsIt() throws {
    try DisplayHarness.requireDisplay()
    let editor = EditorHarness.makeEditor()
    defer { EditorHarness.close(editor) }
    let url = Fixtures.picture(width: 1200, height: 800, name: "landscape.png")
    var value = GValue()
    g_value_init(&value, gtkkit_type_file())
    g_value_take_object(&value, FileURL.file(for: url).raw)
    defer { g_value_unset(&value) }
    #expect(editor.loading.acceptDrop(&value))
    #expect(MainContext.iterate { !editor.isLoading })
    #expect(editor.document.image?.url == url)

    var text = GValue()
    g_value_init(&text, gtkkit_type_string())
    defer { g_value_unset(&text) }
    #expect(!editor.loading.acceptDrop(&text), "text is not a picture")
  }

  @Test func openingFilesPresentsTheEditorWithTheFirstOne() throws {
    try DisplayHarness.requireDisplay()
    let app = EditorHarness.application
    let url = Fixtures.picture(width: 1200, height: 800, name: "landscape.png")
    SentMemesHarness.open(url, in: app)
    let editor = try #require(app.editor)
    defer { EditorHarness.close(editor) }
    #expect(MainContext.iterate { editor.document.image != nil && !editor.isLoading })
    #expect(editor.document.image?.url == url)
    // A plain second activation presents the same window instead of opening another.
    app.application.activate()
    #expect(app.editor === editor)
  }
}
