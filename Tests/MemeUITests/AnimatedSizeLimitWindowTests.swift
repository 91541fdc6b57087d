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
  /// What one Save As made: the file chosen, the toast's title or the error shown, and the file
  /// Sent Memes kept.
  private struct Saved {
    let url: URL
    let toast: String?
    let error: (title: String, detail: String)?
    let kept: Data?
  }

  /// A new editor showing `source` with two captions saves it to a new file of `fileExtension`
  /// under `limit` (each save in its own window, so the toast read is that save's).
  private static func saveAs(_ source: URL, fileExtension: String, limit: Int?) throws -> Saved {
    let sink = InMemorySentMemes()
    let editor = EditorHarness.makeEditor(sink: sink)
    defer { EditorHarness.close(editor) }
    #expect(EditorHarness.load(source, into: editor))
    EditorHarness.type(top: "under the limit", bottom: "every frame", into: editor)
    EditorHarness.settle(editor)
    editor.preferences.shareSizeLimit = limit
    let output = ScratchFolder.unique("limited").appendingPathExtension(fileExtension)
    editor.filePicker = { _, completion in completion(output) }
    editor.actions.action(named: ShareTarget.saveAs.name)?.activate()
    #expect(MainContext.iterate(maxIterations: 60_000) { !sink.isEmpty || editor.lastError != nil })
    EditorHarness.settle(editor)
    return Saved(
      url: output, toast: editor.toasts.shownToast?.title, error: editor.lastError,
      kept: sink.entries.first?.file.data)
  }

  private static func byteCount(_ url: URL) throws -> Int {
    try #require((try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.intValue)
  }

  @Test(arguments: ["gif", "webp"])
  func saveAsKeepsAnimationsWithinTheLimit(fileExtension: String) throws {
    try DisplayHarness.requireDisplay()
    let source = try AnimationSamples.write(AnimationSamples.noise(width: 200, height: 150))
    let delays = AnimationSamples.delays.map { $0 * 10 }

    let normal = try Self.saveAs(source, fileExtension: fileExtension, limit: nil)
    let normalSize = try Self.byteCount(normal.url)
    #expect(normalSize > 60_000, "\(normalSize) bytes")

    // Generous: the normal file, and the toast says only where it went.
    let generous = try Self.saveAs(source, fileExtension: fileExtension, limit: 25_000_000)
    #expect(try Data(contentsOf: generous.url) == Data(contentsOf: normal.url))
    #expect(generous.toast == "Saved “\(generous.url.lastPathComponent)”")

    // Tight: at most the limit, every frame and delay, and the toast says the size made.
    for share in [0.4, 0.05] {
      let limit = Int(Double(normalSize) * share)
      let saved = try Self.saveAs(source, fileExtension: fileExtension, limit: limit)
      #expect(saved.error == nil, "\(String(describing: saved.error))")
      let written = try Self.byteCount(saved.url)
      #expect(written <= limit, "\(written) bytes over the limit of \(limit)")
      let reading = try AnimationReferences.readByPillow(saved.url)
      #expect(reading.frames.count == AnimationSamples.delays.count)
      #expect(reading.delays == delays)
      let frame = try #require(reading.frames.first)
      #expect(min(frame.width, frame.height) >= 16)
      let title = try #require(saved.toast)
      #expect(title.hasPrefix("Saved “\(saved.url.lastPathComponent)”: "), "\(title)")
      #expect(title.hasSuffix("\(frame.width)×\(frame.height)"), "\(title)")
      #expect(saved.kept == (try Data(contentsOf: saved.url)), "Sent Memes keeps the file made")
    }

    // Impossible: an error that says so, no file, nothing kept.
    let impossible = try Self.saveAs(source, fileExtension: fileExtension, limit: 300)
    let error = try #require(impossible.error, "the refusal is shown")
    #expect(error.title == "Could not save “\(impossible.url.lastPathComponent)”")
    let kind = fileExtension == "gif" ? "GIF" : "WebP"
    #expect(error.detail.contains("No \(kind) of the meme fits in 300 bytes"), "\(error.detail)")
    #expect(!FileManager.default.fileExists(atPath: impossible.url.path))
    #expect(impossible.kept == nil)
  }

  /// Meme Detail's Save As of a meme sent as a GIF follows the limit too: every frame and delay in
  /// a file at most the limit, a toast that says what was made, and an error, with no file, when
  /// the limit is impossible.
  @Test func detailSaveAsKeepsTheSentAnimationWithinTheLimit() throws {
    let source = try AnimationSamples.write(AnimationSamples.noise(width: 200, height: 150))
    try SentMemesHarness.withSentMemes([(source, MemeCaptions(top: "sent", bottom: "animated"))]) {
      app, window, memes in
      let sentSize = try Self.byteCount(memes[0].renderedImageURL)
      SentMemesHarness.activate(SentMemesAction.openMeme.name, in: window.window)
      let detail = try #require(app.sentMemes?.detailWindow)
      #expect(MainContext.iterate { !detail.isLoading })
      defer { detail.preferences.shareSizeLimit = nil }

      let limit = sentSize * 2 / 5
      detail.preferences.shareSizeLimit = limit
      let output = ScratchFolder.unique("detail-limited").appendingPathExtension("gif")
      detail.filePicker = { _, completion in completion(output) }
      SentMemesHarness.activate(ShareTarget.saveAs.name, in: detail.window)
      #expect(
        MainContext.iterate(maxIterations: 60_000) {
          detail.toasts.shownToast?.title.contains(output.lastPathComponent) == true
        })
      let written = try Self.byteCount(output)
      #expect(written <= limit, "\(written) bytes over the limit of \(limit)")
      let reading = try AnimationReferences.readByPillow(output)
      #expect(reading.frames.count == AnimationSamples.delays.count)
      #expect(reading.delays == AnimationSamples.delays.map { $0 * 10 })
      let frame = try #require(reading.frames.first)
      #expect(frame.width < 200 && min(frame.width, frame.height) >= 16)
      let title = detail.toasts.shownToast?.title ?? ""
      #expect(title.hasSuffix("\(frame.width)×\(frame.height)"), "\(title)")

      detail.preferences.shareSizeLimit = 300
      let impossible = ScratchFolder.unique("detail-impossible").appendingPathExtension("gif")
      detail.filePicker = { _, completion in completion(impossible) }
      SentMemesHarness.activate(ShareTarget.saveAs.name, in: detail.window)
      #expect(MainContext.iterate(maxIterations: 60_000) { detail.lastError != nil })
      #expect(detail.lastError?.detail.contains("No GIF of the meme fits in 300 bytes") == true)
      #expect(!FileManager.default.fileExists(atPath: impossible.path))
    }
  }

  /// Meme Detail's Save As of a sent animation as a JPEG (its first frame) keeps to the size limit
  /// as the animation does, and the toast says what was made, and that it is the first frame.
  @Test func detailFirstFrameKeepsToTheLimit() throws {
    let source = try AnimationSamples.write(AnimationSamples.noise(width: 400, height: 300))
    try SentMemesHarness.withSentMemes([(source, MemeCaptions(top: "sent", bottom: "animated"))]) {
      app, window, _ in
      SentMemesHarness.activate(SentMemesAction.openMeme.name, in: window.window)
      let detail = try #require(app.sentMemes?.detailWindow)
      #expect(MainContext.iterate { !detail.isLoading })
      defer { detail.preferences.shareSizeLimit = nil }
      let save = { (name: String) throws -> (url: URL, toast: String) in
        let output = ScratchFolder.unique(name).appendingPathExtension("jpg")
        detail.filePicker = { _, completion in completion(output) }
        SentMemesHarness.activate(ShareTarget.saveAs.name, in: detail.window)
        #expect(
          MainContext.iterate(maxIterations: 60_000) {
            detail.toasts.shownToast?.title.contains(output.lastPathComponent) == true
          })
        return (output, detail.toasts.shownToast?.title ?? "")
      }

      // Without a limit: the first frame at the default quality, the size the limit bites into.
      let unlimited = try save("detail-first-frame")
      #expect(unlimited.toast.contains("first frame"))
      #expect(!unlimited.toast.contains("JPEG quality"), "\(unlimited.toast)")
      let limit = try Self.byteCount(unlimited.url) / 3
      detail.preferences.shareSizeLimit = limit
      let limited = try save("detail-first-frame-limited")
      let written = try Self.byteCount(limited.url)
      #expect(written <= limit, "\(written) bytes over the limit of \(limit)")
      let reading = try AnimationReferences.readByPillow(limited.url)
      #expect(reading.frames.count == 1)
      #expect(limited.toast.contains("JPEG quality"), "\(limited.toast)")
      #expect(limited.toast.contains("first frame"), "\(limited.toast)")
    }
  }
}
