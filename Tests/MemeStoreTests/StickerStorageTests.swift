// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GLibSupport
import GRDB
import MemeCore
import Testing

@testable import MemeStore

/// How Sent Memes and the templates keep the pictures their stickers were placed from: once each,
/// by content, in the store's `stickers` folder, so a meme still draws the same once the chosen file
/// is gone, and the copy goes with the last meme or template that uses it.
@Suite struct StickerStorageTests {
  /// A 12×12 PNG with transparent, half-transparent and opaque pixels.
  static let glasses = Data(
    base64Encoded:
      "iVBORw0KGgoAAAANSUhEUgAAAAwAAAAMCAYAAABWdVznAAAATUlEQVR4nGO8I6fxnwEKVB7dYISxcYkzMZAISNbAiMwhxnksuEwS0Xi2AM755kSBk9CdATP5xDeneJi4Bde+hWTbQL1QQnYGsvNo7yQAUF8hFfbRh54AAAAASUVORK5CYII="
  )!
  /// A 10×10 opaque green PNG.
  static let green = Data(
    base64Encoded:
      "iVBORw0KGgoAAAANSUhEUgAAAAoAAAAKCAIAAAACUFjqAAAAFElEQVR4nGPkOiHHgBsw4ZEbwdIALg0BBA5OGGMAAAAASUVORK5CYII="
  )!

  static func sticker(at url: URL, angle: Double = 20, opacity: Double = 0.8) -> MemeLayer {
    .sticker(
      StickerLayer(
        source: .picture(StickerPicture(path: url.path)),
        frame: RelativeRect(x: 0.2, y: 0.15, width: 0.5, height: 0.6), angle: angle, opacity: opacity))
  }

  static func draft(layers: [MemeLayer], top: String = "top") -> SentMemeDraft {
    var draft = sampleDraft(0)
    draft.content = MemeContent(captions: MemeCaptions(top: top, bottom: "", layers: layers))
    return draft
  }

  static func templateDraft(layers: [MemeLayer]) -> MemeTemplateDraft {
    MemeTemplateDraft(
      name: "with glasses", picture: .png(randomBytes(120)), thumbnail: .png(randomBytes(40)),
      content: MemeContent(captions: MemeCaptions(top: "dropped", bottom: "", layers: layers)))
  }

  /// The captions drawn over a 64×48 grey picture, as the pixels' bytes.
  static func rendered(_ captions: MemeCaptions) throws -> [UInt8] {
    let picture = try #require(RasterImage(width: 64, height: 48, hasAlpha: false))
    for offset in 0..<(picture.stride * picture.height) { picture.pixels[offset] = 0x80 }
    picture.markDirty()
    let output = try #require(MemeRenderer.rendered(captions, image: picture))
    output.flush()
    return Array(UnsafeBufferPointer(start: output.pixels, count: output.stride * output.height))
  }

  /// The hash of a file as `sha256sum` reads it: an implementation that is not the store's.
  static func sha256sum(_ url: URL) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
    process.arguments = [url.path]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: output, as: UTF8.self).split(separator: " ").first.map(String.init) ?? ""
  }

  static func keptFiles(in folder: TemporaryFolder) -> [String] {
    let url = folder.url.appendingPathComponent(KeptStickers.folderName, isDirectory: true)
    return ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
  }

  static func picture(of layer: MemeLayer?) -> StickerPicture? {
    guard case .picture(let picture) = layer?.sticker?.source else { return nil }
    return picture
  }

  /// Saved, the meme's sticker points at the store's copy, named by the SHA-256 `sha256sum` gives and
  /// stored relative to the store; with the chosen file deleted and the store opened again, the meme
  /// read back draws exactly what it drew before.
  @Test func aSentMemeDrawsTheKeptCopyOnceTheChosenFileIsGone() throws {
    let folder = try TemporaryFolder()
    let chosen = try TemporaryFolder()
    let file = chosen.file("deal with it.PNG")
    try Self.glasses.write(to: file)
    let hash = try Self.sha256sum(file)
    let layer = Self.sticker(at: file)
    let captions = MemeCaptions(top: "top", bottom: "", layers: [layer])
    let before = try Self.rendered(captions)
    #expect(before != (try Self.rendered(MemeCaptions(top: "top", bottom: ""))), "the sticker draws")

    let id: Int64
    do {
      let store = try SentMemeStore(directory: folder.url)
      let saved = try store.save(Self.draft(layers: [layer]))
      id = saved.id
      let picture = try #require(Self.picture(of: saved.content.captions.layers.first))
      #expect(picture.contentHash == hash)
      #expect(picture.name == "deal with it.PNG")
      #expect(picture.path == folder.url.appendingPathComponent("stickers/\(hash).png").path)
      let column = try store.database.reading { db in
        try String.fetchOne(db, sql: "SELECT textBoxes FROM sentMeme WHERE id = ?", arguments: [id])
      }
      let stored = Self.picture(of: SentMemeDecoder.layers(fromJSON: column).first)
      #expect(stored?.path == "stickers/\(hash).png", "stored relative to the store")
    }
    #expect(Self.keptFiles(in: folder) == ["\(hash).png"])
    #expect(try Data(contentsOf: folder.url.appendingPathComponent("stickers/\(hash).png")) == Self.glasses)
    try FileManager.default.removeItem(at: file)

    let store = try SentMemeStore(directory: folder.url)
    let meme = try #require(try store.meme(id: id))
    #expect(Self.picture(of: meme.content.captions.layers.first)?.path.hasPrefix(folder.url.path) == true)
    #expect(try Self.rendered(meme.content.captions) == before)
  }

  /// The store's folder moved elsewhere as a whole: its memes' stickers are read from where it is now.
  @Test func aMovedStoreReadsItsStickersWhereItIsNow() throws {
    let parent = try TemporaryFolder()
    let chosen = try TemporaryFolder()
    let file = chosen.file("glasses.png")
    try Self.glasses.write(to: file)
    let old = parent.url.appendingPathComponent("old", isDirectory: true)
    let moved = parent.url.appendingPathComponent("moved", isDirectory: true)
    let layer = Self.sticker(at: file, angle: -35, opacity: 1)
    let before = try Self.rendered(MemeCaptions(top: "", bottom: "", layers: [layer]))
    let id = try SentMemeStore(directory: old).save(Self.draft(layers: [layer], top: "")).id
    try FileManager.default.removeItem(at: file)
    try FileManager.default.moveItem(at: old, to: moved)

    let meme = try #require(try SentMemeStore(directory: moved).meme(id: id))
    #expect(Self.picture(of: meme.content.captions.layers.first)?.path.hasPrefix(moved.path) == true)
    #expect(try Self.rendered(meme.content.captions) == before)
  }

  /// Two memes placing the same picture (from two files) share one copy: purging one keeps it, purging
  /// the other removes it; another meme's copy stays throughout.
  @Test func aCopySharedByTwoMemesGoesWithTheLastOne() throws {
    let folder = try TemporaryFolder()
    let chosen = try TemporaryFolder()
    try Self.glasses.write(to: chosen.file("a.png"))
    try Self.glasses.write(to: chosen.file("b.png"))
    try Self.green.write(to: chosen.file("green.png"))
    let store = try SentMemeStore(directory: folder.url)
    let first = try store.save(Self.draft(layers: [Self.sticker(at: chosen.file("a.png"))]))
    let second = try store.save(
      Self.draft(layers: [Self.sticker(at: chosen.file("b.png")), Self.sticker(at: chosen.file("a.png"))]))
    let other = try store.save(Self.draft(layers: [Self.sticker(at: chosen.file("green.png"))]))
    let glassesName = "\(try Self.sha256sum(chosen.file("a.png"))).png"
    let greenName = "\(try Self.sha256sum(chosen.file("green.png"))).png"
    #expect(Self.keptFiles(in: folder) == [glassesName, greenName].sorted())

    try store.delete(id: first.id)
    #expect(try store.purgeDeleted(id: first.id))
    #expect(Self.keptFiles(in: folder) == [glassesName, greenName].sorted(), "the second meme uses it")
    // Deleted but not purged, the second meme still holds the copy (its delete can be undone).
    try store.delete(id: second.id)
    try store.undoDelete(id: second.id)
    #expect(Self.keptFiles(in: folder) == [glassesName, greenName].sorted())

    try store.delete(id: second.id)
    #expect(try store.purgeDeleted() == 1)
    #expect(Self.keptFiles(in: folder) == [greenName])
    #expect(Self.picture(of: try store.meme(id: other.id)?.content.captions.layers.first) != nil)
  }

  /// A template keeps its stickers (not its texts) with their pictures, shares a copy with a meme,
  /// and its purge removes the copy only once no meme uses it either.
  @Test func templatesKeepTheirStickers() throws {
    let folder = try TemporaryFolder()
    let chosen = try TemporaryFolder()
    let file = chosen.file("glasses.png")
    try Self.glasses.write(to: file)
    let layer = Self.sticker(at: file)
    let before = try Self.rendered(MemeCaptions(top: "", bottom: "", layers: [layer]))
    let name = "\(try Self.sha256sum(file)).png"
    let templateID: Int64
    let memeID: Int64
    do {
      let store = try SentMemeStore(directory: folder.url)
      let template = try store.saveTemplate(
        Self.templateDraft(layers: [layer, .text(TextBox(text: "not kept", frame: layer.frame))]))
      templateID = template.id
      #expect(template.content.captions.layers.count == 1)
      #expect(
        Self.picture(of: template.content.captions.layers.first)?.contentHash == String(name.prefix(64)))
      memeID = try store.save(Self.draft(layers: [layer])).id
    }
    try FileManager.default.removeItem(at: file)
    #expect(Self.keptFiles(in: folder) == [name])

    let store = try SentMemeStore(directory: folder.url)
    let template = try #require(try store.template(id: templateID))
    #expect(template.content.top == "")
    #expect(try Self.rendered(template.content.captions) == before)
    #expect(try Self.rendered(template.meme.content.captions) == before)

    try store.delete(id: memeID)
    #expect(try store.purgeDeleted() == 1)
    #expect(Self.keptFiles(in: folder) == [name], "the template uses it")
    try store.deleteTemplate(id: templateID)
    #expect(try store.purgeDeletedTemplates() == 1)
    #expect(Self.keptFiles(in: folder) == [])
  }

  /// Memes deleted in one run and purged by opening the store in the next take their copies with them.
  @Test func purgingOnOpeningRemovesTheCopies() throws {
    let folder = try TemporaryFolder()
    let chosen = try TemporaryFolder()
    try Self.green.write(to: chosen.file("green.png"))
    do {
      let store = try SentMemeStore(directory: folder.url)
      let meme = try store.save(Self.draft(layers: [Self.sticker(at: chosen.file("green.png"))]))
      try store.delete(id: meme.id)
    }
    #expect(Self.keptFiles(in: folder).count == 1)
    let store = try SentMemeStore(directory: folder.url)
    try store.finishOpening()
    #expect(try store.count() == 0)
    #expect(Self.keptFiles(in: folder) == [])
  }

  /// A sticker whose file is a symbolic link, a FIFO, a file of `/proc` (which reports no size), a
  /// file over a picture's size cap, or missing, fails the save (of a meme, and of a template) with
  /// the store's error, leaving no row and no file behind. The FIFO has no writer: a store that
  /// waited on it would never return.
  @Test func stickerFilesThatAreNoPlainPictureFailTheSave() throws {
    let chosen = try TemporaryFolder()
    let real = chosen.file("real.png")
    try Self.glasses.write(to: real)
    let link = chosen.file("link.png")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: real)
    let fifo = chosen.file("fifo.png")
    #expect(mkfifo(fifo.path, 0o600) == 0)
    let huge = chosen.file("huge.png")
    #expect(FileManager.default.createFile(atPath: huge.path, contents: Self.glasses))
    let handle = try FileHandle(forWritingTo: huge)
    // Sparse: larger than the cap, yet taking no room on the disk.
    try handle.truncate(atOffset: UInt64(ImageLoader().fileSizeLimit) + 1)
    try handle.close()
    let hostile = [link, fifo, URL(fileURLWithPath: "/proc/self/status"), huge, chosen.file("missing.png")]

    for file in hostile {
      let folder = try TemporaryFolder()
      let store = try SentMemeStore(directory: folder.url)
      let layers = [Self.sticker(at: real), Self.sticker(at: file)]
      #expect(throws: StoreError.self, "\(file.path)") { try store.save(Self.draft(layers: layers)) }
      #expect(throws: StoreError.self, "\(file.path)") {
        try store.saveTemplate(Self.templateDraft(layers: layers))
      }
      #expect(try store.count() == 0)
      #expect(try store.templates().isEmpty)
      #expect(try folder.imageFileNames().isEmpty)
      #expect(Self.keptFiles(in: folder) == [])
    }
  }

  /// The error names the file and why, in one line.
  @Test func aRefusedStickerSaysWhy() throws {
    let chosen = try TemporaryFolder()
    let link = chosen.file("link.png")
    try FileManager.default.createSymbolicLink(
      at: link, withDestinationURL: URL(fileURLWithPath: "/etc/passwd"))
    let store = try SentMemeStore(directory: try TemporaryFolder().url)
    do {
      try store.save(Self.draft(layers: [Self.sticker(at: link)]))
      Issue.record("a linked sticker file was kept")
    } catch let error as StoreError {
      #expect(error.message.contains("link.png") && error.message.contains("symbolic link"))
      #expect(!error.message.contains("\n"))
    }
  }

  /// The start-up repair lists only the images folder: kept copies, used or not, are neither moved to
  /// `lost+found` nor removed. A damaged database rebuilt from what still reads keeps its memes'
  /// stickers, read from the same copies.
  @Test func repairAndRebuildKeepTheCopies() throws {
    let folder = try TemporaryFolder()
    let chosen = try TemporaryFolder()
    try Self.glasses.write(to: chosen.file("glasses.png"))
    try Self.green.write(to: chosen.file("green.png"))
    let layer = Self.sticker(at: chosen.file("glasses.png"))
    let before = try Self.rendered(MemeCaptions(top: "top", bottom: "", layers: [layer]))
    let id: Int64
    do {
      let store = try SentMemeStore(directory: folder.url)
      id = try store.save(Self.draft(layers: [layer])).id
      // A copy whose row is gone (as after a database lost and replaced by an older one).
      let gone = try store.save(Self.draft(layers: [Self.sticker(at: chosen.file("green.png"))]))
      try store.database.writing {
        try $0.execute(sql: "DELETE FROM sentMeme WHERE id = ?", arguments: [gone.id])
      }
      let repairs = try store.repair()
      #expect(repairs.filesSetAside.isEmpty, "only the deleted row's image files: \(repairs)")
    }
    let kept = Self.keptFiles(in: folder)
    #expect(kept.count == 2)
    try FileManager.default.removeItem(at: chosen.url)

    let (store, rebuild) = try SentMemeStore.rebuildDamagedDatabase(in: folder.url)
    #expect(rebuild.recoveredMemes == 2)
    #expect(Self.keptFiles(in: folder) == kept)
    let meme = try #require(try store.meme(id: id))
    #expect(try Self.rendered(meme.content.captions) == before)
  }

  /// A meme read back and sent again (Edit & Resend) keeps the same copy: its sticker is read from
  /// the store's copy, which is not written twice.
  @Test func resendingAMemeSharesItsCopy() throws {
    let folder = try TemporaryFolder()
    let chosen = try TemporaryFolder()
    try Self.glasses.write(to: chosen.file("glasses.png"))
    let store = try SentMemeStore(directory: folder.url)
    let first = try store.save(Self.draft(layers: [Self.sticker(at: chosen.file("glasses.png"))]))
    try FileManager.default.removeItem(at: chosen.url)
    let readBack = try #require(try store.meme(id: first.id))
    let resent = try store.save(Self.draft(layers: readBack.content.captions.layers))
    #expect(resent.content.captions.layers == readBack.content.captions.layers)
    #expect(Self.keptFiles(in: folder).count == 1)
    let before = try Self.rendered(readBack.content.captions)
    try store.delete(id: first.id)
    try store.purgeDeleted()
    #expect(Self.keptFiles(in: folder).count == 1, "the resent meme uses it")
    let resentBack = try #require(try store.meme(id: resent.id))
    #expect(try Self.rendered(resentBack.content.captions) == before)
  }

  /// A save whose rows do not commit (here a trigger refuses them) leaves no copy it wrote, and no
  /// image file; a copy an earlier meme uses stays.
  @Test func aSaveThatDoesNotCommitLeavesNoCopy() throws {
    let folder = try TemporaryFolder()
    let chosen = try TemporaryFolder()
    try Self.glasses.write(to: chosen.file("glasses.png"))
    try Self.green.write(to: chosen.file("green.png"))
    let store = try SentMemeStore(directory: folder.url)
    try store.save(Self.draft(layers: [Self.sticker(at: chosen.file("green.png"))]))
    let before = Self.keptFiles(in: folder)
    let images = try folder.imageFileNames()
    try store.database.writing { db in
      try db.execute(
        sql: """
          CREATE TRIGGER refuse BEFORE INSERT ON sentMeme BEGIN SELECT RAISE(ABORT, 'refused'); END;
          CREATE TRIGGER refuseTemplate BEFORE INSERT ON memeTemplate BEGIN SELECT RAISE(ABORT, 'refused'); END;
          """)
    }
    let layers = [Self.sticker(at: chosen.file("glasses.png")), Self.sticker(at: chosen.file("green.png"))]
    #expect(throws: (any Error).self) { try store.save(Self.draft(layers: layers)) }
    #expect(throws: (any Error).self) { try store.saveTemplate(Self.templateDraft(layers: layers)) }
    #expect(Self.keptFiles(in: folder) == before)
    #expect(try folder.imageFileNames() == images)
  }

  /// A `stickers` folder that is a symbolic link is not followed: a save with a sticker fails with
  /// `linkedFolder` and writes nothing through it; memes without sticker pictures still save.
  @Test func aLinkedStickersFolderIsNotFollowed() throws {
    let folder = try TemporaryFolder()
    let elsewhere = try TemporaryFolder()
    let chosen = try TemporaryFolder()
    try Self.glasses.write(to: chosen.file("glasses.png"))
    try FileManager.default.createSymbolicLink(
      at: folder.url.appendingPathComponent(KeptStickers.folderName), withDestinationURL: elsewhere.url)
    let store = try SentMemeStore(directory: folder.url)
    do {
      try store.save(Self.draft(layers: [Self.sticker(at: chosen.file("glasses.png"))]))
      Issue.record("saved through a linked stickers folder")
    } catch StoreError.linkedFolder {
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.url.path).isEmpty)
    #expect(try store.count() == 0 && (try folder.imageFileNames()).isEmpty)
    try store.save(Self.draft(layers: []))
    #expect(try store.count() == 1)
  }

  /// Emoji stickers have no file: nothing is kept, and they read back as they were.
  @Test func emojiStickersKeepNoFile() throws {
    let folder = try TemporaryFolder()
    let store = try SentMemeStore(directory: folder.url)
    let layer = MemeLayer.sticker(
      StickerLayer(source: .emoji("😎"), frame: RelativeRect(x: 0.1, y: 0.1, width: 0.3, height: 0.3)))
    let saved = try store.save(Self.draft(layers: [layer]))
    #expect(try store.meme(id: saved.id)?.content.captions.layers == [layer])
    #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("stickers").path))
  }

  /// A stored picture that names no copy the store made (a path elsewhere, a `..`, a hash of the
  /// wrong shape, from a database written by hand) is left as it is: never taken for a copy, never
  /// removed by a purge.
  @Test func onlyTheStoresOwnNamesAreCopies() {
    let hash = String(repeating: "ab", count: 32)
    let kept = { (path: String, sha: String?) in
      KeptStickers.keptName(of: StickerPicture(path: path, contentHash: sha))
    }
    #expect(kept("stickers/\(hash).png", hash) == "\(hash).png")
    #expect(kept("stickers/\(hash)", hash) == hash)
    #expect(kept("stickers/\(hash).exe", hash) == nil)
    #expect(kept("stickers/../images/\(hash).png", hash) == nil)
    #expect(kept("/etc/\(hash).png", hash) == nil)
    #expect(kept("stickers/\(hash).png", nil) == nil)
    #expect(kept("stickers/\(hash.uppercased()).png", hash.uppercased()) == nil)
    #expect(kept("stickers/x.png", "x") == nil)
  }

  /// The store's SHA-256 agrees with `sha256sum` on lengths around the padding's edges.
  @Test(arguments: [0, 1, 55, 56, 63, 64, 65, 119, 120, 1000, 70_001])
  func theContentHashIsSHA256(length: Int) throws {
    let folder = try TemporaryFolder()
    let bytes = randomBytes(length)
    try bytes.write(to: folder.file("bytes"))
    #expect(ContentDigest.sha256(of: Array(bytes)) == (try Self.sha256sum(folder.file("bytes"))))
  }

  /// A store made by the release whose last migration is `migration`, holding one template "old".
  static func makeReleaseStoreWithATemplate(in folder: TemporaryFolder, upTo migration: String) throws {
    try makeReleaseStore(in: folder, upTo: migration)
    let queue = try DatabaseQueue(path: folder.databaseURL.path)
    try queue.write { db in
      try db.execute(
        sql: """
          INSERT INTO memeTemplate (name, pictureFile, thumbnailFile, style, createdAt)
          VALUES ('old', 'a.jpg', 'a-thumb.png', '{}', 0)
          """)
    }
    try queue.close()
  }

  /// Templates kept before they had stickers (no `layers` column yet) open with none.
  @Test func templatesKeptBeforeStickersHaveNone() throws {
    let folder = try TemporaryFolder()
    try Self.makeReleaseStoreWithATemplate(in: folder, upTo: "v8 saved file")
    let store = try SentMemeStore(directory: folder.url)
    let template = try #require(try store.templates().first)
    #expect(template.name == "old" && template.content.captions.layers.isEmpty)
  }
}
