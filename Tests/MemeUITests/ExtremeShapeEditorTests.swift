// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import GtkTestSupport
import MemeCore
import MemeEditing
import Testing

@testable import MemeUI

/// Extreme but legal pictures open in the editor, draw and save; pictures beyond the limits are
/// explained in a dialog and the meme being made is kept.
@Suite(.serialized) struct ExtremeShapeEditorTests {
  @Test(arguments: [(1, 1), (1, 4000), (4000, 1), (20000, 20), (20, 20000)])
  func extremeShapesOpenDrawAndSave(width: Int, height: Int) throws {
    try DisplayHarness.requireDisplay()
    try opensDrawsAndSaves(
      Fixtures.picture(width: width, height: height, name: "extreme-\(width)x\(height).png"))
  }

  /// 81 megapixels: opened and drawn (saving it is the command line's test; encoding a PNG that
  /// large takes long in a debug build).
  @Test func aNineThousandPixelSquareOpensAndDraws() throws {
    try DisplayHarness.requireDisplay()
    try opensDrawsAndSaves(
      save: false,
      Fixtures.picture(width: 9000, height: 9000, format: .jpeg(quality: 50), name: "square.jpg"))
  }

  /// A valid PNG 40000 pixels wide (few pixels, but wider than Cairo can draw) is explained in a
  /// dialog; the picture and captions already in the editor stay.
  @Test func aPictureBeyondTheLimitsIsExplainedAndThePreviousStateKept() throws {
    try DisplayHarness.requireDisplay()
    let editor = EditorHarness.makeEditor()
    defer { EditorHarness.close(editor) }
    EditorHarness.load(Fixtures.picture(width: 1200, height: 800, name: "landscape.png"), into: editor)
    EditorHarness.type(top: "Keep me", bottom: "too", into: editor)
    let before = try #require(editor.document.image)
    EditorHarness.load(try Self.pixbufPNG(width: 40000, height: 1, name: "too-wide.png"), into: editor)
    let error = try #require(editor.lastError)
    #expect(error.title.contains("too-wide.png"))
    #expect(error.detail.contains(PixelCount.grouped(40000)), "the reason names the size: \(error.detail)")
    #expect(editor.document.image === before)
    #expect(editor.document.captions.top == "Keep me" && editor.document.captions.bottom == "too")
    let dialog = try #require(EditorWindowTests.toplevel(named: "message-dialog"), "an error dialog is shown")
    gtk_window_destroy(gtkkit_window(dialog))
  }

  /// Loads `picture`, types captions, lets the canvas draw them and place the caption fields, then
  /// (when asked) saves the meme and checks the file has the picture's size.
  private func opensDrawsAndSaves(save: Bool = true, _ picture: URL) throws {
    let sink = InMemorySentMemes()
    let editor = EditorHarness.makeEditor(sink: sink)
    defer { EditorHarness.close(editor) }
    let source = try ImageLoader().pixelSize(ofImageAt: picture)
    #expect(EditorHarness.load(picture, into: editor))
    #expect(editor.lastError == nil, "\(editor.lastError.map { "\($0.title): \($0.detail)" } ?? "")")
    let image = try #require(editor.document.image)
    #expect(image.width == source.width && image.height == source.height)
    EditorHarness.type(top: "one does not simply", bottom: "open a banner", into: editor)
    EditorHarness.settle(editor)
    #expect(editor.canvas.layout?.imageWidth == source.width)
    for entry in [editor.canvas.fields.topEntry, editor.canvas.fields.bottomEntry] {
      #expect(gtk_widget_get_width(entry.widget) > 0 && gtk_widget_get_height(entry.widget) > 0)
    }
    guard save else { return }

    let output = Fixtures.folder.appendingPathComponent("saved-\(UUID().uuidString).png")
    editor.filePicker = { request, completion in
      guard case .saveMeme = request else { return completion(nil) }
      completion(output)
    }
    editor.actions.action(named: "save-as")?.activate()
    #expect(MainContext.iterate { !sink.isEmpty })
    let saved = try ImageLoader().pixelSize(ofImageAt: output)
    #expect(saved.width == source.width && saved.height == source.height)
  }

  /// A PNG written by gdk-pixbuf, which (unlike Cairo) can hold a row longer than 32767 pixels.
  static func pixbufPNG(width: Int32, height: Int32, name: String) throws -> URL {
    let url = Fixtures.folder.appendingPathComponent(name)
    let pixbuf = try #require(gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, width, height))
    defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
    gdk_pixbuf_fill(pixbuf, 0x3366_99FF)
    var error: UnsafeMutablePointer<GError>?
    defer { g_clear_error(&error) }
    #expect(gdk_pixbuf_savev(pixbuf, url.path, "png", nil, nil, &error) != 0)
    return url
  }
}
