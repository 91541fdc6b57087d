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

  mutating func decode(_ row: Row) -> SentMeme {
    SentMeme(
      id: row[0], topText: row[1], bottomText: row[2], style: style(fromJSON: row[3]),
      sentAt: Date(timeIntervalSinceReferenceDate: row[4]), position: row[5],
      originalImageURL: images.fileURL(row[6]), renderedImageURL: images.fileURL(row[7]),
      thumbnailURL: images.fileURL(row[8]))
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
