// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GLibSupport
import GtkKit
import MemeCore
import MemeEditing
import MemeStore

/// What collecting some pictures came to: the memes kept (newest first, as the list shows them) and
/// the pictures that could not be, each with why.
struct CollectOutcome {
  var added: [SentMeme] = []
  var failures: [(name: String, reason: String)] = []
}

/// Collect: pictures, GIFs and videos someone else made kept as received memes. Each is decoded and
/// written again without its metadata (`MemeCollector`) and saved, off the main thread: a video takes
/// as long as sharing one. The list shows them at its top when they are all done.
extension SentMemesLibrary {
  func collect(_ pictures: [ArrivingPicture], completion: @escaping (CollectOutcome) -> Void) {
    guard !pictures.isEmpty, !hasFailedCheck else { return }
    let store = store
    let names = pictures.map(\.name)
    let work: @Sendable () -> [Result<SentMeme, CollectingFailure>] = {
      pictures.map { picture in Self.collect(picture, into: store) }
    }
    MainLoop.runInBackground(work) { [weak self] results in
      guard let self else { return }
      var outcome = CollectOutcome()
      for (name, result) in zip(names, results) {
        switch result {
        case .success(let meme): outcome.added.insert(meme, at: 0)
        case .failure(let failure): outcome.failures.append((name, failure.reason))
        }
      }
      // Saved oldest first: the last stands at the top, as it does in the store's order.
      if isFiltered {
        showSearchResults()
      } else {
        for meme in outcome.added.reversed() { list.insert(meme, at: 0) }
      }
      completion(outcome)
    }
  }

  /// Keeps one picture as a received meme; runs on a background thread.
  nonisolated private static func collect(_ picture: ArrivingPicture, into store: SentMemeStore)
    -> Result<SentMeme, CollectingFailure>
  {
    let url: URL
    var written: URL?
    switch picture {
    case .file(let file): url = file
    case .bytes(let bytes):
      // A pasted or dropped picture gets a file of its own, in the cache as the editor's pasted ones.
      url = CacheFolder.newFile(
        prefix: "received", extension: ImageLoader.fileExtension(sniffing: bytes) ?? "png")
      do throws(ImageError) {
        try ImageWriter.write(encoded: Data(bytes), to: url)
      } catch {
        return .failure(CollectingFailure(reason: error.reason))
      }
      written = url
    }
    defer { if let written { try? FileManager.default.removeItem(at: written) } }
    switch MemeCollector.draft(collecting: url) {
    case .failure(let error): return .failure(CollectingFailure(reason: error.reason))
    case .success(let draft):
      do {
        return .success(try store.save(draft))
      } catch {
        return .failure(
          CollectingFailure(reason: (error as? StoreError)?.message ?? error.localizedDescription))
      }
    }
  }
}

/// Why a picture could not be collected, in a sentence for the user.
nonisolated struct CollectingFailure: Error {
  var reason: String
}
