// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GRDB
import Testing

@testable import MemeStore

/// The schema a new store gets is the one the shipped migrations made, to the letter: SQLite keeps
/// each statement's text, and a migration that has shipped must never change.
@Suite struct SchemaTests {
  @Test func theUndoableTablesAreCreatedByTheVeryStatementsThatShipped() throws {
    let folder = try TemporaryFolder()
    _ = try SentMemeStore(directory: folder.url)
    var configuration = Configuration()
    configuration.readonly = true
    let queue = try DatabaseQueue(path: folder.databaseURL.path, configuration: configuration)
    let statements = try queue.read { db in
      try Dictionary(
        uniqueKeysWithValues: Row.fetchAll(
          db, sql: "SELECT name, sql FROM sqlite_master WHERE tbl_name IN ('sentMeme', 'memeTemplate')"
        ).map { (($0[0] as String), ($0[1] as String?) ?? "") })
    }
    // v1, with the columns v2 to v8 and v10 to v13 added after it.
    #expect(
      statements["sentMeme"] == """
        CREATE TABLE sentMeme (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          topText TEXT NOT NULL,
          bottomText TEXT NOT NULL,
          style TEXT NOT NULL,
          sentAt REAL NOT NULL,
          position INTEGER NOT NULL,
          originalFile TEXT NOT NULL,
          renderedFile TEXT NOT NULL,
          thumbnailFile TEXT NOT NULL,
          deletedAt REAL
        , transform TEXT, textBoxes TEXT, description TEXT, layout TEXT, savedFile TEXT, panels TEXT, effects TEXT, timing TEXT, received INTEGER, readText TEXT)
        """)
    #expect(statements["sentMeme_position"] == "CREATE INDEX sentMeme_position ON sentMeme(position)")
    #expect(
      statements["sentMeme_unread"]
        == "CREATE INDEX sentMeme_unread ON sentMeme(received) WHERE readText IS NULL")
    // v7, with the columns v9, v10 and v11 added after it.
    #expect(
      statements["memeTemplate"] == """
        CREATE TABLE memeTemplate (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          name TEXT NOT NULL,
          pictureFile TEXT NOT NULL,
          thumbnailFile TEXT NOT NULL,
          layout TEXT,
          style TEXT NOT NULL,
          createdAt REAL NOT NULL,
          useCount INTEGER NOT NULL DEFAULT 0,
          lastUsedAt REAL,
          source TEXT,
          deletedAt REAL
        , layers TEXT, panels TEXT, effects TEXT)
        """)
    #expect(
      statements["memeTemplate_use"]
        == "CREATE INDEX memeTemplate_use ON memeTemplate(useCount DESC, lastUsedAt DESC)")
  }
}
