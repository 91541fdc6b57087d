// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GRDB
import MemeCore

/// Turns `memeTemplate` rows into `MemeTemplate`s. File names pass `StoredFileName`'s check first, as
/// sent memes' do: a row naming a file outside the images folder is skipped, never followed.
struct TemplateDecoder {
  /// The two file name columns, as raw bytes for `StoredFileName`.
  static let fileColumns = ["pictureFile", "thumbnailFile"].map(StoredFileName.bytes(of:))
    .joined(separator: ", ")
  /// The columns, in the order `decode` reads them.
  static let columns =
    "id, name, \(fileColumns), layout, style, createdAt, useCount, lastUsedAt, source, layers, panels, effects"

  let images: DurableFolder
  /// Styles and layouts are read as a sent meme's are (a style that no longer decodes is Classic).
  private var memeDecoder: SentMemeDecoder

  init(images: DurableFolder, stickers: KeptStickers) {
    self.images = images
    memeDecoder = SentMemeDecoder(images: images, stickers: stickers)
  }

  /// The template, or nil when a file name is not a plain name in the images folder.
  mutating func decode(_ row: Row) throws -> MemeTemplate? {
    guard let names = try Self.fileNames(in: row, from: 2) else { return nil }
    let layoutName: String? = try row.decode(atIndex: 4)
    let lastUsed: Double? = try row.decode(atIndex: 8)
    return MemeTemplate(
      id: try row.decode(atIndex: 0), name: try row.decode(atIndex: 1),
      pictureURL: images.fileURL(names[0]), thumbnailURL: images.fileURL(names[1]),
      content: MemeContent(
        captions: MemeCaptions(
          top: "", bottom: "", style: memeDecoder.style(fromJSON: try row.decode(atIndex: 5)),
          layers: memeDecoder.layers(fromJSON: try row.decode(atIndex: 10)),
          layout: memeDecoder.layout(named: layoutName),
          effects: SentMemeDecoder.effects(fromJSON: try row.decode(atIndex: 12))),
        panels: memeDecoder.panels(fromJSON: try row.decode(atIndex: 11))),
      createdAt: Date(timeIntervalSinceReferenceDate: try row.decode(atIndex: 6)),
      useCount: try row.decode(atIndex: 7),
      lastUsedAt: lastUsed.map(Date.init(timeIntervalSinceReferenceDate:)), source: try row.decode(atIndex: 9)
    )
  }

  /// The two file names read with `fileColumns` from column `start`, or nil when either is not plain.
  static func fileNames(in row: Row, from start: Int) throws -> [String]? {
    try SentMemeDecoder.fileNames(in: row, from: start, count: 2)
  }
}
