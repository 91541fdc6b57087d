// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GRDB
import MemeCore

/// Templates, kept in the same database and images folder as the sent memes and written the same
/// way: files first, synced, then the row, so a crash leaves the whole template or no row. Their
/// stickers' pictures are kept as a meme's are (`KeptStickers`; their panels' cells have none). Deleting is
/// two-step as for memes (see `DeletedRows`): a deleted template is hidden until it is brought back
/// or purged (opening the store purges what a previous run hid).
struct TemplateShelf: Sendable {
  let files: StoreFileWriter
  let deletions: DeletedRows

  private var database: StoreDatabase { files.database }
  private var images: DurableFolder { files.images }

  /// The templates, most used first (then the most recently used, then the newest), without those
  /// deleted and not yet purged.
  func templates() throws -> [MemeTemplate] {
    try database.reading { db in
      var decoder = TemplateDecoder(images: images, stickers: files.stickers)
      let rows = try Row.fetchCursor(
        db,
        sql: """
          SELECT \(TemplateDecoder.columns) FROM memeTemplate WHERE deletedAt IS NULL
          ORDER BY useCount DESC, COALESCE(lastUsedAt, createdAt) DESC, id DESC
          """)
      var templates: [MemeTemplate] = []
      while let row = try rows.next() {
        if let template = try decoder.decode(row) { templates.append(template) }
      }
      return templates
    }
  }

  /// The template with this id, or nil if there is none or it is deleted.
  func template(id: Int64) throws -> MemeTemplate? {
    try database.reading { db in
      var decoder = TemplateDecoder(images: images, stickers: files.stickers)
      let row = try Row.fetchOne(
        db, sql: "SELECT \(TemplateDecoder.columns) FROM memeTemplate WHERE id = ? AND deletedAt IS NULL",
        arguments: [id])
      return try row.flatMap { try decoder.decode($0) }
    }
  }

  /// Keeps several templates in one transaction (a folder's import): every file is synced before
  /// the single commit, and a failed commit removes them (see `StoreFileWriter.writeThenCommit`).
  func save(contentsOf drafts: [MemeTemplateDraft]) throws -> [MemeTemplate] {
    try files.save(
      drafts,
      filesOf: { draft in
        let names = TemplateFileNames(
          pictureExtension: draft.picture.fileExtension, thumbnailExtension: draft.thumbnail.fileExtension)
        return (names, [(draft.picture.data, names.picture), (draft.thumbnail.data, names.thumbnail)])
      }, names: { $0.flatMap { [$0.picture, $0.thumbnail] } }, lookingIn: ("memeTemplate", "pictureFile"),
      insert: insertRows)
  }

  /// Gives a template a new name (surrounding white space dropped; a blank name is refused).
  func rename(id: Int64, to name: String) throws {
    let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty else { throw StoreError.databaseFailure(reason: "a template needs a name") }
    try database.writing { db in
      try db.execute(
        sql: "UPDATE memeTemplate SET name = ? WHERE id = ? AND deletedAt IS NULL", arguments: [trimmed, id])
      guard db.changesCount > 0 else { throw StoreError.memeNotFound(id: id) }
    }
  }

  /// Counts one more meme started from the template, at `date`.
  func markUsed(id: Int64, at date: Date) throws {
    try database.writing { db in
      try db.execute(
        sql:
          "UPDATE memeTemplate SET useCount = useCount + 1, lastUsedAt = ? WHERE id = ? AND deletedAt IS NULL",
        arguments: [date.timeIntervalSinceReferenceDate, id])
      guard db.changesCount > 0 else { throw StoreError.memeNotFound(id: id) }
    }
  }

  /// Hides a template (`deleted`) until it is brought back or purged, or brings back one that has not
  /// been purged. Its files stay until it is purged.
  func setDeleted(_ deleted: Bool, id: Int64) throws {
    try database.writing { try deletions.setDeleted(deleted, id: id, in: "memeTemplate", $0) }
  }

  /// Removes every deleted template's files, then its row. Returns how many were purged.
  func purgeDeleted() throws -> Int {
    try database.writing { try deletions.purgeTemplates(in: $0) }
  }

  /// Every file name a template row lists (for the repair, which must not take them for lost files).
  static func fileNames(in db: Database) throws -> Set<String> {
    var listed: Set<String> = []
    let rows = try Row.fetchCursor(db, sql: "SELECT \(TemplateDecoder.fileColumns) FROM memeTemplate")
    while let row = try rows.next() {
      if let names = try TemplateDecoder.fileNames(in: row, from: 0) { listed.formUnion(names) }
    }
    return listed
  }

  private func insertRows(
    for drafts: [MemeTemplateDraft], keeping stickerFiles: [KeptStickers.File], styles: [String],
    files names: [TemplateFileNames]
  ) throws -> [MemeTemplate] {
    try files.committing(keeping: stickerFiles) { db in
      let insert = try db.cachedStatement(
        sql: """
          INSERT INTO memeTemplate
            (name, pictureFile, thumbnailFile, layout, style, createdAt, source, layers, panels, effects)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
          """)
      return try zip(drafts, zip(styles, names)).map { draft, styleAndFiles in
        let (style, names) = styleAndFiles
        try insert.execute(arguments: [
          draft.name, names.picture, names.thumbnail, SentMemeDecoder.column(for: draft.layout), style,
          draft.createdAt.timeIntervalSinceReferenceDate, draft.source,
          try SentMemeDecoder.json(for: draft.content.captions.layers),
          try SentMemeDecoder.json(for: draft.content.panels),
          try SentMemeDecoder.json(for: draft.content.effects),
        ])
        var content = MemeContent.template(of: draft.content)
        content.captions.layers = files.stickers.resolved(content.captions.layers)
        content.panels = files.stickers.resolved(content.panels)
        return MemeTemplate(
          id: db.lastInsertedRowID, name: draft.name, pictureURL: images.fileURL(names.picture),
          thumbnailURL: images.fileURL(names.thumbnail), content: content,
          createdAt: draft.createdAt,
          source: draft.source)
      }
    }
  }
}
