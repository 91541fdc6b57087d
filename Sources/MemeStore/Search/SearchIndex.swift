// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GRDB
import MemeCore

/// The full-text index of the memes' texts: an FTS5 table in the store's database whose rowid is the
/// meme's id, written in the same transaction as the meme's row.
///
/// The tokenizer is unicode61 with `remove_diacritics 2` (case- and accent-insensitive: "cafe" finds
/// "Café", in every script SQLite folds) and with other symbols (emoji) counted as word characters
/// beside its default letters, numbers and private use, and marks (so the vowel signs of Devanagari
/// or Thai do not cut words in two). `SearchText` segments scripts written without spaces.
///
/// The table keeps its own copy of the text (not contentless): SQLite 3.40 (Debian 12) can delete
/// from a contentless table only given the text that was indexed, which would tie every future
/// version to this one's segmenting. A trigger removes a meme's entry when its row goes, whoever
/// deletes it. A deleted meme that can still be undone keeps its entry; queries leave it out by its
/// `deletedAt`, so deleting and undoing need no index write.
enum SearchIndex {
  static let tableName = "sentMemeSearch"

  static func create(in db: Database) throws {
    try db.execute(
      sql: """
        CREATE VIRTUAL TABLE \(tableName) USING fts5(
          text,
          tokenize = "unicode61 remove_diacritics 2 categories 'L* N* Co M* So'"
        );
        CREATE TRIGGER sentMemeSearch_delete AFTER DELETE ON sentMeme BEGIN
          DELETE FROM \(tableName) WHERE rowid = old.id;
        END;
        """)
  }

  /// Indexes a meme (or replaces its entry) inside the caller's transaction.
  static func index(
    id: Int64, topText: String, bottomText: String, layers: [MemeLayer], description: String?,
    readText: String?, in db: Database
  ) throws {
    let text = SearchText.indexed(
      topText: topText, bottomText: bottomText, layers: layers, description: description, readText: readText)
    try db.cachedStatement(sql: "DELETE FROM \(tableName) WHERE rowid = ?").execute(arguments: [id])
    guard !text.isEmpty else { return }
    try db.cachedStatement(sql: "INSERT INTO \(tableName) (rowid, text) VALUES (?, ?)")
      .execute(arguments: [id, text])
  }

  /// Indexes every row, deleted ones too (an undo brings them back). A row whose texts do not read
  /// (a damaged or foreign database) is indexed with what does read, or left out: it must not stop
  /// the store from opening.
  static func indexEveryMeme(in db: Database) throws {
    // The words read in pictures came in v13; v6's migration indexed the memes before it.
    let readText = try db.columns(in: "sentMeme").contains { $0.name == "readText" } ? "readText" : "NULL"
    let rows = try Row.fetchCursor(
      db, sql: "SELECT id, topText, bottomText, textBoxes, description, \(readText) FROM sentMeme")
    let decoder = JSONDecoder()
    while let row = try rows.next() {
      guard let id = Int64.fromDatabaseValue(row[0]) else { continue }
      try index(
        id: id, topText: String.fromDatabaseValue(row[1]) ?? "",
        bottomText: String.fromDatabaseValue(row[2]) ?? "",
        layers: SentMemeDecoder.layers(fromJSON: String.fromDatabaseValue(row[3]), decoder: decoder),
        description: String.fromDatabaseValue(row[4]), readText: String.fromDatabaseValue(row[5]), in: db)
    }
  }
}
