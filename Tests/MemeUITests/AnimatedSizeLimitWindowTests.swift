// SPDX-License-Identifier: GPL-3.0-or-later
import DiskTestSupport
import Foundation
import GtkKit
import GtkTestSupport
import MemeCore
import MemeEditing
import PictureChecks
import Testing

@testable import MemeUI

/// The size limit applies to animations: the editor's Save As of a GIF or WebP, from a generous
/// limit (the normal file) to an impossible one (an error, no file), every file at most the limit
/// by `stat`, every frame and delay as Pillow reads them, and a toast that says what was made.
@Suite(.serialized, .enabled(if: AnimationReferences.pillowAvailable || RequiredTools.areRequired))
struct AnimatedSizeLimitWindowTests {
  /// Saves the editor's meme to a new file of `fileExtension` under `limit`, and waits for the
  /// toast or the error: the file's URL.
  private static func saveAs(
    _ editor: EditorWindow, _ sink: InMemorySentMemes, fileExtension: String, limit: Int?
  ) -> URL {
    // The toast read afterwards is this save's: the earlier ones go first.
    for _ in 0..<10 where editor.toasts.shownToast != nil {
      editor.toasts.shownToast?.dismiss()
      EditorHarness.settle(editor)
    }
    editor.preferences.shareSizeLimit = limit
    let output = ScratchFolder.unique("limited").appendingPathExtension(fileExtension)
    editor.filePicker = { _, completion in completion(output) }
    let kept = sink.entries.count
    editor.actions.action(named: ShareTarget.saveAs.name)?.activate()
    _ = MainContext.iterate(maxIterations: 60_000) {
      sink.entries.count > kept || editor.lastError != nil
    }
    EditorHarness.settle(editor)
    return output
  }

  private static func byteCount(_ url: URL) throws -> Int {
    try #require((try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.intValue)
  }

  @Test(arguments: ["gif", "webp"])
  func saveAsKeepsAnimationsWithinTheLimit(fileExtension: String) throws {
    try DisplayHarness.requireDisplay()
    let sink = InMemorySentMemes()
    let editor = EditorHarness.makeEditor(sink: sink)
    defer { EditorHarness.close(editor) }
    let source = try AnimationSamples.write(AnimationSamples.noise(width: 200, height: 150))
    #expect(EditorHarness.load(source, into: editor))
    EditorHarness.type(top: "under the limit", bottom: "every frame", into: editor)
    EditorHarness.settle(editor)
    let delays = AnimationSamples.delays.map { $0 * 10 }

    let normal = Self.saveAs(editor, sink, fileExtension: fileExtension, limit: nil)
    let normalSize = try Self.byteCount(normal)
    #expect(normalSize > 60_000, "\(normalSize) bytes")

    // Generous: the normal file, and the toast says only where it went.
    let generous = Self.saveAs(editor, sink, fileExtension: fileExtension, limit: 25_000_000)
    #expect(try Data(contentsOf: generous) == Data(contentsOf: normal))
    #expect(editor.toasts.shownToast?.title == "Saved “\(generous.lastPathComponent)”")

    // Tight: at most the limit, every frame and delay, and the toast says the size made.
    for share in [0.4, 0.05] {
      let limit = Int(Double(normalSize) * share)
      let output = Self.saveAs(editor, sink, fileExtension: fileExtension, limit: limit)
      #expect(editor.lastError == nil, "\(String(describing: editor.lastError))")
      let written = try Self.byteCount(output)
      #expect(written <= limit, "\(written) bytes over the limit of \(limit)")
      let reading = try AnimationReferences.readByPillow(output)
      #expect(reading.frames.count == AnimationSamples.delays.count)
      #expect(reading.delays == delays)
      let frame = try #require(reading.frames.first)
      #expect(min(frame.width, frame.height) >= 16)
      let title = try #require(editor.toasts.shownToast?.title)
      #expect(title.hasPrefix("Saved “\(output.lastPathComponent)”: "), "\(title)")
      #expect(title.hasSuffix("\(frame.width)×\(frame.height)"), "\(title)")
      #expect(
        sink.entries.last?.file.data == (try Data(contentsOf: output)), "Sent Memes keeps the file made")
    }

    // Impossible: an error that says so, no file, nothing kept.
    let kept = sink.entries.count
    let impossible = Self.saveAs(editor, sink, fileExtension: fileExtension, limit: 300)
    let error = try #require(editor.lastError, "the refusal is shown")
    #expect(error.title == "Could not save “\(impossible.lastPathComponent)”")
    let kind = fileExtension == "gif" ? "GIF" : "WebP"
    #expect(error.detail.contains("No \(kind) of the meme fits in 300 bytes"), "\(error.detail)")
    #expect(!FileManager.default.fileExists(atPath: impossible.path))
    #expect(sink.entries.count == kept)
  }
}
