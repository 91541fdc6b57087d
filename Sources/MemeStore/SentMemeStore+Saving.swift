// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GRDB
import MemeCore

extension SentMemeStore {
  /// Records a sent meme: its image files are written and synced to disk first, then its row commits,
  /// so a crash at any point leaves either the whole meme or no row at all. The meme goes to the top
  /// of the list. Call it off the main thread: it copies and syncs files.
  @discardableResult
  public func save(_ draft: SentMemeDraft) throws -> SentMeme {
    try save(contentsOf: [draft])[0]
  }

  /// Records several memes in one transaction, as if saved one by one in order (so the last one ends
  /// up on top). All files are synced before the single commit.
  @discardableResult
  public func save(contentsOf drafts: [SentMemeDraft]) throws -> [SentMeme] {
    guard !drafts.isEmpty else { return [] }
    let styles = try styleColumns(drafts.map(\.style))
    return try writeThenCommit(
      files: {
        try writeSynced(drafts) { draft in
          let original = try Self.originalImage(of: draft)
          let names = MemeFileNames(
            originalExtension: original.fileExtension, renderedExtension: draft.rendered.fileExtension,
            thumbnailExtension: draft.thumbnail.fileExtension)
          return (
            names,
            [
              (original.data, names.original), (draft.rendered.data, names.rendered),
              (draft.thumbnail.data, names.thumbnail),
            ]
          )
        }
      }, names: { $0.flatMap { [$0.original, $0.rendered, $0.thumbnail] } },
      lookingIn: ("sentMeme", "originalFile"),
      commit: { try insertRows(for: drafts, styles: styles, files: $0) })
  }

  /// Every style as its column's JSON, or a store error saying it cannot be stored.
  func styleColumns(_ styles: [CaptionStyle]) throws -> [String] {
    try styles.map { style in
      do { return try SentMemeDecoder.json(for: style) } catch {
        throw StoreError.databaseFailure(reason: "the caption style cannot be stored: \(error)")
      }
    }
  }

  /// The way every save goes: files first, synced, then the rows in one commit, so a crash at any
  /// point leaves either all of it or no row at all.
  ///
  /// No file is written for a row that could not go into the database (the file is checked first).
  /// A shared lock is held throughout: another store opening on this folder must not clean up the
  /// files before the rows that refer to them commit. A failed commit (the disk is full) must not
  /// leave files that no row lists (the next open would rebuild memes the user was told were not
  /// kept): they are removed unless `lookingIn`'s table and column list the first of `names`.
  func writeThenCommit<Files, Saved>(
    files write: () throws -> [Files], names: ([Files]) -> [String],
    lookingIn place: (table: String, column: String),
    commit: ([Files]) throws -> Saved
  ) throws -> Saved {
    try finishOpening()
    return try lock.withShared {
      let files = try write()
      do {
        return try commit(files)
      } catch {
        removeIfNotCommitted(names(files), lookingIn: place)
        throw error
      }
    }
  }

  /// Removes files written for a transaction that did not commit; `names[0]` is looked for in
  /// `place`, which tells for all of them (a transaction commits whole or not at all). Whether a
  /// commit happened can be uncertain after an I/O error, so the database is asked; when it cannot
  /// answer the files stay, and the next open rebuilds their memes.
  private func removeIfNotCommitted(_ names: [String], lookingIn place: (table: String, column: String)) {
    guard let probe = names.first else { return }
    let listed = try? reading { db in
      try Int.fetchOne(
        db, sql: "SELECT COUNT(*) FROM \(place.table) WHERE \(place.column) = ?", arguments: [probe])
    }
    if listed == 0 { images.remove(names) }
  }

  private func insertRows(for drafts: [SentMemeDraft], styles: [String], files: [MemeFileNames]) throws
    -> [SentMeme]
  {
    try writing { db in
      var position = try Int64.fetchOne(db, sql: "SELECT MIN(position) FROM sentMeme") ?? 0
      let insert = try db.cachedStatement(
        sql: """
          INSERT INTO sentMeme
            (sentAt, position, originalFile, renderedFile, thumbnailFile, savedFile, \(StoredMemeContent.columns))
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
          """)
      return try zip(drafts, zip(styles, files)).map { draft, styleAndFiles in
        let (style, names) = styleAndFiles
        position -= 1
        try insert.execute(
          arguments: StatementArguments(
            [
              draft.sentAt.timeIntervalSinceReferenceDate, position, names.original, names.rendered,
              names.thumbnail, draft.savedFile?.path,
            ] + (try StoredMemeContent.values(for: draft.content, style: style))))
        let id = db.lastInsertedRowID
        var content = draft.content
        content.customDescription = StoredMemeContent.storedDescription(of: content)
        try SearchIndex.index(
          id: id, topText: content.top, bottomText: content.bottom, layers: content.layers,
          description: content.customDescription, in: db)
        return SentMeme(
          id: id, content: content, sentAt: draft.sentAt, position: position,
          originalImageURL: images.fileURL(names.original), renderedImageURL: images.fileURL(names.rendered),
          thumbnailURL: images.fileURL(names.thumbnail), savedFileURL: draft.savedFile)
      }
    }
  }

  /// Replaces a meme's thumbnail (e.g. after making a new one for a missing or outdated file).
  @discardableResult
  public func replaceThumbnail(id: Int64, with thumbnail: EncodedImage) throws -> SentMeme {
    try lock.withShared {
      let name = MemeFileNames.fresh(role: .thumbnail, fileExtension: thumbnail.fileExtension)
      try images.write(thumbnail.data, named: name)
      try images.sync()
      let oldName: String
      do {
        oldName = try writing { db in
          let row = try Row.fetchOne(
            db,
            sql: "SELECT \(SentMemeDecoder.fileColumns) FROM sentMeme WHERE id = ? AND deletedAt IS NULL",
            arguments: [id])
          // A row with a name that is not plain is hidden like a deleted one, and its names never used.
          guard let row, let old = (try SentMemeDecoder.fileNames(in: row, from: 0))?[2] else {
            throw StoreError.memeNotFound(id: id)
          }
          try db.execute(
            sql: "UPDATE sentMeme SET thumbnailFile = ? WHERE id = ?", arguments: [name, id])
          return old
        }
      } catch {
        removeIfNotCommitted([name], lookingIn: ("sentMeme", "thumbnailFile"))
        throw error
      }
      images.remove([oldName])
      guard let meme = try meme(id: id) else { throw StoreError.memeNotFound(id: id) }
      return meme
    }
  }

  /// Writes the files `filesOf` gives for each draft (its names, and each file's bytes and name), one
  /// draft at a time, each file synced, then syncs the folder once, and returns the names. On failure
  /// removes what it wrote (nothing refers to those files yet) and throws.
  func writeSynced<Draft, Names>(_ drafts: [Draft], filesOf: (Draft) throws -> (Names, [(Data, String)]))
    throws
    -> [Names]
  {
    var written: [String] = []
    do {
      let names = try drafts.map { draft in
        let (names, files) = try filesOf(draft)
        for (data, name) in files {
          try images.write(data, named: name)
          written.append(name)
        }
        return names
      }
      try images.sync()
      return names
    } catch {
      images.remove(written)
      throw error
    }
  }

  private static func originalImage(of draft: SentMemeDraft) throws -> EncodedImage {
    switch draft.original {
    case .encoded(let image):
      return image
    case .file(let url):
      do {
        return EncodedImage(data: try Data(contentsOf: url), fileExtension: url.pathExtension)
      } catch {
        throw StoreError.cannotReadImage(url, reason: reason(error))
      }
    }
  }
}
