// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import DiskTestSupport
import Foundation
import GtkKit
import GtkTestSupport
import MemeCore
import Testing

@testable import MemeUI

/// A picture that is small on disk but slow to decode (issue 33): a scan bomb is refused in one line,
/// by the scan limit the editor's loader shares with every other path (ScanLimitTests holds that
/// refusal to two seconds of processor time, which a window test cannot measure on the loader's
/// thread), and a slow open can be stopped with its Stop button or Escape. Either way the picture
/// and captions shown before stay as they were.
@Suite(.serialized) struct SlowPictureTests {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("slow-\(UUID().uuidString)")

  init() throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  @Test func aScanBombIsRefusedKeepingThePicture() throws {
    try DisplayHarness.requireDisplay()
    let (editor, picture) = EditorHarness.makeEditorWithAMeme()
    defer { EditorHarness.close(editor) }
    let bomb = folder.appendingPathComponent("bomb.jpg")
    try Data(ScanBomb.jpeg(width: 2000, height: 2000, repeats: 20_000)).write(to: bomb)
    editor.load(bomb)
    #expect(MainContext.iterate(maxIterations: 100_000) { !editor.isLoading })
    let error = try #require(editor.lastError, "the refusal is shown")
    #expect(error.title == "Could not open “bomb.jpg”")
    #expect(error.detail.hasPrefix("The picture is damaged"), "\(error.detail)")
    #expect(!error.detail.contains("\n"))
    EditorHarness.expectMemeKept(in: editor, showing: picture)
  }

  @Test func aPastedScanBombIsDecodedByMemeMeAndRefused() throws {
    // Another application offering JPEG bytes: GDK's own JPEG decoder has no scan limit, so the bytes
    // are taken as they are and decoded by MemeMe.
    try DisplayHarness.requireDisplay()
    let (editor, picture) = EditorHarness.makeEditorWithAMeme()
    defer { EditorHarness.close(editor) }
    let bomb = ScanBomb.jpeg(width: 2000, height: 2000, repeats: 20_000)
    let bytes = bomb.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
    let provider = gdk_content_provider_new_for_bytes("image/jpeg", bytes)
    g_bytes_unref(bytes)
    let clipboard = gtk_widget_get_clipboard(gtkkit_widget(editor.window))
    gdk_clipboard_set_content(clipboard, provider)
    g_object_unref(provider)
    editor.actions.action(named: "paste")?.activate()
    #expect(EditorHarness.answerStickerOrPicture(.replace))
    #expect(MainContext.iterate(maxIterations: 100_000) { editor.lastError != nil })
    #expect(
      editor.lastError?.detail.hasPrefix("The picture is damaged") == true,
      "\(String(describing: editor.lastError))")
    EditorHarness.expectMemeKept(in: editor, showing: picture)
  }

  @Test(arguments: ["stop button", "escape"])
  func aSlowOpenCanBeStopped(how: String) throws {
    try DisplayHarness.requireDisplay()
    let (editor, picture) = EditorHarness.makeEditorWithAMeme()
    defer { EditorHarness.close(editor) }
    // Under the scan limit, but slow: 16 megapixels read 250 times over.
    let slow = folder.appendingPathComponent("slow.jpg")
    try Data(ScanBomb.jpeg(width: 4000, height: 4000, repeats: 240)).write(to: slow)
    editor.load(slow)
    #expect(editor.isLoading)
    let stop = try #require(WidgetTree.descendant(of: editor.window, named: "stop-loading"))
    #expect(gtk_widget_is_visible(stop) != 0, "the Stop button shows while it loads")
    MainContext.iterate(maxIterations: 20) { false }
    if how == "escape" {
      // What the window's key controller does with Escape.
      #expect(editor.canvas.loading.handleKey(UInt32(GDK_KEY_Escape)))
    } else {
      // A keyboard activation: GTK shows the button pressed for a moment, then it is clicked.
      gtk_widget_activate(stop)
      MainContext.iterate(maxIterations: 100) { !editor.isLoading }
    }
    #expect(!editor.isLoading, "stopped at once")
    #expect(gtk_widget_is_visible(stop) == 0)
    // The stopped load's result never arrives, whether it ran on or stopped early.
    MainContext.iterate(maxIterations: 300) { false }
    EditorHarness.expectMemeKept(in: editor, showing: picture)
    #expect(editor.lastError == nil, "stopping is no error")
    #expect(!editor.canvas.loading.handleKey(UInt32(GDK_KEY_Escape)), "Escape passes on when nothing loads")
  }
}
