// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GRDB
import MemeCore
import Testing

@testable import MemeStore

/// Templates live in the sent memes' store: a round trip through a reopened store, the migration
/// from a store made before templates, deleting with undo, the order by use, and the repair.
@Suite struct TemplateStorageTests {
  func sampleTemplate(_ name: String, layout: MemeLayoutKind = .classic) -> MemeTemplateDraft {
    MemeTemplateDraft(
      name: name, picture: EncodedImage(data: randomBytes(400), fileExtension: "png"),
      thumbnail: .png(randomBytes(60)),
      content: MemeContent(
        captions: MemeCaptions(
          top: "", bottom: "",
          style: CaptionStyle(
            fontFamily: "DejaVu Serif", textColor: .black, outlineColor: .white, isUppercase: false),
          layout: layout)),
      source: "\(name).png")
  }

  @Test func aTemplateReadsBackWithItsFilesLayoutAndStyleAfterReopening() throws {
    let folder = try TemporaryFolder()
    let draft = sampleTemplate("Distracted boyfriend", layout: .poster)
    let saved = try SentMemeStore(directory: folder.url).saveTemplate(draft)

    let store = try SentMemeStore(directory: folder.url)
    let loaded = try #require(try store.template(id: saved.id))
    #expect(loaded == saved)
    #expect(loaded.name == "Distracted boyfriend")
    #expect(loaded.layout == .poster)
    #expect(loaded.style == draft.style)
    #expect(loaded.source == "Distracted boyfriend.png")
    #expect(loaded.useCount == 0 && loaded.lastUsedAt == nil)
    #expect(try contents(loaded.pictureURL) == draft.picture.data)
    #expect(try contents(loaded.thumbnailURL) == draft.thumbnail.data)
    for url in [loaded.pictureURL, loaded.thumbnailURL] {
      #expect(url.deletingLastPathComponent().standardizedFileURL == folder.imagesURL.standardizedFileURL)
    }
    // The meme it starts: its picture as it is, no texts, its layout and style.
    let meme = loaded.meme
    #expect(meme.top.isEmpty && meme.bottom.isEmpty && meme.textBoxes.isEmpty)
    #expect(meme.originalImage == loaded.pictureURL && meme.transform.isIdentity)
    #expect(meme.layout == .poster && meme.style == draft.style)
    // Templates are not memes.
    #expect(try store.allMemes().isEmpty && store.count() == 0)
  }

  @Test func aStoreMadeBeforeTemplatesOpensWithItsMemesAndNoTemplates() throws {
    let folder = try TemporaryFolder()
    // The release before templates.
    try makeReleaseStore(in: folder, upTo: "v5 meme layout", extraColumns: ["layout": "band"])

    let store = try SentMemeStore(directory: folder.url)
    #expect(try store.topTexts() == ["top"])
    #expect(try store.allMemes().first?.layout == .band)
    #expect(try store.templates().isEmpty)
    let reader = try DatabaseQueue(path: folder.databaseURL.path)
    #expect(
      try reader.read { try String.fetchAll($0, sql: "SELECT identifier FROM grdb_migrations") }.contains(
        "v7 templates"))
    // The migrated store keeps templates like a new one.
    let saved = try store.saveTemplate(sampleTemplate("After the migration"))
    #expect(try SentMemeStore(directory: folder.url).templates().map(\.id) == [saved.id])
    // The repair counts the template's files as listed: nothing is set aside, no meme is rebuilt.
    let repairs = try SentMemeStore(directory: folder.url).repair()
    #expect(repairs.rebuiltMemeIDs.isEmpty && repairs.filesSetAside.isEmpty)
    #expect(FileManager.default.fileExists(atPath: saved.pictureURL.path))
  }

  @Test func aDeletedTemplateComesBackWithUndoAndGoesForGoodWhenPurged() throws {
    let folder = try TemporaryFolder()
    let store = try SentMemeStore(directory: folder.url)
    let kept = try store.saveTemplate(sampleTemplate("Kept"))
    let doomed = try store.saveTemplate(sampleTemplate("Doomed"))

    try store.deleteTemplate(id: doomed.id)
    #expect(try store.templates().map(\.name) == ["Kept"])
    #expect(try store.template(id: doomed.id) == nil)
    #expect(FileManager.default.fileExists(atPath: doomed.pictureURL.path), "files stay until the purge")
    try store.undoDeleteTemplate(id: doomed.id)
    #expect(Set(try store.templates().map(\.name)) == ["Kept", "Doomed"])
    #expect(throws: StoreError.self) { try store.undoDeleteTemplate(id: doomed.id) }

    try store.deleteTemplate(id: doomed.id)
    #expect(try store.purgeDeletedTemplates() == 1)
    #expect(!FileManager.default.fileExists(atPath: doomed.pictureURL.path))
    #expect(!FileManager.default.fileExists(atPath: doomed.thumbnailURL.path))
    #expect(throws: StoreError.self) { try store.undoDeleteTemplate(id: doomed.id) }
    #expect(FileManager.default.fileExists(atPath: kept.pictureURL.path))
    #expect(
      try folder.imageFileNames()
        == [kept.pictureURL.lastPathComponent, kept.thumbnailURL.lastPathComponent])
  }

  @Test func aTemplateDeletedInAnEarlierRunIsPurgedWhenTheStoreOpens() throws {
    let folder = try TemporaryFolder()
    let doomed = try SentMemeStore(directory: folder.url).saveTemplate(sampleTemplate("Doomed"))
    try SentMemeStore(directory: folder.url).deleteTemplate(id: doomed.id)

    let store = try SentMemeStore(directory: folder.url)
    #expect(throws: StoreError.self) { try store.undoDeleteTemplate(id: doomed.id) }
    #expect(try folder.imageFileNames().isEmpty)
  }

  @Test func theMostUsedComeFirstThenTheLastUsedThenTheNewest() throws {
    let folder = try TemporaryFolder()
    let store = try SentMemeStore(directory: folder.url)
    let start = Date(timeIntervalSinceReferenceDate: 800_000_000)
    var drafts = ["Old", "Middle", "New"].map { sampleTemplate($0) }
    for index in drafts.indices { drafts[index].createdAt = start + Double(index) * 60 }
    let saved = try store.saveTemplates(contentsOf: drafts)
    #expect(try store.templates().map(\.name) == ["New", "Middle", "Old"], "unused: newest first")

    try store.markTemplateUsed(id: saved[0].id, at: start + 1000)
    try store.markTemplateUsed(id: saved[0].id, at: start + 2000)
    try store.markTemplateUsed(id: saved[1].id, at: start + 3000)
    let reopened = try SentMemeStore(directory: folder.url)
    #expect(try reopened.templates().map(\.name) == ["Old", "Middle", "New"])
    let old = try #require(try reopened.template(id: saved[0].id))
    #expect(old.useCount == 2 && old.lastUsedAt == start + 2000)

    try reopened.markTemplateUsed(id: saved[1].id, at: start + 4000)
    try reopened.markTemplateUsed(id: saved[2].id, at: start + 5000)
    try reopened.markTemplateUsed(id: saved[2].id, at: start + 6000)
    // Two each: the one used last comes first.
    #expect(try reopened.templates().map(\.name) == ["New", "Middle", "Old"])
  }

  @Test func aRenameIsKeptAndABlankNameIsRefused() throws {
    let folder = try TemporaryFolder()
    let store = try SentMemeStore(directory: folder.url)
    let saved = try store.saveTemplate(sampleTemplate("IMG_2041"))
    try store.renameTemplate(id: saved.id, to: "  Surprised cat  ")
    #expect(try SentMemeStore(directory: folder.url).template(id: saved.id)?.name == "Surprised cat")
    #expect(throws: StoreError.self) { try store.renameTemplate(id: saved.id, to: " \n ") }
    #expect(try store.template(id: saved.id)?.name == "Surprised cat")
  }

  /// A copied or edited database may name files outside the images folder: such a template is
  /// never shown, and its names are never followed to remove anything.
  @Test func aTemplateRowNamingAFileOutsideTheStoreIsSkippedAndNeverFollowed() throws {
    let folder = try TemporaryFolder()
    let outside = folder.file("precious.txt")
    try Data("keep me".utf8).write(to: outside)
    let store = try SentMemeStore(directory: folder.url)
    let good = try store.saveTemplate(sampleTemplate("Good"))
    try DatabaseQueue(path: folder.databaseURL.path).write { db in
      try db.execute(
        sql: """
          INSERT INTO memeTemplate (name, pictureFile, thumbnailFile, style, createdAt, deletedAt)
          VALUES ('Hostile', '../precious.txt', 'x.png', '{}', 0, 1)
          """)
    }
    #expect(try store.templates().map(\.id) == [good.id])
    _ = try store.purgeDeletedTemplates()
    #expect(try contents(outside) == Data("keep me".utf8))
  }
}
