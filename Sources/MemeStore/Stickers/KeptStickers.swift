// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GLibSupport
import GRDB
import MemeCore

/// The pictures Sent Memes and the templates keep beside their own files: those their stickers were
/// placed from and those in a panel meme's cells, so that a meme still opens, draws and can be edited
/// and sent again once the files the user chose are gone.
///
/// Each picture is kept once, by its content: `stickers/<sha256>.<ext>` in the store's folder, beside
/// `images` (whose listing the repair reads, and which may be a link to another disk). Memes and
/// templates that use the same file share the copy, as do a sticker and a cell. A layer as stored
/// names its copy relative to the store's folder (`"path": "stickers/<sha256>.png"`, `"sha256": …`),
/// and so does a cell (its picture the relative URL `stickers/<sha256>.png`, whose name carries the
/// hash), so the store can move as a whole; read back, they name the copy's full path (see
/// `resolved`). A copy goes when the last row that uses it is purged (`removeUnused`).
///
/// The folder is made when the first picture is kept (a store without any never has it), as the
/// images folder is: mode 0700, never through a symbolic link, every file created in it through its
/// descriptor and synced (`DurableFolder`).
final class KeptStickers: Sendable {
  static let folderName = "stickers"
  /// The extensions a kept copy may have: the formats a sticker is placed from, in the case the
  /// store writes them. A file whose format is none of them is kept without one.
  static let fileExtensions: Set<String> = ["png", "webp", "gif", "svg", "jpg", "jpeg"]

  /// Where the copies are: `stickers` in the store's folder.
  let url: URL
  /// The most a sticker's file may hold: a picture's cap (`ImageLoader.fileSizeLimit`).
  let sizeLimit: Int
  private let store: DurableFolder
  private let opened = Locked<DurableFolder?>(nil)

  init(store: DurableFolder, sizeLimit: Int = ImageLoader().fileSizeLimit) {
    self.store = store
    self.sizeLimit = sizeLimit
    url = store.url.appendingPathComponent(Self.folderName, isDirectory: true)
  }

  /// One picture to keep: its name in the folder and its bytes.
  struct File: Sendable {
    var name: String
    var bytes: [UInt8]
  }

  // MARK: Saving

  /// `content` as the store keeps it: the file of every picture sticker and of every panel cell with
  /// a picture is read (see `StickerSourceFile`) and named by its content, and its layer or cell
  /// points at that name. Returns the files to keep, each once (a file in two cells and a sticker is
  /// one copy). Throws the store's error, having written nothing, when a file cannot be read.
  func storing(_ content: MemeContent) throws -> (content: MemeContent, files: [File]) {
    var files: [String: File] = [:]
    var stored = content
    stored.captions.layers = try Self.mappingPictures(in: content.captions.layers) { picture in
      let kept = try keeping(picture.path, into: &files)
      return StickerPicture(path: kept.path, name: picture.name, contentHash: kept.hash)
    }
    stored.panels = try content.panels.map { grid in
      try Self.mappingPictures(in: grid) { picture in
        // A relative URL, with no scheme: its text is the path, however the grid is coded. (A
        // folder's name, hex digits and an extension always make one.)
        URL(string: try keeping(picture.path, into: &files).path)!
      }
    }
    return (stored, files.keys.sorted().compactMap { files[$0] })
  }

  /// Reads the picture at `path` and names it by its content: adds it to `files` (once by its name)
  /// and returns its copy's path as stored, relative to the store's folder, and its hash.
  private func keeping(_ path: String, into files: inout [String: File]) throws -> (
    path: String, hash: String
  ) {
    let bytes = try StickerSourceFile.read(path, limit: sizeLimit)
    let hash = ContentDigest.sha256(of: bytes)
    let name = Self.fileName(hash: hash, fileExtension: Self.fileExtension(of: bytes, path: path))
    files[name] = File(name: name, bytes: bytes)
    return ("\(Self.folderName)/\(name)", hash)
  }

  /// Writes each of `files` that the folder does not hold yet, synced, and syncs the folder; returns
  /// the names it wrote. Called inside the write transaction that commits the rows using them:
  /// removals (`removeUnused`) run inside write transactions too, so a copy found here cannot go
  /// before the rows commit.
  func keep(_ files: [File]) throws -> [String] {
    guard !files.isEmpty else { return [] }
    let folder = try self.folder()
    var written: [String] = []
    do {
      for file in files where !folder.hasEntry(file.name) {
        try folder.write(Data(file.bytes), named: file.name)
        written.append(file.name)
      }
      if !written.isEmpty { try folder.sync() }
    } catch {
      folder.remove(written)
      throw error
    }
    return written
  }

  // MARK: Reading

  /// `layers` as read back: each kept picture points at its copy's full path. A picture that names
  /// no copy the store made (from a database written by hand) is left as it is.
  func resolved(_ layers: [MemeLayer]) -> [MemeLayer] {
    Self.mappingPictures(in: layers) { picture in
      guard let name = Self.keptName(of: picture) else { return picture }
      var resolved = picture
      resolved.path = url.appendingPathComponent(name, isDirectory: false).path
      return resolved
    }
  }

  /// `grid` as read back: each kept cell picture is its copy's file URL; any other is left as it is.
  func resolved(_ grid: PanelGrid?) -> PanelGrid? {
    grid.map { grid in
      Self.mappingPictures(in: grid) { picture in
        Self.keptName(ofCellPicture: picture).map { url.appendingPathComponent($0, isDirectory: false) }
          ?? picture
      }
    }
  }

  // MARK: Purging

  /// The names of the copies that stored `layers` use.
  static func keptNames(in layers: [MemeLayer]) -> Set<String> {
    Set(
      layers.compactMap { layer in
        guard case .picture(let picture) = layer.sticker?.source else { return nil }
        return keptName(of: picture)
      })
  }

  /// The names of the copies that a stored `grid`'s cells use.
  static func keptNames(in grid: PanelGrid?) -> Set<String> {
    Set((grid?.cells ?? []).compactMap { $0.picture.flatMap(keptName(ofCellPicture:)) })
  }

  /// The names of the copies a row uses, from its layers' and its panels' columns as they hold them
  /// (text, or nil for NULL and for anything else a damaged file may hold, which uses none).
  static func keptNames(layersJSON: String?, panelsJSON: String?) -> Set<String> {
    keptNames(in: SentMemeDecoder.layers(fromJSON: layersJSON))
      .union(keptNames(in: SentMemeDecoder.panels(fromJSON: panelsJSON)))
  }

  /// Removes those of `names` that no row uses any more (a meme or template, deleted or not).
  /// Called inside a write transaction, after the rows that used them are gone.
  func removeUnused(_ names: Set<String>, in db: Database) throws {
    guard !names.isEmpty else { return }
    let unused = names.subtracting(try Self.namesInUse(in: db))
    // Nothing to remove when the folder was never made (or cannot be opened: the copies stay).
    guard !unused.isEmpty, let folder = try? folder() else { return }
    folder.remove(unused.sorted())
  }

  /// After a save that did not commit: removes the copies it wrote that no row uses, in a write
  /// transaction of its own (see `keep`). When the database cannot answer they stay: a copy too
  /// many costs only its bytes, one too few loses a sticker.
  func removeUnused(_ names: [String], database: StoreDatabase) {
    guard !names.isEmpty else { return }
    try? database.writing { try removeUnused(Set(names), in: $0) }
  }

  /// Every copy's name a row uses: in its layers (the memes' `textBoxes`, the templates' `layers`)
  /// and in its panels' cells.
  static func namesInUse(in db: Database) throws -> Set<String> {
    var names: Set<String> = []
    for (table, column) in [("sentMeme", "textBoxes"), ("memeTemplate", "layers")] {
      let rows = try Row.fetchCursor(
        db,
        sql: """
          SELECT \(column), panels FROM \(table)
          WHERE instr(\(column), '"sha256"') > 0 OR panels IS NOT NULL
          """)
      while let row = try rows.next() {
        names.formUnion(
          keptNames(
            layersJSON: String.fromDatabaseValue(row[0]), panelsJSON: String.fromDatabaseValue(row[1])))
      }
    }
    return names
  }

  // MARK: Names

  /// `<hash>.<ext>`, or `<hash>` alone when the format has no extension the store keeps.
  static func fileName(hash: String, fileExtension: String?) -> String {
    fileExtension.map { "\(hash).\($0)" } ?? hash
  }

  /// The name of the copy a stored picture points at, when it has the shape the store gives:
  /// `stickers/<hash>[.<ext>]` with its `sha256`. Anything else (a path elsewhere, `..`, another
  /// hash) names no copy, so it is never removed nor taken for one.
  static func keptName(of picture: StickerPicture) -> String? {
    keptName(path: picture.path, hash: picture.contentHash)
  }

  /// The name of the copy a stored cell picture points at: a relative URL (no scheme) of the shape
  /// `keptName(of:)` takes, whose hash is its name's up to the extension.
  static func keptName(ofCellPicture picture: URL) -> String? {
    guard picture.scheme == nil else { return nil }
    let path = picture.relativeString
    let hash = path.split(separator: "/").last.map { String($0.prefix { $0 != "." }) }
    return keptName(path: path, hash: hash)
  }

  private static func keptName(path: String, hash: String?) -> String? {
    guard let hash, ContentDigest.isSHA256(hash) else { return nil }
    let prefix = folderName + "/"
    guard path.hasPrefix(prefix) else { return nil }
    let name = String(path.dropFirst(prefix.count))
    let valid = name == hash || fileExtensions.contains { name == fileName(hash: hash, fileExtension: $0) }
    return valid ? name : nil
  }

  /// The extension a copy of `bytes` gets: its format's as the picture loader sniffs it, or the
  /// original's for an SVG (text, which has no signature to sniff); one format, one name.
  static func fileExtension(of bytes: [UInt8], path: String) -> String? {
    if let sniffed = ImageLoader.fileExtension(sniffing: Array(bytes.prefix(16))) {
      return fileExtensions.contains(sniffed) ? sniffed : nil
    }
    return URL(fileURLWithPath: path).pathExtension.lowercased() == "svg" ? "svg" : nil
  }

  /// `layers` with every picture sticker's picture changed by `change`.
  private static func mappingPictures(
    in layers: [MemeLayer], _ change: (StickerPicture) throws -> StickerPicture
  ) rethrows -> [MemeLayer] {
    try layers.map { layer in
      guard var sticker = layer.sticker, case .picture(let picture) = sticker.source else { return layer }
      sticker.source = .picture(try change(picture))
      return .sticker(sticker)
    }
  }

  /// `grid` with every cell's picture changed by `change` (cells without one stay empty).
  private static func mappingPictures(in grid: PanelGrid, _ change: (URL) throws -> URL) rethrows -> PanelGrid
  {
    var mapped = grid
    for index in mapped.cells.indices {
      if let picture = mapped.cells[index].picture { mapped.cells[index].picture = try change(picture) }
    }
    return mapped
  }

  /// The folder, opened (and made, the store's folder then synced so it lasts) on first use.
  private func folder() throws -> DurableFolder {
    try opened.withLock { opened in
      if let opened { return opened }
      let existed = store.hasEntry(Self.folderName)
      let folder = try store.subfolder(Self.folderName)
      if !existed { try store.sync() }
      opened = folder
      return folder
    }
  }
}
