// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import DiskTestSupport
import Foundation
import GtkKit
import GtkTestSupport
import MemeCore
import MemeEditing
import PictureFixtures
import Testing

@testable import MemeUI

/// What the editor's Share menu does for a meme that is to be sent: no location or camera details in
/// the file, the meme's description in it, Copy Description, and the size limit. Every file is read
/// back by exiftool and ImageMagick, not by MemeMe.
@Suite(.serialized) struct SendReadyWindowTests {
  /// A GPS-tagged phone photo through Save As: the PNG keeps none of it, and carries the captions
  /// as its description.
  @Test func saveAsDropsThePhotosMetadataAndWritesTheDescription() throws {
    try DisplayHarness.requireDisplay()
    try ExifToolReader.require()
    let (editor, sink) = try Self.editorShowingPrivatePhoto()
    defer { EditorHarness.close(editor) }
    let output = Fixtures.folder.appendingPathComponent("private-\(UUID().uuidString).png")
    editor.filePicker = { _, completion in completion(output) }
    editor.actions.action(named: ShareTarget.saveAs.name)?.activate()
    #expect(MainContext.iterate(maxIterations: 6000) { !sink.isEmpty })

    let tags = try ExifToolReader.read(output)
    #expect(tags.unexpected(allowingICCProfile: false).isEmpty, "\(tags.values)")
    #expect(tags.pngDescription == editor.document.resolvedDescription)
    let bytes = try Data(contentsOf: output)
    for secret in PrivateSources.secrets {
      #expect(bytes.range(of: Data(secret.utf8)) == nil, "\(secret) is in the file")
    }
  }

  /// Copy Description puts the meme's text, top caption first, on the clipboard, and keeps nothing in
  /// Sent Memes: no meme was sent.
  @Test func copyDescriptionPutsTheCaptionsOnTheClipboard() throws {
    try DisplayHarness.requireDisplay()
    let (editor, sink) = try Self.editorShowingPrivatePhoto()
    defer { EditorHarness.close(editor) }
    editor.actions.action(named: ShareTarget.copyDescription.name)?.activate()
    let text = try #require(Self.clipboardText(of: editor.window))
    #expect(text == editor.document.resolvedDescription)
    let top = try #require(text.range(of: "When the photo"))
    let bottom = try #require(text.range(of: "has no GPS"))
    #expect(top.upperBound <= bottom.lowerBound, "reading order: top caption first")
    #expect(sink.isEmpty)
  }

  /// Under a size limit a PNG too large becomes the largest JPEG that fits, beside the name chosen,
  /// and the toast says what was made.
  @Test func aSizeLimitMakesAPNGOverItAJPEGUnderIt() throws {
    try DisplayHarness.requireDisplay()
    let sink = InMemorySentMemes()
    let editor = EditorHarness.makeEditor(sink: sink)
    defer { EditorHarness.close(editor) }
    // Noise: a PNG of it is several megabytes.
    let picture = Fixtures.folder.appendingPathComponent("noise-\(UUID().uuidString).png")
    try Self.run("/usr/bin/convert", ["-size", "1600x1200", "xc:", "+noise", "Random", picture.path])
    #expect(EditorHarness.load(picture, into: editor))
    let limit = 400_000
    editor.preferences.shareSizeLimit = limit
    let chosen = Fixtures.folder.appendingPathComponent("limited-\(UUID().uuidString).png")
    editor.filePicker = { _, completion in completion(chosen) }
    editor.actions.action(named: ShareTarget.saveAs.name)?.activate()
    #expect(MainContext.iterate(maxIterations: 6000) { !sink.isEmpty })

    let written = chosen.deletingPathExtension().appendingPathExtension("jpg")
    #expect(!FileManager.default.fileExists(atPath: chosen.path), "no PNG over the limit")
    let size = try #require(try FileManager.default.attributesOfItem(atPath: written.path)[.size] as? Int)
    #expect(size <= limit && size >= limit * 8 / 10, "\(size) bytes against a limit of \(limit)")
    let identified = try Self.run("/usr/bin/identify", ["-format", "%m", written.path])
    #expect(identified == "JPEG")
    let title = try #require(editor.toasts.shownToast?.title)
    #expect(title.contains(written.lastPathComponent) && title.contains("JPEG quality"), "\(title)")
  }

  // MARK: - Helpers

  /// An editor showing a JPEG with GPS, camera, serial number and XMP, and two captions.
  private static func editorShowingPrivatePhoto() throws -> (EditorWindow, InMemorySentMemes) {
    let sink = InMemorySentMemes()
    let editor = EditorHarness.makeEditor(sink: sink)
    let photo = try PrivateSources.picture(.jpeg)
    #expect(EditorHarness.load(photo, into: editor))
    editor.document.setText("When the photo", at: .top)
    editor.document.setText("has no GPS", at: .bottom)
    editor.document.endTyping()
    return (editor, sink)
  }

  /// The clipboard's text, read the way a pasting application reads it.
  private static func clipboardText(of window: UnsafeMutablePointer<GtkWidget>) -> String? {
    final class Box {
      var text: String?
      var done = false
    }
    let box = Box()
    let clipboard = gtk_widget_get_clipboard(window)
    gdk_clipboard_read_text_async(
      clipboard, nil,
      { source, result, data in
        let box = Unmanaged<Box>.fromOpaque(data!).takeRetainedValue()
        if let text = gdk_clipboard_read_text_finish(OpaquePointer(source), result, nil) {
          box.text = String(cString: text)
          g_free(text)
        }
        box.done = true
      }, Unmanaged.passRetained(box).toOpaque())
    MainContext.iterate { box.done }
    return box.text
  }

  @discardableResult
  private static func run(_ tool: String, _ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: output, as: UTF8.self)
  }
}
