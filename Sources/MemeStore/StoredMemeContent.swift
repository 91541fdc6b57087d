// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GRDB
import MemeCore

/// The one mapping between a meme's content and the `sentMeme` columns that keep it: the texts, the
/// style, the picture's transform, the layers, the description, the layout, the panels, the
/// effects and the playback timing. Saving
/// writes through `values(for:style:)`, listing reads through `read(_:from:decoder:)`; a new part of
/// a meme's content is mapped here and nowhere else.
enum StoredMemeContent {
  /// The columns, in the order `values(for:style:)` gives and `read(_:from:decoder:)` reads them.
  static let columns = [
    "topText", "bottomText", "style", "transform", "textBoxes", "description", "layout", "panels", "effects",
    "timing",
  ]
  .joined(separator: ", ")

  static let columnCount = columns.split(separator: ",").count

  /// One `?` for each of `columns`, for an INSERT.
  static let placeholders = Array(repeating: "?", count: columnCount).joined(separator: ", ")

  /// The column values for `content`, with its style as `SentMemeDecoder.json(for:)` wrote it (styles
  /// are encoded, and refused, before any file is written). The defaults (no transform, no box, no
  /// description, Classic, one picture) are NULL, as in every meme sent before they existed.
  static func values(for content: MemeContent, style: String) throws -> [(any DatabaseValueConvertible)?] {
    [
      content.top, content.bottom, style, try SentMemeDecoder.json(for: content.transform),
      try SentMemeDecoder.json(for: content.layers),
      SentMemeDecoder.column(forDescription: content.customDescription),
      SentMemeDecoder.column(for: content.layout), try SentMemeDecoder.json(for: content.panels),
      try SentMemeDecoder.json(for: content.effects), try SentMemeDecoder.json(for: content.timing),
    ]
  }

  /// The content kept in `row`, its `columns` starting at `start`. A part that no longer decodes reads
  /// as its default (see `SentMemeDecoder`) rather than hiding the meme.
  static func read(_ row: Row, from start: Int, decoder: inout SentMemeDecoder) throws -> MemeContent {
    let captions = MemeCaptions(
      top: try row.decode(atIndex: start), bottom: try row.decode(atIndex: start + 1),
      style: decoder.style(fromJSON: try row.decode(atIndex: start + 2)),
      layers: decoder.layers(fromJSON: try row.decode(atIndex: start + 4)),
      layout: decoder.layout(named: try row.decode(atIndex: start + 6)),
      effects: SentMemeDecoder.effects(fromJSON: try row.decode(atIndex: start + 8)))
    return MemeContent(
      captions: captions, transform: decoder.transform(fromJSON: try row.decode(atIndex: start + 3)),
      customDescription: try row.decode(atIndex: start + 5),
      panels: decoder.panels(fromJSON: try row.decode(atIndex: start + 7)),
      timing: SentMemeDecoder.timing(fromJSON: try row.decode(atIndex: start + 9)))
  }

  /// `content`'s description as the store keeps it: the user's text, or nil for the default (blank
  /// text is the default too).
  static func storedDescription(of content: MemeContent) -> String? {
    SentMemeDecoder.column(forDescription: content.customDescription)
  }
}
