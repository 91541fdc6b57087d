// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import GtkTestSupport
import MemeCore
import MemeEditing
import Testing

@testable import MemeUI

/// TOP, BOTTOM and a new box's TEXT are placeholders: the editor shows them, and nothing of them
/// reaches a shared file, its thumbnail or Sent Memes. Files are read back by ImageMagick, which
/// shares no code with the app: a picture of one colour stays one colour where no caption was typed.
@Suite(.serialized) struct PlaceholderTests {
  /// A 900×600 picture of one colour, written by ImageMagick.
  private static func solidPicture() throws -> URL {
    let url = Fixtures.folder.appendingPathComponent("solid-\(UUID().uuidString).png")
    let made = try ChildProcess.run("/usr/bin/convert", ["-size", "900x600", "xc:rgb(60,120,180)", url.path])
    try #require(made.status == 0, "convert: \(made.errors)")
    return url
  }

  /// How many colours ImageMagick finds in the picture file at `url`, or in `region` of it
  /// ("WxH+X+Y").
  private static func colourCount(of url: URL, region: String? = nil) throws -> Int {
    let source = region.map { "\(url.path)[\($0)]" } ?? url.path
    let counted = try ChildProcess.run("/usr/bin/identify", ["-format", "%k", source])
    try #require(counted.status == 0, "identify: \(counted.errors)")
    return try #require(Int(counted.output.trimmingCharacters(in: .whitespacesAndNewlines)))
  }

  private static func write(_ data: Data, named name: String) throws -> URL {
    let url = Fixtures.folder.appendingPathComponent("\(name)-\(UUID().uuidString).png")
    try data.write(to: url)
    return url
  }

  /// An editor showing the solid picture with a box added and left untouched (deselected), and the
  /// sink its shares go to.
  private static func untouchedEditor() throws -> (EditorWindow, InMemorySentMemes) {
    let sink = InMemorySentMemes()
    let editor = EditorHarness.makeEditor(sink: sink)
    #expect(EditorHarness.load(try solidPicture(), into: editor))
    editor.actions.action(named: EditorAction.addText.name)?.activate()
    editor.document.selectLayer(at: nil)
    EditorHarness.settle(editor)
    return (editor, sink)
  }

  @Test func untouchedPlaceholdersAreShownButNeverExportedOrKept() throws {
    try DisplayHarness.requireDisplay()
    let (editor, sink) = try Self.untouchedEditor()
    defer { EditorHarness.close(editor) }
    // The editor shows them, drawn as captions.
    #expect(editor.canvas.fields.topEntry.text == "TOP" && editor.canvas.fields.bottomEntry.text == "BOTTOM")
    #expect(editor.canvas.captions.top == "TOP" && editor.canvas.captions.textBoxes.map(\.text) == ["TEXT"])
    let top = try #require(
      WidgetTree.bounds(of: editor.canvas.fields.topEntry.widget, in: editor.canvas.drawingArea))
    #expect(try TextBoxKeyboardTests.whitePixels(in: editor, around: top) > 30, "TOP is drawn on the canvas")
    // The meme holds no text.
    #expect(editor.document.captions.top.isEmpty && editor.document.captions.bottom.isEmpty)
    #expect(editor.document.textBoxes.map(\.text) == [""])

    let output = Fixtures.folder.appendingPathComponent("placeholders-\(UUID().uuidString).png")
    editor.filePicker = { request, completion in
      guard case .saveMeme = request else { return completion(nil) }
      completion(output)
    }
    editor.actions.action(named: ShareTarget.saveAs.name)?.activate()
    #expect(MainContext.iterate(maxIterations: 12_000) { !sink.isEmpty })
    #expect(try Self.colourCount(of: output) == 1, "no ink anywhere in the saved file")
    let kept = try #require(sink.entries.first)
    #expect(
      try Self.colourCount(of: Self.write(kept.file.data, named: "kept")) == 1, "nor in Sent Memes' copy")
    #expect(
      try Self.colourCount(of: Self.write(kept.thumbnailPNG, named: "thumbnail")) == 1, "nor its thumbnail")
    let draft = SentMemeDraftMaker.draft(of: kept)
    #expect(draft.top.isEmpty && draft.bottom.isEmpty, "Sent Memes stores no caption")
    #expect(draft.textBoxes.map(\.text) == [""])
  }

  @Test func typedWordsReachTheFileEvenWhenTheyAreThePlaceholdersOwn() throws {
    try DisplayHarness.requireDisplay()
    let (editor, sink) = try Self.untouchedEditor()
    defer { EditorHarness.close(editor) }
    // Typed into the field as a person does: focusing it clears TOP, then the letters go in.
    let top = editor.canvas.fields.topEntry
    top.focus()
    MainContext.drain()
    #expect(top.text.isEmpty)
    try RealKeyboardOrText.type("TOP", into: top, of: editor.window)
    editor.toplevel.focusedWidget = nil
    MainContext.drain()
    #expect(editor.document.captions.top == "TOP", "typed, so the user's words")

    editor.actions.action(named: ShareTarget.copyImage.name)?.activate()
    #expect(MainContext.iterate(maxIterations: 12_000) { !sink.isEmpty })
    let kept = try Self.write(try #require(sink.entries.first).file.data, named: "typed")
    #expect(try Self.colourCount(of: kept, region: "900x150+0+0") > 1, "the typed caption is in the top band")
    #expect(try Self.colourCount(of: kept, region: "900x150+0+450") == 1, "the untouched BOTTOM is not")
  }

  @Test func focusingAndLeavingAnUntouchedFieldChangesNothing() throws {
    try DisplayHarness.requireDisplay()
    let sink = InMemorySentMemes()
    let editor = EditorHarness.makeEditor(sink: sink)
    defer { EditorHarness.close(editor) }
    #expect(EditorHarness.load(try Self.solidPicture(), into: editor))
    editor.actions.action(named: ShareTarget.copyImage.name)?.activate()
    #expect(MainContext.iterate(maxIterations: 12_000) { !sink.isEmpty && !editor.isBusy })
    #expect(!editor.document.hasUnsharedChanges)
    let undoable = editor.document.canUndo
    for entry in [editor.canvas.fields.topEntry, editor.canvas.fields.bottomEntry] {
      entry.focus()
      MainContext.drain()
      #expect(entry.text.isEmpty, "clicked into, the placeholder clears")
    }
    editor.toplevel.focusedWidget = nil
    MainContext.drain()
    #expect(editor.canvas.fields.topEntry.text == "TOP" && editor.canvas.fields.bottomEntry.text == "BOTTOM")
    #expect(!editor.document.hasUnsharedChanges, "not a change: Discard this meme? is not asked")
    #expect(editor.document.canUndo == undoable, "and nothing to undo")
  }
}

/// Typing into a caption field: real key presses on X11, the field's own insertion on Wayland (no
/// client may synthesise keys there).
enum RealKeyboardOrText {
  static func type(_ text: String, into entry: CaptionEntry, of window: UnsafeMutablePointer<GtkWidget>)
    throws
  {
    guard !DisplayHarness.isWayland else {
      var position = Int32(entry.cursorPosition)
      gtk_editable_insert_text(gtkkit_editable(entry.widget), text, -1, &position)
      return
    }
    try RealKeyboard.focus(window)
    if !entry.isFocused { entry.focus() }
    try RealKeyboard.type(text)
  }
}
