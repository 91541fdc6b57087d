// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GRDB
import MemeCore

/// Templates, kept in the same database and images folder as the sent memes and written the same
/// way: files first, synced, then the row, so a crash leaves the whole template or no row. Deleting is
/// two-step as for memes: `deleteTemplate(id:)` hides one, `undoDeleteTemplate(id:)` brings it back,
/// purging removes its row and files for good (opening the store purges what a previous run hid).
extension SentMemeStore {
  /// The templates, most used first (then the most recently used, then the newest), without those
  /// deleted and not yet purged.
  public func templates() throws -> [MemeTemplate] {
    try reading { db in
      var decoder = TemplateDecoder(images: images)
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
  public func template(id: Int64) throws -> MemeTemplate? {
    try reading { db in
      var decoder = TemplateDecoder(images: images)
      let row = try Row.fetchOne(
        db, sql: "SELECT \(TemplateDecoder.columns) FROM memeTemplate WHERE id = ? AND deletedAt IS NULL",
        arguments: [id])
      return try row.flatMap { try decoder.decode($0) }
    }
  }

  /// Keeps a template: its files are written and synced, then its row commits.
  @discardableResult
  public func saveTemplate(_ draft: MemeTemplateDraft) throws -> MemeTemplate {
    try saveTemplates(contentsOf: [draft])[0]
  }

  /// Keeps several templates in one transaction (a folder's import): every file is synced before
  /// the single commit, and a failed commit removes them (see `writeThenCommit`).
  @discardableResult
  public func saveTemplates(contentsOf drafts: [MemeTemplateDraft]) throws -> [MemeTemplate] {
    guard !drafts.isEmpty else { return [] }
    let styles = try styleColumns(drafts.map(\.style))
    return try writeThenCommit(
      files: {
        try writeSynced(drafts) { draft in
          let names = TemplateFileNames(
            pictureExtension: draft.picture.fileExtension, thumbnailExtension: draft.thumbnail.fileExtension)
          return (names, [(draft.picture.data, names.picture), (draft.thumbnail.data, names.thumbnail)])
        }
      }, names: { $0.flatMap { [$0.picture, $0.thumbnail] } }, lookingIn: ("memeTemplate", "pictureFile"),
      commit: { try insertTemplateRows(for: drafts, styles: styles, files: $0) })
  }

  /// Gives a template a new name (surrounding white space dropped; a blank name is refused).
  public func renameTemplate(id: Int64, to name: String) throws {
    let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty else { throw StoreError.databaseFailure(reason: "a template needs a name") }
    try writing { db in
      try db.execute(
        sql: "UPDATE memeTemplate SET name = ? WHERE id = ? AND deletedAt IS NULL", arguments: [trimmed, id])
      guard db.changesCount > 0 else { throw StoreError.memeNotFound(id: id) }
    }
  }

  /// Counts one more meme started from the template, at `date`.
  public func markTemplateUsed(id: Int64, at date: Date = Date()) throws {
    try writing { db in
      try db.execute(
        sql:
          "UPDATE memeTemplate SET useCount = useCount + 1, lastUsedAt = ? WHERE id = ? AND deletedAt IS NULL",
        arguments: [date.timeIntervalSinceReferenceDate, id])
      guard db.changesCount > 0 else { throw StoreError.memeNotFound(id: id) }
    }
  }

  /// Hides a template until `undoDeleteTemplate(id:)` or a purge. Its files stay until it is purged.
  public func deleteTemplate(id: Int64) throws {
    try setDeleted(true, id: id, in: "memeTemplate")
  }

  /// Brings back a deleted template that has not been purged.
  public func undoDeleteTemplate(id: Int64) throws {
    try setDeleted(false, id: id, in: "memeTemplate")
  }

  /// Removes every deleted template's files, then its row. Returns how many were purged.
  @discardableResult
  public func purgeDeletedTemplates() throws -> Int {
    try writing { db in try purgeDeletedTemplates(in: db) }
  }

  /// Files go first, inside the transaction that removes the rows (as for memes): a crash in between
  /// leaves a deleted row whose files are gone, which the next purge finishes. A row with a name that
  /// is not plain stays as it is: its names are never followed.
  func purgeDeletedTemplates(in db: Database) throws -> Int {
    let rows = try Row.fetchAll(
      db, sql: "SELECT id, \(TemplateDecoder.fileColumns) FROM memeTemplate WHERE deletedAt IS NOT NULL")
    let delete = try db.cachedStatement(sql: "DELETE FROM memeTemplate WHERE id = ?")
    var purged = 0
    for row in rows {
      guard let id = Int64.fromDatabaseValue(row[0]),
        let names = try TemplateDecoder.fileNames(in: row, from: 1)
      else { continue }
      images.remove(names)
      try delete.execute(arguments: [id])
      purged += 1
    }
    return purged
  }

  /// Every file name a template row lists (for the repair, which must not take them for lost files).
  func templateFileNames(in db: Database) throws -> Set<String> {
    var listed: Set<String> = []
    let rows = try Row.fetchCursor(db, sql: "SELECT \(TemplateDecoder.fileColumns) FROM memeTemplate")
    while let row = try rows.next() {
      if let names = try TemplateDecoder.fileNames(in: row, from: 0) { listed.formUnion(names) }
    }
    return listed
  }

  private func insertTemplateRows(
    for drafts: [MemeTemplateDraft], styles: [String], files: [TemplateFileNames]
  ) throws -> [MemeTemplate] {
    try writing { db in
      let insert = try db.cachedStatement(
        sql: """
          INSERT INTO memeTemplate (name, pictureFile, thumbnailFile, layout, style, createdAt, source)
          VALUES (?, ?, ?, ?, ?, ?, ?)
          """)
      return try zip(drafts, zip(styles, files)).map { draft, styleAndFiles in
        let (style, names) = styleAndFiles
        try insert.execute(arguments: [
          draft.name, names.picture, names.thumbnail, SentMemeDecoder.column(for: draft.layout), style,
          draft.createdAt.timeIntervalSinceReferenceDate, draft.source,
        ])
        return MemeTemplate(
          id: db.lastInsertedRowID, name: draft.name, pictureURL: images.fileURL(names.picture),
          thumbnailURL: images.fileURL(names.thumbnail), content: draft.content, createdAt: draft.createdAt,
          source: draft.source)
      }
    }
  }
}
