// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GRDB
import MemeCore

/// Records sent memes and replaces their thumbnails: the image files are written and synced to disk
/// first (see `StoreFileWriter`), then the rows commit.
struct SentMemeWriter: Sendable {
  let files: StoreFileWriter
  let reader: SentMemeReader

  private var database: StoreDatabase { files.database }
  private var images: DurableFolder { files.images }

  /// Records several memes in one transaction, as if saved one by one in order (so the last one ends
  /// up on top). All files are synced before the single commit.
  func save(contentsOf drafts: [SentMemeDraft]) throws -> [SentMeme] {
    try files.save(
      drafts,
      filesOf: { draft in
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
      }, names: { $0.flatMap { [$0.original, $0.rendered, $0.thumbnail] } },
      lookingIn: ("sentMeme", "originalFile"), insert: insertRows)
  }

  private func insertRows(
    for drafts: [SentMemeDraft], keeping stickerFiles: [KeptStickers.File], styles: [String],
    files names: [MemeFileNames]
  ) throws -> [SentMeme] {
    try files.committing(keeping: stickerFiles) { db in
      var position = try Int64.fetchOne(db, sql: "SELECT MIN(position) FROM sentMeme") ?? 0
      let insert = try db.cachedStatement(
        sql: """
          INSERT INTO sentMeme
            (sentAt, position, originalFile, renderedFile, thumbnailFile, savedFile, received,
             \(StoredMemeContent.columns))
          VALUES (?, ?, ?, ?, ?, ?, ?, \(StoredMemeContent.placeholders))
          """)
      return try zip(drafts, zip(styles, names)).map { draft, styleAndFiles in
        let (style, names) = styleAndFiles
        position -= 1
        try insert.execute(
          arguments: StatementArguments(
            [
              draft.sentAt.timeIntervalSinceReferenceDate, position, names.original, names.rendered,
              names.thumbnail, draft.savedFile?.path, draft.isReceived ? 1 : nil,
            ] + (try StoredMemeContent.values(for: draft.content, style: style))))
        let id = db.lastInsertedRowID
        var content = draft.content
        content.customDescription = StoredMemeContent.storedDescription(of: content)
        content.captions.layers = files.stickers.resolved(content.captions.layers)
        content.panels = files.stickers.resolved(content.panels)
        try SearchIndex.index(
          id: id, topText: content.top, bottomText: content.bottom, layers: content.captions.layers,
          description: content.customDescription, readText: nil, in: db)
        return SentMeme(
          id: id, content: content, sentAt: draft.sentAt, position: position,
          originalImageURL: images.fileURL(names.original), renderedImageURL: images.fileURL(names.rendered),
          thumbnailURL: images.fileURL(names.thumbnail), savedFileURL: draft.savedFile,
          isReceived: draft.isReceived)
      }
    }
  }

  /// Replaces a meme's thumbnail (e.g. after making a new one for a missing or outdated file).
  func replaceThumbnail(id: Int64, with thumbnail: EncodedImage) throws -> SentMeme {
    try files.lock.withShared {
      let name = MemeFileNames.fresh(role: .thumbnail, fileExtension: thumbnail.fileExtension)
      try images.write(thumbnail.data, named: name)
      try images.sync()
      let oldName: String
      do {
        oldName = try database.writing { db in
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
        files.removeIfNotCommitted([name], lookingIn: ("sentMeme", "thumbnailFile"))
        throw error
      }
      images.remove([oldName])
      return try reader.changedMeme(id: id)
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
        throw StoreError.cannotReadImage(url, reason: StoreDatabase.reason(error))
      }
    }
  }
}
