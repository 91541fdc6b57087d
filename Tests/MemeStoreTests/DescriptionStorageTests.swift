// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GRDB
import MemeCore
import Testing

@testable import MemeStore

/// A meme's description is kept with it; a store made by today's release (before descriptions)
/// opens with every meme, each with the default description (its text).
@Suite struct DescriptionStorageTests {
  /// The schema the release before descriptions wrote, verbatim (its migrations "v1 sent memes",
  /// "v2 picture transform" and "v3 text boxes"), with GRDB's record of them: the fixture is made
  /// without the new code.
  static let releaseSchema = """
    CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
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
    );
    CREATE INDEX sentMeme_position ON sentMeme(position);
    ALTER TABLE sentMeme ADD COLUMN transform TEXT;
    ALTER TABLE sentMeme ADD COLUMN textBoxes TEXT;
    INSERT INTO grdb_migrations VALUES ('v1 sent memes'), ('v2 picture transform'), ('v3 text boxes');
    """

  @Test func aStoreFromTheReleaseKeepsItsMemesWithTheDefaultDescription() throws {
    let folder = try TemporaryFolder()
    try FileManager.default.createDirectory(at: folder.imagesURL, withIntermediateDirectories: true)
    for number in 1...3 {
      for name in ["o\(number).jpg", "r\(number).png", "t\(number).png"] {
        try randomBytes(100).write(to: folder.imagesURL.appendingPathComponent(name))
      }
    }
    let queue = try DatabaseQueue(path: folder.databaseURL.path)
    try queue.write { db in
      try db.execute(sql: Self.releaseSchema)
      let box =
        #"[{"alignment":"center","anchor":"middle","angle":0,"fitting":{"shrinkToFit":{}},"#
        + #""frame":{"height":0.2,"width":0.5,"x":0.1,"y":0.4},"style":{"isUppercase":true,"#
        + #""outlineColor":{"alpha":1,"blue":0,"green":0,"red":0},"textColor":{"alpha":1,"blue":1,"green":1,"red":1}},"#
        + #""text":"in the middle"}]"#
      for number in 1...3 {
        try db.execute(
          sql: """
            INSERT INTO sentMeme (topText, bottomText, style, sentAt, position, originalFile, renderedFile,
              thumbnailFile, textBoxes)
            VALUES (?, ?, '{"isUppercase":true,"outlineColor":{"alpha":1,"blue":0,"green":0,"red":0},"textColor":{"alpha":1,"blue":1,"green":1,"red":1}}',
              ?, ?, ?, ?, ?, ?)
            """,
          arguments: [
            "Top \(number)", "Bottom \(number)", 1000 + Double(number), number, "o\(number).jpg",
            "r\(number).png",
            "t\(number).png", number == 2 ? box : nil,
          ])
      }
    }
    try queue.close()

    let store = try SentMemeStore(directory: folder.url)
    let memes = try store.allMemes()
    #expect(memes.map(\.top) == ["Top 1", "Top 2", "Top 3"])
    #expect(memes.allSatisfy { $0.customDescription == nil })
    #expect(memes[0].resolvedDescription == "Top 1\nBottom 1")
    #expect(memes[1].resolvedDescription == "Top 2\nin the middle\nBottom 2")
    #expect(memes[1].meme.customDescription == nil)

    let migrated = try DatabaseQueue(path: folder.databaseURL.path).read { db in
      (
        try db.columns(in: "sentMeme").map(\.name),
        try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations"),
        try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sentMeme WHERE description IS NULL")
      )
    }
    #expect(migrated.0.contains("description"))
    #expect(migrated.1.contains("v4 description"))
    #expect(migrated.2 == 3)
  }

  /// A written description reads back after reopening and reaches the editor's meme and a draft
  /// made from it (Edit & Resend); a blank one is stored as none (the default).
  @Test func aDescriptionReadsBackAndTravelsToTheResentDraft() throws {
    let folder = try TemporaryFolder()
    var draft = sampleDraft(1)
    draft.customDescription = "Eine Katze, überrascht 🙀\n<&>\"'"
    let saved = try SentMemeStore(directory: folder.url).save(draft)
    #expect(saved.customDescription == draft.customDescription)
    var blank = sampleDraft(2)
    blank.customDescription = " \n "
    let plain = try SentMemeStore(directory: folder.url).save(blank)
    #expect(plain.customDescription == nil)

    let store = try SentMemeStore(directory: folder.url)
    let loaded = try #require(try store.meme(id: saved.id))
    #expect(loaded.customDescription == draft.customDescription)
    #expect(loaded.meme.customDescription == draft.customDescription)
    #expect(loaded.resolvedDescription == draft.customDescription)
    #expect(try store.meme(id: plain.id)?.customDescription == nil)
    #expect(try store.meme(id: plain.id)?.resolvedDescription == "Top 2\nBottom 2")
    let resent = SentMemeDraft(
      meme: loaded.meme, rendered: .png(randomBytes(10)), thumbnail: .png(randomBytes(10)))
    #expect(resent.customDescription == draft.customDescription)
    let again = try store.save(resent)
    #expect(try store.meme(id: again.id)?.customDescription == draft.customDescription)
    // Every listing reads it, not only one meme's.
    #expect(try store.allMemes().compactMap(\.customDescription).count == 2)
  }
}
