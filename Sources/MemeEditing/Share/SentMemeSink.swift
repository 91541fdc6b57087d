// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore
import MemeStore

/// Where a meme goes once it has been shared (Sent Memes): the last stage, keep, of `SharePipeline`.
/// The editor hands it over only when a share completes; a cancelled share keeps nothing.
public protocol SentMemeSink: AnyObject {
  /// Keeps a shared meme: its captions and style, the picture it was made from and how it was cut and
  /// turned, the very bytes the share delivered (kept as they are) and its thumbnail.
  func keep(_ meme: SharedMeme)
  /// Whether any meme has been kept (Cancel then shows Sent Memes instead of an empty editor).
  var isEmpty: Bool { get }
  /// Whether a meme is still being written (quitting now would lose it).
  var isSaving: Bool { get }
}

/// Sent memes held in memory for the life of the process (when the store cannot be opened).
public final class InMemorySentMemes: SentMemeSink {
  /// The memes kept, oldest first.
  public private(set) var entries: [SharedMeme] = []

  public init() {}

  public func keep(_ meme: SharedMeme) {
    entries.append(meme)
  }

  public var isEmpty: Bool { entries.isEmpty }
  public var isSaving: Bool { false }
}
