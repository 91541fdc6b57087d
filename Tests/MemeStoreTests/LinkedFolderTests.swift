// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GRDB
import Testing

@testable import MemeStore

/// A store whose `images` entry is a symbolic link (a restored backup, a synced copy, a tarball
/// unpacked over the data folder) never moves, removes or writes a file through it unless the user
/// said to use that folder; and a store opened before its folder was swapped for a link keeps
/// working on the folder it opened.
@Suite struct LinkedFolderTests {
  /// A store with three memes whose pictures were moved to `victim`, with `images` now a link to it,
  /// and two files of the user's there that no row lists.
  struct LinkedStore {
    let folder = try! TemporaryFolder()
    let victim: URL
    let memeFiles: Set<String>
    let userFiles: [String: Data] = ["id_rsa": randomBytes(400), "notes.txt": Data("mine\n".utf8)]

    init() throws {
      victim = folder.url.deletingLastPathComponent().appendingPathComponent(
        "MemeStoreTests-victim-\(UUID().uuidString)", isDirectory: true)
      try FileManager.default.createDirectory(at: victim, withIntermediateDirectories: true)
      do {
        let store = try SentMemeStore(directory: folder.url)
        try store.save(contentsOf: (1...3).map { sampleDraft($0) })
        // A deleted meme whose row names one of the user's files: a purge would remove it.
        try store.database.writing { db in
          try db.execute(
            sql: """
              INSERT INTO sentMeme (topText, bottomText, style, sentAt, position, originalFile,
                renderedFile, thumbnailFile, deletedAt)
              SELECT '', '', style, sentAt, 99, 'id_rsa', 'notes.txt', 'gone.png', 1 FROM sentMeme LIMIT 1
              """)
        }
      }
      memeFiles = try folder.imageFileNames()
      for name in memeFiles {
        try FileManager.default.moveItem(
          at: folder.imagesURL.appendingPathComponent(name), to: victim.appendingPathComponent(name))
      }
      try FileManager.default.removeItem(at: folder.imagesURL)
      try FileManager.default.createSymbolicLink(at: folder.imagesURL, withDestinationURL: victim)
      for (name, bytes) in userFiles { try bytes.write(to: victim.appendingPathComponent(name)) }
    }

    /// Everything in the link's target, with its bytes.
    func victimContents() throws -> [String: Data] {
      var found: [String: Data] = [:]
      for name in try FileManager.default.contentsOfDirectory(atPath: victim.path) {
        found[name] = try contents(victim.appendingPathComponent(name))
      }
      return found
    }

    func remove() { try? FileManager.default.removeItem(at: victim) }
  }

  @Test func aLinkedImagesFolderIsReportedAndNothingIsTouched() throws {
    let linked = try LinkedStore()
    defer { linked.remove() }
    let before = try linked.victimContents()
    let storeBefore = try FileManager.default.contentsOfDirectory(atPath: linked.folder.url.path).sorted()

    #expect(throws: StoreError.linkedFolder(linked.folder.imagesURL, target: linked.victim.path)) {
      try SentMemeStore(directory: linked.folder.url)
    }
    #expect(throws: StoreError.linkedFolder(linked.folder.imagesURL, target: linked.victim.path)) {
      try SentMemeStore(directory: linked.folder.url, checkingLater: true)
    }

    #expect(try linked.victimContents() == before, "the link's target is left as it was")
    #expect(before["id_rsa"] == linked.userFiles["id_rsa"])
    let storeAfter = try FileManager.default.contentsOfDirectory(atPath: linked.folder.url.path).sorted()
    #expect(storeAfter == storeBefore, "no lost+found, nothing new in the store's folder")
    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: linked.folder.imagesURL.path)
        == linked.victim.path)
  }

  @Test func theMessageNamesTheLinkAndItsTarget() throws {
    let error = StoreError.linkedFolder(URL(fileURLWithPath: "/s/images"), target: "/home/me/.ssh")
    #expect(
      error.message.contains("/s/images") && error.message.contains("/home/me/.ssh"), "\(error.message)")
  }

  /// When the user chooses to use the folder, the store works in it: its memes are there, new ones
  /// are written there, and what the repair and the purge do stays in that folder.
  @Test func followingTheLinkUsesTheFolderItPointsTo() throws {
    let linked = try LinkedStore()
    defer { linked.remove() }

    let store = try SentMemeStore(directory: linked.folder.url, followingLinkedImages: true)
    #expect(store.imagesDirectory.path == linked.victim.resolvingSymlinksInPath().path)
    #expect(try store.count() == 3)
    for meme in try store.allMemes() {
      #expect(meme.renderedImageURL.deletingLastPathComponent().path == store.imagesDirectory.path)
      #expect(FileManager.default.fileExists(atPath: meme.renderedImageURL.path))
    }
    let saved = try store.save(sampleDraft(4))
    #expect(
      FileManager.default.fileExists(
        atPath: linked.victim.appendingPathComponent(saved.renderedImageURL.lastPathComponent).path))
    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: linked.folder.imagesURL.path)
        == linked.victim.path)
  }

  /// The folder is opened once: swapped for a link after that, between the open and the repair,
  /// the repair still lists, moves and removes only in the folder that was opened.
  @Test func aFolderSwappedForALinkAfterOpeningIsNotFollowed() throws {
    let folder = try TemporaryFolder()
    let victim = folder.url.deletingLastPathComponent().appendingPathComponent(
      "MemeStoreTests-victim-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: victim, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: victim) }
    let victimFiles = ["id_rsa": randomBytes(300), ".partial-looks-temporary": randomBytes(20)]
    for (name, bytes) in victimFiles { try bytes.write(to: victim.appendingPathComponent(name)) }
    do { try SentMemeStore(directory: folder.url).save(sampleDraft(1)) }

    let store = try SentMemeStore(directory: folder.url, checkingLater: true)
    // A stray file in the real folder, then the swap.
    try randomBytes(30).write(to: folder.imagesURL.appendingPathComponent("stray.png"))
    let opened = folder.url.appendingPathComponent("images-opened", isDirectory: true)
    try FileManager.default.moveItem(at: folder.imagesURL, to: opened)
    try FileManager.default.createSymbolicLink(at: folder.imagesURL, withDestinationURL: victim)

    try store.repair()
    try store.save(sampleDraft(2))

    for (name, bytes) in victimFiles {
      #expect(try contents(victim.appendingPathComponent(name)) == bytes, "\(name)")
    }
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: victim.path).sorted() == victimFiles.keys.sorted())
    #expect(store.repairs.filesSetAside == ["stray.png"])
    #expect(!FileManager.default.fileExists(atPath: opened.appendingPathComponent("stray.png").path))
    #expect(try FileManager.default.contentsOfDirectory(atPath: opened.path).count == 6, "two memes' files")
  }

  @Test func aLinkedLockFileIsNotFollowed() throws {
    let folder = try TemporaryFolder()
    let target = folder.url.deletingLastPathComponent().appendingPathComponent(
      "MemeStoreTests-lock-target-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: target) }
    try FileManager.default.createSymbolicLink(
      at: folder.file(SentMemeStore.lockFileName), withDestinationURL: target)

    let store = try SentMemeStore(directory: folder.url)
    try store.save(sampleDraft(1))
    try store.repair()

    #expect(!FileManager.default.fileExists(atPath: target.path), "no file made through the link")
    #expect(try store.count() == 1)
  }

  /// The whole store folder being a link is the user's own placement, and works as before.
  @Test func aLinkedStoreFolderWorks() throws {
    let folder = try TemporaryFolder()
    let placed = try TemporaryFolder()
    let link = folder.url.appendingPathComponent("io.example.App", isDirectory: true)
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: placed.url)

    try SentMemeStore(directory: link).save(sampleDraft(1))
    let reopened = try SentMemeStore(directory: link)
    try reopened.repair()

    #expect(try reopened.count() == 1)
    #expect(reopened.repairs.isEmpty)
    #expect(try placed.imageFileNames().count == 3)
  }
}
