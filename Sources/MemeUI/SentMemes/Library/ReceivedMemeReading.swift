// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GtkKit
import MemeCore
import MemeStore
import MemeTextReading

/// Reads the words in received memes' pictures, so that search finds them and their description is
/// their text. Once the store has passed its check after the first frame (`start`), every received
/// meme not read yet is queued, then each one collected and each one the user asks to read again.
///
/// The reading runs on the app's one reader thread at the lowest priority (`BackgroundTextReader`),
/// and what it read is written to the store on that same thread: the main thread never waits for a
/// picture or the disk. A picture that cannot be read records nothing and says nothing: it is read
/// again at the next launch.
package final class ReceivedMemeReading {
  private let reader: BackgroundTextReader
  private weak var memes: SentMemesLibrary?
  /// Called with a meme as stored once its words are recorded (the list's cells follow by themselves).
  var onRead: (SentMeme) -> Void = { _ in }
  /// The memes queued and not done, and how to leave each unread.
  private var queued: [Int64: Cancellation] = [:]
  private(set) var hasStarted = false

  init(reader: BackgroundTextReader, memes: SentMemesLibrary) {
    self.reader = reader
    self.memes = memes
  }

  /// Whether a meme's words are being read or wait to be.
  func isReading(id: Int64) -> Bool { queued[id] != nil }

  /// Queues every received meme not read yet, in the list's order (the ones on top first). Writes
  /// wait for this: the store is written only once it has passed its check.
  func start() {
    guard !hasStarted else { return }
    hasStarted = true
    readAwaiting()
  }

  /// Queues every received meme not read yet and not queued: at the start, and when another process
  /// (`mememe collect`) has added memes it could not read.
  func readAwaiting() {
    guard hasStarted, let store = memes?.store else { return }
    MainLoop.runInBackground(
      { () -> [SentMeme] in
        guard let ids = try? store.memesAwaitingReading(), let found = try? store.memes(ids: ids) else {
          return []
        }
        let byID = Dictionary(found.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        return ids.compactMap { byID[$0] }
      },
      then: { [weak self] awaiting in
        for meme in awaiting { self?.read(meme) }
      })
  }

  /// Queues `meme`'s picture (a received one's), unless it is queued already: collected now, or
  /// Read Text Again.
  func read(_ meme: SentMeme) {
    guard hasStarted, meme.isReceived, queued[meme.id] == nil, let store = memes?.store else { return }
    let id = meme.id
    queued[id] = reader.read(fileAt: meme.renderedImageURL) { result in
      // On the reader's thread, off the main one as every write to the store.
      let recorded: SentMeme? =
        switch result {
        case .success(let text):
          try? store.recordTextInPicture(TextInPicture(read: text.text), ofMemeWithID: id)
        case .failure: nil
        }
      MainLoop.post(.afterFrames) { [weak self] in self?.finished(id, recorded) }
    }
  }

  private func finished(_ id: Int64, _ recorded: SentMeme?) {
    queued[id] = nil
    guard let recorded, let memes else { return }
    memes.list.update(recorded)
    // Under a search or the View choice the meme may now match, or no longer.
    if memes.isSearching { memes.showSearchResults() }
    onRead(recorded)
  }

  /// The store is being left (a rebuilt one takes over): what waits is left unread.
  func stop() {
    for cancellation in queued.values { cancellation.cancel() }
    queued = [:]
  }
}
