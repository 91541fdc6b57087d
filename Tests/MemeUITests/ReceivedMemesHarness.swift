// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import DiskTestSupport
import Foundation
import GtkKit
import GtkTestSupport
import MemeCore
import MemeEditing
import MemeStore
import PictureFixtures
import Testing

@testable import MemeUI

/// Memes someone else made, as files to collect, and waits for what collecting does in the
/// background (decoding and saving, then reading the words).
enum ReceivedMemesHarness {
  /// A meme someone made with big classic captions over a flat picture, rendered by the engine as
  /// the editor shares it: a PNG file whose words a reader can read.
  static func renderedMeme(top: String, bottom: String, name: String) throws -> URL {
    let picture = try photo(name: "\(name)-picture")
    let snapshot = ShareSnapshot(
      captions: MemeCaptions(top: top, bottom: bottom), picture: try EditorImage.load(contentsOf: picture),
      transform: .identity)
    let shared = try SharePipeline.run(snapshot, as: .still(.png), to: .caller).get()
    let url = ScratchFolder.unique("received").appendingPathComponent("\(name).png")
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try shared.file.data.write(to: url)
    return url
  }

  /// A photo with no text in it: one flat colour.
  static func photo(name: String) throws -> URL {
    let url = ScratchFolder.unique("received").appendingPathComponent("\(name).png")
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    let bytes = try ImageWriter.encode(TestPictures.plain(width: 800, height: 600), as: .png)
    try Data(bytes).write(to: url)
    return url
  }

  /// A dropped value holding `url` (a file manager's drop of one file).
  static func withDroppedFile(_ url: URL, _ body: (UnsafePointer<GValue>) -> Void) {
    var value = GValue()
    g_value_init(&value, gtkkit_type_file())
    g_value_take_object(&value, FileURL.file(for: url).raw)
    body(&value)
    g_value_unset(&value)
  }

  /// Waits until the window's collecting is done and the list holds `count` memes.
  @discardableResult
  static func waitForCollected(_ window: SentMemesWindow, count: Int) -> Bool {
    MainContext.iterate(maxIterations: SentMemesHarness.backgroundWorkBound) {
      window.collecting.pending == 0 && window.memes.list.count == count
    }
  }

  /// Waits (bounded) until the store has read the words of meme `id`, and returns it as stored.
  /// Reading runs on a low-priority thread, a few seconds a picture on a loaded machine.
  static func waitForReading(of id: Int64, in app: MemeMeApplication) -> SentMeme? {
    guard let navigator = app.sentMemes else { return nil }
    for _ in 0..<6 {
      let done = MainContext.iterate(maxIterations: SentMemesHarness.backgroundWorkBound) {
        navigator.reading.hasStarted && !navigator.reading.isReading(id: id)
          && navigator.memes.storedMeme(id: id)?.textInPicture != .notRead
      }
      if done { break }
    }
    return navigator.memes.storedMeme(id: id)
  }

  /// Collects `file` into the window (which holds `count` memes before), then waits for its words
  /// to be read: the meme as stored then.
  static func collectAndRead(
    _ file: URL, into window: SentMemesWindow, holding count: Int, app: MemeMeApplication
  ) -> SentMeme? {
    window.collecting.collect([.file(file)])
    guard waitForCollected(window, count: count + 1), let id = window.memes.list.meme(at: 0)?.id else {
      return nil
    }
    return waitForReading(of: id, in: app)
  }

  /// The words of `meme`'s read text, in upper case, for comparing what a reader made of captions.
  static func words(of text: TextInPicture) -> Set<String> {
    guard case .found(let read) = text else { return [] }
    return Set(read.uppercased().split(whereSeparator: { !$0.isLetter }).map(String.init))
  }
}
