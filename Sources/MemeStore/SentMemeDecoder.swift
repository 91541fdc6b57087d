// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GRDB
import MemeCore

/// Turns database rows into `SentMeme`s. Styles are stored as JSON and most memes share a few styles,
/// so each distinct JSON text is decoded once per decoder: listing 10,000 memes stays cheap.
struct SentMemeDecoder {
  /// The three file name columns, as raw bytes for `StoredFileName`.
  static let fileColumns = ["originalFile", "renderedFile", "thumbnailFile"].map(StoredFileName.bytes(of:))
    .joined(separator: ", ")
  /// The columns, in the order `decode` reads them: the meme's own, then its content's.
  static let columns =
    "id, sentAt, position, \(fileColumns), savedFile, \(StoredMemeContent.columns), received, readText"
  /// Where `columns` has the content's, and the two after them.
  private static let contentStart = 7
  private static let receivedIndex = contentStart + StoredMemeContent.columnCount

  let images: DurableFolder
  /// Where the stickers' kept pictures are (their layers point at them once read).
  let stickers: KeptStickers
  private var styles: [String: CaptionStyle] = [:]
  private let jsonDecoder = JSONDecoder()

  init(images: DurableFolder, stickers: KeptStickers) {
    self.images = images
    self.stickers = stickers
  }

  /// The meme, or nil when a file name is not a plain name in the images folder: such a row is
  /// skipped (and reported when the store opens), never followed. Throws when a column does not hold
  /// what the schema promises (a NULL, a blob where text belongs): only a damaged or foreign file has
  /// such rows, and GRDB's subscripts would stop the app on them.
  mutating func decode(_ row: Row) throws -> SentMeme? {
    guard let names = try Self.fileNames(in: row, from: 3) else { return nil }
    let received: Int64? = try row.decode(atIndex: Self.receivedIndex)
    return SentMeme(
      id: try row.decode(atIndex: 0),
      content: try StoredMemeContent.read(row, from: Self.contentStart, decoder: &self),
      sentAt: Date(timeIntervalSinceReferenceDate: try row.decode(atIndex: 1)),
      position: try row.decode(atIndex: 2),
      originalImageURL: images.fileURL(names[0]), renderedImageURL: images.fileURL(names[1]),
      thumbnailURL: images.fileURL(names[2]), savedFileURL: savedFile(atPath: try row.decode(atIndex: 6)),
      isReceived: (received ?? 0) != 0,
      textInPicture: TextInPicture(column: try row.decode(atIndex: Self.receivedIndex + 1)))
  }

  /// Whether the three file names read with `fileColumns` from column `start` are plain names, read in
  /// place without making them.
  static func hasPlainFileNames(in row: Row, from start: Int) throws -> Bool {
    for index in start..<start + 3 {
      guard try row.withUnsafeData(atIndex: index, StoredFileName.isPlain) else { return false }
    }
    return true
  }

  /// The three file names read with `fileColumns` starting at column `start`, or nil when any of them
  /// is not a plain name.
  static func fileNames(in row: Row, from start: Int, count: Int = 3) throws -> [String]? {
    var names: [String] = []
    for index in start..<start + count {
      let bytes: Data? = try row.decode(atIndex: index)
      guard let name = StoredFileName.plainName(bytes) else { return nil }
      names.append(name)
    }
    return names
  }

  /// A style that no longer decodes (written by another version, damaged) shows as the classic style
  /// rather than hiding the meme or failing the whole list.
  mutating func style(fromJSON json: String) -> CaptionStyle {
    if let known = styles[json] { return known }
    let style = (try? jsonDecoder.decode(CaptionStyle.self, from: Data(json.utf8))) ?? .classic
    styles[json] = style
    return style
  }

  /// NULL is the picture as it is; a transform that no longer decodes shows the picture as it is too,
  /// rather than hiding the meme.
  func transform(fromJSON json: String?) -> PictureTransform {
    guard let json else { return .identity }
    return (try? jsonDecoder.decode(PictureTransform.self, from: Data(json.utf8))) ?? .identity
  }

  /// The layers kept in the `textBoxes` column (each with its kind's name, see `MemeLayer`'s
  /// coding; text boxes stored before there were other kinds have none). NULL is no layer; layers that
  /// no longer decode are left out rather than hiding the meme (its classic captions still show).
  /// A sticker's kept picture is named by its full path in the store (see `KeptStickers`).
  func layers(fromJSON json: String?) -> [MemeLayer] {
    stickers.resolved(Self.layers(fromJSON: json, decoder: jsonDecoder))
  }

  static func layers(fromJSON json: String?, decoder: JSONDecoder = JSONDecoder()) -> [MemeLayer] {
    guard let json else { return [] }
    return (try? decoder.decode([MemeLayer].self, from: Data(json.utf8))) ?? []
  }

  /// The grid kept in the `panels` column, its cells' kept pictures named by their full paths (see
  /// `KeptStickers`). NULL is a meme of one picture; a grid that no longer decodes reads as one too
  /// (its picture the meme's original file), rather than hiding the meme.
  func panels(fromJSON json: String?) -> PanelGrid? {
    stickers.resolved(Self.panels(fromJSON: json, decoder: jsonDecoder))
  }

  /// The grid as stored, made again through its initializers, so that a grid written by hand or by
  /// another version still has the cells its arrangement draws and values in their ranges.
  static func panels(fromJSON json: String?, decoder: JSONDecoder = JSONDecoder()) -> PanelGrid? {
    guard let json, let grid = try? decoder.decode(PanelGrid.self, from: Data(json.utf8)) else { return nil }
    let cells = grid.cells.map {
      PanelCell(
        picture: $0.picture, transform: $0.transform, fit: $0.fit, zoom: $0.zoom, focusX: $0.focusX,
        focusY: $0.focusY, caption: $0.caption)
    }
    return PanelGrid(
      arrangement: grid.arrangement, cells: cells, gutter: grid.gutter, gutterColor: grid.gutterColor,
      cellAspect: grid.cellAspect, width: grid.width)
  }

  /// NULL is none; only an absolute path is a place the meme was saved to (a relative one, from a
  /// damaged or foreign file, would mean a different place for every process).
  private func savedFile(atPath path: String?) -> URL? {
    guard let path, path.hasPrefix("/") else { return nil }
    return URL(fileURLWithPath: path, isDirectory: false)
  }

  /// NULL is Classic; a layout this version does not know (written by a later one) shows as Classic
  /// too, rather than hiding the meme.
  func layout(named name: String?) -> MemeLayoutKind {
    name.flatMap(MemeLayoutKind.init(rawValue:)) ?? .classic
  }

  /// The column value for `layout`: NULL for Classic, as every meme sent before layouts existed.
  static func column(for layout: MemeLayoutKind) -> String? {
    layout.storedName
  }

  /// The `textBoxes` column's value for `layers`: NULL for none, as every meme with only the classic
  /// captions.
  static func json(for layers: [MemeLayer]) throws -> String? {
    guard !layers.isEmpty else { return nil }
    return String(decoding: try JSONEncoder().encode(layers), as: UTF8.self)
  }

  /// The `panels` column's value for `grid`: NULL for a meme of one picture, as every meme sent
  /// before panels.
  static func json(for grid: PanelGrid?) throws -> String? {
    guard let grid else { return nil }
    return String(decoding: try JSONEncoder().encode(grid), as: UTF8.self)
  }

  /// The `effects` column's value: NULL for none, as every meme sent before effects.
  static func json(for effects: PictureEffects) throws -> String? {
    guard effects != .none else { return nil }
    return String(decoding: try JSONEncoder().encode(effects), as: UTF8.self)
  }

  /// The effects kept in the `effects` column: NULL is none, and so is JSON that no longer decodes
  /// (the meme shows, without them).
  static func effects(fromJSON json: String?) -> PictureEffects {
    guard let json else { return .none }
    return (try? JSONDecoder().decode(PictureEffects.self, from: Data(json.utf8))) ?? .none
  }

  /// The `timing` column's value: NULL for a moving picture played as its source plays, as every
  /// meme sent before timing.
  static func json(for timing: PlaybackTiming) throws -> String? {
    guard timing != PlaybackTiming() else { return nil }
    return String(decoding: try JSONEncoder().encode(timing), as: UTF8.self)
  }

  /// The timing kept in the `timing` column: NULL plays as the source does, and so does JSON that no
  /// longer decodes (the meme shows, played as its source plays).
  static func timing(fromJSON json: String?) -> PlaybackTiming {
    guard let json else { return PlaybackTiming() }
    return (try? JSONDecoder().decode(PlaybackTiming.self, from: Data(json.utf8))) ?? PlaybackTiming()
  }

  /// The column value for a description: NULL for the default (none written, or only white space).
  static func column(forDescription description: String?) -> String? {
    guard let description, MemeDescription.hasText(description) else { return nil }
    return description
  }

  /// The column value for `transform`: NULL for none, so untouched memes stay as they were stored.
  static func json(for transform: PictureTransform) throws -> String? {
    guard !transform.isIdentity else { return nil }
    return String(decoding: try JSONEncoder().encode(transform), as: UTF8.self)
  }

  static func json(for style: CaptionStyle) throws -> String {
    try style.jsonText()
  }
}
