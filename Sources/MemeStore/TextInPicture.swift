// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// What MemeMe has read in a received meme's picture (see `SentMemeStore.recordTextInPicture`): nothing
/// yet, nothing (it was read, and no words were found: it is not read again), or the words found, one
/// line for each line of text in the picture.
///
/// The store keeps it in `sentMeme.readText`: NULL for `notRead`, the empty text for `nothingFound`.
public enum TextInPicture: Sendable, Hashable {
  case notRead
  case nothingFound
  case found(String)

  /// `text` as read: blank text is `nothingFound`.
  public init(read text: String) {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    self = trimmed.isEmpty ? .nothingFound : .found(trimmed)
  }

  init(column: String?) {
    guard let column else {
      self = .notRead
      return
    }
    self.init(read: column)
  }

  var column: String? {
    switch self {
    case .notRead: nil
    case .nothingFound: ""
    case .found(let text): text
    }
  }

  /// The words found, or nil when none were (or the picture has not been read).
  public var text: String? {
    if case .found(let text) = self { return text }
    return nil
  }

  /// Whether the picture has been read, whatever was found.
  public var isRead: Bool { self != .notRead }
}
