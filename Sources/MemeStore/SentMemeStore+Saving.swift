// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GRDB

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
    // No file is written for a row that could not go into the database.
    try finishOpening()
    let styles = try drafts.map { draft in
      do { return try SentMemeDecoder.json(for: draft.style) } catch {
        throw StoreError.databaseFailure(reason: "the caption style cannot be stored: \(error)")
      }
    }
    // Shared lock: another store opening on this folder must not clean up these files before the row
    // that refers to them commits.
    return try lock.withShared {
      let files = try writeFiles(for: drafts)
      do {
        return try insertRows(for: drafts, styles: styles, files: files)
      } catch {
        // A failed commit (the disk is full) must not leave files that no row lists: the next open
        // would rebuild memes the user was told were not kept.
        removeIfNotCommitted(
          files.flatMap { [$0.original, $0.rendered, $0.thumbnail] }, lookingIn: "originalFile")
        throw error
      }
    }
  }

  /// Removes files written for a transaction that did not commit; `names[0]` is looked for in
  /// `column`, which tells for all of them (a transaction commits whole or not at all). Whether a
  /// commit happened can be uncertain after an I/O error, so the database is asked; when it cannot
  /// answer the files stay, and the next open rebuilds their memes.
  private func removeIfNotCommitted(_ names: [String], lookingIn column: String) {
    guard let probe = names.first else { return }
    let listed = try? reading { db in
      try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sentMeme WHERE \(column) = ?", arguments: [probe])
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
            (topText, bottomText, style, sentAt, position, originalFile, renderedFile, thumbnailFile,
             transform, textBoxes, description, layout)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
          """)
      return try zip(drafts, zip(styles, files)).map { draft, styleAndFiles in
        let (style, names) = styleAndFiles
        position -= 1
        try insert.execute(arguments: [
          draft.topText, draft.bottomText, style, draft.sentAt.timeIntervalSinceReferenceDate, position,
          names.original, names.rendered, names.thumbnail, try SentMemeDecoder.json(for: draft.transform),
          try SentMemeDecoder.json(for: draft.textBoxes),
          SentMemeDecoder.column(forDescription: draft.customDescription),
          SentMemeDecoder.column(for: draft.layout),
        ])
        return SentMeme(
          id: db.lastInsertedRowID, topText: draft.topText, bottomText: draft.bottomText,
          style: draft.style, sentAt: draft.sentAt, position: position,
          originalImageURL: images.fileURL(names.original),
          renderedImageURL: images.fileURL(names.rendered),
          thumbnailURL: images.fileURL(names.thumbnail), transform: draft.transform,
          textBoxes: draft.textBoxes, layout: draft.layout,
          customDescription: SentMemeDecoder.column(forDescription: draft.customDescription))
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
        removeIfNotCommitted([name], lookingIn: "thumbnailFile")
        throw error
      }
      images.remove([oldName])
      guard let meme = try meme(id: id) else { throw StoreError.memeNotFound(id: id) }
      return meme
    }
  }

  /// Writes every draft's three files, synced, then syncs the folder once. On failure removes what it
  /// wrote (nothing refers to those files yet) and throws.
  private func writeFiles(for drafts: [SentMemeDraft]) throws -> [MemeFileNames] {
    var written: [String] = []
    do {
      let files = try drafts.map { draft in
        let original = try Self.originalImage(of: draft)
        let names = MemeFileNames(
          originalExtension: original.fileExtension, renderedExtension: draft.rendered.fileExtension,
          thumbnailExtension: draft.thumbnail.fileExtension)
        for (data, name) in [
          (original.data, names.original), (draft.rendered.data, names.rendered),
          (draft.thumbnail.data, names.thumbnail),
        ] {
          try images.write(data, named: name)
          written.append(name)
        }
        return names
      }
      try images.sync()
      return files
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
