// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GtkKit
import MemeCore
import MemeStore

/// What the desktop's search finds among the sent memes: the ids of those whose texts match the
/// terms (the store's full-text search, as Sent Memes' own search bar), and what each result shows.
/// Its queries run on the search provider's worker.
nonisolated struct SentMemesSearchResults: Sendable {
  /// The Activities overview shows a handful per provider; more only cost the round trip.
  static let limit = 100

  let store: SentMemeStore

  /// The terms of a call (an `as`) a search reads: the first `SentMemeStore.searchedWords` (the
  /// store's search reads no more words, see `SearchQuery`); the others are not even read. The
  /// store cuts each word to `SentMemeStore.searchedWordLength` characters.
  static func readTerms(_ terms: Variant?) -> [String] {
    terms?.strings(upTo: SentMemeStore.searchedWords) ?? []
  }

  /// The ids of a call for metas (an `as`): the overview asks for those of results it was given,
  /// which are at most `limit`; any past that are not read.
  static func readIDs(_ ids: Variant?) -> [String] {
    ids?.strings(upTo: limit) ?? []
  }

  /// The ids (as D-Bus wants them: strings) of the memes matching every term, in the user's order
  /// (newest first unless reordered), at most `limit`. Terms without words find nothing: the
  /// desktop asks as the user types, and "every meme" is no answer to a search.
  func ids(matching terms: [String]) throws -> [String] {
    let query = terms.joined(separator: " ")
    guard !SentMemeStore.matchesEveryMeme(query) else { return [] }
    return try store.memeIDs(matching: query, limit: Self.limit).map(String.init)
  }

  /// One result as the overview shows it: the meme's drawn texts as its name, its own description
  /// (or when it was sent) below, and its thumbnail as its icon (none when the file is not a
  /// thumbnail MemeMe would have written).
  struct Meta: Equatable {
    let id: String
    let name: String
    let description: String
    let thumbnail: URL?
  }

  /// The memes among `ids` that still exist, each with its id as asked for, in the order asked for.
  func memes(ids: [String]) throws -> [(id: String, meme: SentMeme)] {
    let found = try store.memes(ids: ids.compactMap { Int64($0) })
    let byID = Dictionary(found.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    return ids.compactMap { id in Int64(id).flatMap { byID[$0] }.map { (id, $0) } }
  }

  /// The meta of `meme`, whose id was asked for as `id`.
  static func meta(id: String, of meme: SentMeme, sentTime: (Date) -> String) -> Meta {
    Meta(
      id: id, name: name(of: meme), description: description(of: meme, sentTime: sentTime),
      thumbnail: iconFile(meme.thumbnailURL))
  }

  /// The longest side of a thumbnail file the overview is given: the store writes them 256 pixels
  /// wide, and a tall meme's is taller.
  static let longestIconSide = 4096

  /// `file` when MemeMe's reader finds in its header a PNG or JPEG of a thumbnail's size, which the
  /// desktop's shell can decode at no risk; nil for anything else (a store whose files were
  /// replaced: an animated WebP of thousands of frames would be decoded whole by the shell's
  /// loaders, in the session's own process). Only the header is read, on the worker.
  static func iconFile(_ file: URL) -> URL? {
    guard let handle = try? FileHandle(forReadingFrom: file) else { return nil }
    let head = [UInt8]((try? handle.read(upToCount: 16)) ?? Data())
    try? handle.close()
    guard let kind = ImageLoader.fileExtension(sniffing: head), kind == "png" || kind == "jpg",
      let size = try? ImageLoader().pixelSize(ofImageAt: file),
      size.width <= longestIconSide, size.height <= longestIconSide
    else { return nil }
    return file
  }

  /// The texts drawn on the meme, in reading order, on one line; its description when it has none.
  static func name(of meme: SentMeme) -> String {
    let drawn = meme.meme.captions.defaultDescription.split(separator: "\n").joined(separator: " · ")
    return drawn.isEmpty ? meme.resolvedDescription : drawn
  }

  /// The description the user wrote, or when the meme was sent.
  static func description(of meme: SentMeme, sentTime: (Date) -> String) -> String {
    if let custom = meme.customDescription, !custom.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
      return custom
    }
    return sentTime(meme.sentAt)
  }
}
