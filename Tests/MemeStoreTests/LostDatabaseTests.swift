// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GRDB
import Testing

@testable import MemeStore

/// The database is one file among the images: when it is deleted, emptied or replaced, opening must
/// not take the images no row lists for leftovers. Each test starts from a store the current code made.
@Suite struct LostDatabaseTests {
  /// Three memes saved with the store as it is, and a copy of every file's bytes.
  struct SavedStore {
    let folder: TemporaryFolder
    let memes: [SentMeme]
    let files: [String: Data]

    init() throws {
      let folder = try TemporaryFolder()
      let store = try SentMemeStore(directory: folder.url)
      memes = try (1...3).map { try store.save(sampleDraft($0)) }
      files = Dictionary(
        uniqueKeysWithValues: try folder.imageFileNames().map {
          ($0, try contents(folder.imagesURL.appendingPathComponent($0)))
        })
      self.folder = folder
    }

    /// Removes the database and its WAL files, or leaves an empty database file.
    func loseDatabase(keepingEmptyFile: Bool) throws {
      for suffix in ["", "-wal", "-shm"] {
        try? FileManager.default.removeItem(atPath: folder.databaseURL.path + suffix)
      }
      if keepingEmptyFile {
        #expect(FileManager.default.createFile(atPath: folder.databaseURL.path, contents: Data()))
      }
    }

    /// Every image file is still there with its bytes.
    func expectEveryFileKept(sourceLocation: SourceLocation = #_sourceLocation) throws {
      #expect(try folder.imageFileNames() == Set(files.keys), sourceLocation: sourceLocation)
      for (name, bytes) in files {
        #expect(
          try contents(folder.imagesURL.appendingPathComponent(name)) == bytes, "\(name)",
          sourceLocation: sourceLocation)
      }
    }

    /// The reopened store lists the three memes again, from their own files, newest first.
    func expectMemesRebuilt(in store: SentMemeStore, sourceLocation: SourceLocation = #_sourceLocation) throws
    {
      let rebuilt = try store.allMemes().filter { store.repairs.rebuiltMemeIDs.contains($0.id) }
      #expect(rebuilt.count == 3, sourceLocation: sourceLocation)
      let fileSets = rebuilt.map { [$0.originalImageURL, $0.renderedImageURL, $0.thumbnailURL] }
      let expected = memes.reversed().map { [$0.originalImageURL, $0.renderedImageURL, $0.thumbnailURL] }
      #expect(Set(fileSets) == Set(expected), sourceLocation: sourceLocation)
      #expect(rebuilt.allSatisfy { $0.hasAllFiles }, sourceLocation: sourceLocation)
      #expect(
        rebuilt.allSatisfy { $0.top.isEmpty && $0.bottom.isEmpty }, "captions are not in the files",
        sourceLocation: sourceLocation)
      #expect(store.repairs.message?.contains("rebuilt") == true, sourceLocation: sourceLocation)
    }
  }

  @Test func deletedDatabaseKeepsEveryImageAndRebuildsTheMemes() throws {
    let saved = try SavedStore()
    try saved.loseDatabase(keepingEmptyFile: false)

    let store = try SentMemeStore(directory: saved.folder.url)
    try store.repair()

    try saved.expectEveryFileKept()
    try saved.expectMemesRebuilt(in: store)
    #expect(try store.count() == 3)
  }

  @Test func openingLeavesUnlistedFilesToTheRepairWhichSparesMemesSavedMeanwhile() throws {
    let saved = try SavedStore()
    try saved.loseDatabase(keepingEmptyFile: false)

    let store = try SentMemeStore(directory: saved.folder.url)
    #expect(try store.count() == 0)
    #expect(store.repairs.isEmpty)
    try saved.expectEveryFileKept()
    // Saved after opening and before the repair: its files are listed by the time the repair looks.
    let later = try store.save(sampleDraft(4))
    try store.repair()

    try saved.expectMemesRebuilt(in: store)
    #expect(try store.allMemes().first == later)
    #expect(later.hasAllFiles)
    #expect(store.repairs.filesSetAside.isEmpty)
  }

  @Test func emptiedDatabaseKeepsEveryImageAndRebuildsTheMemes() throws {
    let saved = try SavedStore()
    try saved.loseDatabase(keepingEmptyFile: true)

    let store = try SentMemeStore(directory: saved.folder.url)
    try store.repair()

    try saved.expectEveryFileKept()
    try saved.expectMemesRebuilt(in: store)
  }

  @Test func anotherStoresDatabaseKeepsEveryImage() throws {
    let saved = try SavedStore()
    let other = try TemporaryFolder()
    let stranger = try SentMemeStore(directory: other.url).save(sampleDraft(99))
    try saved.loseDatabase(keepingEmptyFile: false)
    try FileManager.default.copyItem(at: other.databaseURL, to: saved.folder.databaseURL)

    let store = try SentMemeStore(directory: saved.folder.url)
    try store.repair()

    try saved.expectEveryFileKept()
    try saved.expectMemesRebuilt(in: store)
    let listed = try store.allMemes()
    #expect(listed.map(\.top).first == stranger.top, "the other store's meme keeps its place")
    #expect(listed.count == 4)
  }

  @Test func rebuiltStoreOpensAgainWithNothingToRepair() throws {
    let saved = try SavedStore()
    try saved.loseDatabase(keepingEmptyFile: false)
    try SentMemeStore(directory: saved.folder.url).repair()

    let reopened = try SentMemeStore(directory: saved.folder.url)
    try reopened.repair()

    #expect(reopened.repairs.isEmpty)
    #expect(reopened.repairs.message == nil)
    #expect(try reopened.count() == 3)
  }

  @Test func filesThatAreNotAWholeMemeGoToLostAndFound() throws {
    let saved = try SavedStore()
    let store = try SentMemeStore(directory: saved.folder.url)
    let kept = try store.allMemes()
    let images = saved.folder.imagesURL
    let stranger = randomBytes(10)
    try stranger.write(to: images.appendingPathComponent("holiday.png"))
    let loneThumbnail = MemeFileNames.fresh(role: .thumbnail, fileExtension: "png")
    try randomBytes(10).write(to: images.appendingPathComponent(loneThumbnail))
    let temporary = images.appendingPathComponent(".partial-abc-original.jpg")
    try randomBytes(10).write(to: temporary)
    let subfolder = images.appendingPathComponent("cache", isDirectory: true)
    try FileManager.default.createDirectory(at: subfolder, withIntermediateDirectories: true)
    // A name already taken in lost+found is not replaced.
    let lostAndFound = saved.folder.url.appendingPathComponent("lost+found", isDirectory: true)
    try FileManager.default.createDirectory(at: lostAndFound, withIntermediateDirectories: true)
    try Data("older".utf8).write(to: lostAndFound.appendingPathComponent("holiday.png"))

    let reopened = try SentMemeStore(directory: saved.folder.url)
    try reopened.repair()

    #expect(try reopened.allMemes() == kept)
    #expect(try saved.folder.imageFileNames() == Set(saved.files.keys).union(["cache"]))
    #expect(!FileManager.default.fileExists(atPath: temporary.path), "a temporary file is never whole")
    #expect(Set(reopened.repairs.filesSetAside) == ["holiday-1.png", loneThumbnail])
    #expect(reopened.repairs.lostAndFound == lostAndFound)
    #expect(try contents(lostAndFound.appendingPathComponent("holiday-1.png")) == stranger)
    #expect(try contents(lostAndFound.appendingPathComponent("holiday.png")) == Data("older".utf8))
    #expect(FileManager.default.fileExists(atPath: lostAndFound.appendingPathComponent(loneThumbnail).path))
    #expect(reopened.repairs.message?.contains(lostAndFound.path) == true)
  }
}
