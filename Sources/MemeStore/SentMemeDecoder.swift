// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GRDB
import MemeCore

/// Turns database rows into `SentMeme`s. Styles are stored as JSON and most memes share a few styles,
/// so each distinct JSON text is decoded once per decoder: listing 10,000 memes stays cheap.
struct SentMemeDecoder {
  /// The columns, in the order `decode` reads them.
  static let columns =
    "id, topText, bottomText, style, sentAt, position, originalFile, renderedFile, thumbnailFile"

  let images: DurableFolder
  private var styles: [String: CaptionStyle] = [:]
  private let jsonDecoder = JSONDecoder()

  init(images: DurableFolder) { self.images = images }

  /// Throws when a column does not hold what the schema promises (a NULL, a blob where text belongs):
  /// only a damaged or foreign file has such rows, and GRDB's subscripts would stop the app on them.
  mutating func decode(_ row: Row) throws -> SentMeme {
    SentMeme(
      id: try row.decode(atIndex: 0), topText: try row.decode(atIndex: 1),
      bottomText: try row.decode(atIndex: 2),
      style: style(fromJSON: try row.decode(atIndex: 3)),
      sentAt: Date(timeIntervalSinceReferenceDate: try row.decode(atIndex: 4)),
      position: try row.decode(atIndex: 5),
      originalImageURL: images.fileURL(try row.decode(atIndex: 6)),
      renderedImageURL: images.fileURL(try row.decode(atIndex: 7)),
      thumbnailURL: images.fileURL(try row.decode(atIndex: 8)))
  }

  /// A style that no longer decodes (written by another version, damaged) shows as the classic style
  /// rather than hiding the meme or failing the whole list.
  private mutating func style(fromJSON json: String) -> CaptionStyle {
    if let known = styles[json] { return known }
    let style = (try? jsonDecoder.decode(CaptionStyle.self, from: Data(json.utf8))) ?? .classic
    styles[json] = style
    return style
  }

  static func json(for style: CaptionStyle) throws -> String {
    let encoder = JSONEncoder()
    // Sorted keys: equal styles give equal text, which the decoding cache relies on.
    encoder.outputFormatting = [.sortedKeys]
    return String(decoding: try encoder.encode(style), as: UTF8.self)
  }
}
