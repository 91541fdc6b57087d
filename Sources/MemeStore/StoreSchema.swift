// SPDX-License-Identifier: GPL-3.0-or-later
import GRDB

/// The database layout and how it changes between versions. Migrations are append-only: never edit one
/// that has shipped (nor the columns it creates), add a new one.
enum StoreSchema {
  static var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("v1 sent memes") { db in
      try createUndoableTable(
        "sentMeme", columns: sentMemeColumns, index: "CREATE INDEX sentMeme_position ON sentMeme(position);",
        in: db)
    }
    migrator.registerMigration("v2 picture transform") { db in
      // The crop, turn and mirroring as PictureTransform JSON; NULL (every meme sent before) is the
      // picture as it is.
      try db.execute(sql: "ALTER TABLE sentMeme ADD COLUMN transform TEXT")
    }
    migrator.registerMigration("v3 text boxes") { db in
      // The text boxes placed anywhere, beside the classic top and bottom captions (which stay in
      // their columns), as a JSON array of TextBox; NULL (every meme sent before) is none: such a
      // meme is its two classic boxes and renders exactly as it did.
      try db.execute(sql: "ALTER TABLE sentMeme ADD COLUMN textBoxes TEXT")
    }
    migrator.registerMigration("v4 description") { db in
      // The description the user wrote for the meme (its alt text); NULL (every meme sent before,
      // and every meme whose description was left alone) is the default, the meme's text in reading
      // order, made again from the captions whenever it is needed.
      try db.execute(sql: "ALTER TABLE sentMeme ADD COLUMN description TEXT")
    }
    migrator.registerMigration("v5 meme layout") { db in
      // How the texts and the picture are arranged, as MemeLayoutKind's name ("band", "poster");
      // NULL (every meme sent before) is Classic, the captions on the picture.
      try db.execute(sql: "ALTER TABLE sentMeme ADD COLUMN layout TEXT")
    }
    migrator.registerMigration("v6 search index") { db in
      // SearchIndex explains the table; the memes already stored are indexed in this migration's
      // transaction, so a store is never seen with half an index.
      try SearchIndex.create(in: db)
      try SearchIndex.indexEveryMeme(in: db)
    }
    migrator.registerMigration("v7 templates") { db in
      try createUndoableTable(
        "memeTemplate", columns: templateColumns,
        index: "CREATE INDEX memeTemplate_use ON memeTemplate(useCount DESC, lastUsedAt DESC);", in: db)
    }
    migrator.registerMigration("v8 saved file") { db in
      // Where Save As last wrote the meme (a path outside the store, which the store never reads
      // or changes), for Meme Detail's "Show in Folder"; NULL (every meme sent before, and every
      // meme shared another way) is none.
      try db.execute(sql: "ALTER TABLE sentMeme ADD COLUMN savedFile TEXT")
    }
    migrator.registerMigration("v9 template stickers") { db in
      // The template's stickers, as a JSON array of MemeLayer (as sentMeme.textBoxes, each sticker's
      // picture kept in the stickers folder); NULL (every template kept before) is none.
      try db.execute(sql: "ALTER TABLE memeTemplate ADD COLUMN layers TEXT")
    }
    migrator.registerMigration("v10 panels") { db in
      // A panel meme's cells, as PanelGrid JSON (each cell's picture kept in the stickers folder, as
      // a sticker's is; a template's cells have none); NULL (every meme sent and template kept
      // before) is a meme of one picture.
      try db.execute(sql: "ALTER TABLE sentMeme ADD COLUMN panels TEXT")
      try db.execute(sql: "ALTER TABLE memeTemplate ADD COLUMN panels TEXT")
    }
    migrator.registerMigration("v11 effects") { db in
      // The effects the picture is made with (deep-fry, More JPEG, black and white), as
      // PictureEffects JSON; NULL (every meme sent and template kept before) is none.
      try db.execute(sql: "ALTER TABLE sentMeme ADD COLUMN effects TEXT")
      try db.execute(sql: "ALTER TABLE memeTemplate ADD COLUMN effects TEXT")
    }
    migrator.registerMigration("v12 playback timing") { db in
      // How a moving picture plays (its trim, speed, direction, play count, sound), as
      // PlaybackTiming JSON; NULL (every meme sent before) plays as its source does.
      try db.execute(sql: "ALTER TABLE sentMeme ADD COLUMN timing TEXT")
    }
    migrator.registerMigration("v13 received memes") { db in
      // received: 1 for a meme someone else made that the user collected (Collect); NULL (every meme
      // sent before, and every meme sent since) is one the user made and sent.
      // readText: the words read in a received meme's picture (TextInPicture); NULL is not read yet,
      // the empty text read with nothing found. The search index holds them beside the meme's texts.
      try db.execute(sql: "ALTER TABLE sentMeme ADD COLUMN received INTEGER")
      try db.execute(sql: "ALTER TABLE sentMeme ADD COLUMN readText TEXT")
      try db.execute(sql: "CREATE INDEX sentMeme_unread ON sentMeme(received) WHERE readText IS NULL")
      // Indexed again: the index now writes "ß" as "ss" (see SearchText.withoutSharpS).
      try SearchIndex.indexEveryMeme(in: db)
    }
    return migrator
  }

  /// The sent memes' columns in v1 (later ones were added by their own migrations).
  /// style: CaptionStyle as JSON, so new style fields need no column changes.
  /// sentAt: seconds since the reference date (exactly what Date holds).
  private static let sentMemeColumns = """
    topText TEXT NOT NULL
    bottomText TEXT NOT NULL
    style TEXT NOT NULL
    sentAt REAL NOT NULL
    position INTEGER NOT NULL
    originalFile TEXT NOT NULL
    renderedFile TEXT NOT NULL
    thumbnailFile TEXT NOT NULL
    """

  /// The templates' columns in v7: pictures kept to make new memes from, the picture as it was cut,
  /// turned and mirrored (a file in the images folder, beside its thumbnail), the layout and caption
  /// style, never texts.
  /// layout: MemeLayoutKind's name, NULL for Classic, as in sentMeme.
  /// style: CaptionStyle as JSON. createdAt, lastUsedAt: seconds since the reference date.
  /// useCount and lastUsedAt order the gallery (most used first). source: where the picture came
  /// from (the imported file's name, or how a made one was made), for the record.
  private static let templateColumns = """
    name TEXT NOT NULL
    pictureFile TEXT NOT NULL
    thumbnailFile TEXT NOT NULL
    layout TEXT
    style TEXT NOT NULL
    createdAt REAL NOT NULL
    useCount INTEGER NOT NULL DEFAULT 0
    lastUsedAt REAL
    source TEXT
    """

  /// Creates a table of rows the user deletes in two steps (see `DeletedRows`), with `columns` (one
  /// definition a line) between the two columns such a table needs, then runs `index`:
  /// - `id` is AUTOINCREMENT: ids are never reused, so an id the UI still holds (an undo toast, an
  ///   open detail window) can never come to mean another row after a purge.
  /// - `deletedAt` (seconds since the reference date) is set while a delete can still be undone;
  ///   such rows are hidden, and purged later.
  ///
  /// The statement is the very text the shipped migrations ran, byte for byte (SQLite keeps it in the
  /// schema): a shipped migration must not change.
  private static func createUndoableTable(_ name: String, columns: String, index: String, in db: Database)
    throws
  {
    let columns = columns.split(separator: "\n").map(String.init)
    let lines = ["id INTEGER PRIMARY KEY AUTOINCREMENT"] + columns + ["deletedAt REAL"]
    try db.execute(
      sql: "CREATE TABLE \(name) (\n" + lines.map { "  " + $0 }.joined(separator: ",\n") + "\n);\n" + index)
  }
}
