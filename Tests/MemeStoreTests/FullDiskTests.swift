// SPDX-License-Identifier: GPL-3.0-or-later
import DiskTestSupport
import Foundation
import GRDB
import Testing

@testable import MemeStore

/// A save that cannot finish leaves the store as it was: no row without its images, no stray file,
/// every earlier meme whole, and a message that says why.
@Suite struct FullDiskTests {
  @Test func saveOnAFullDiskFailsClearlyAndKeepsEverything() throws {
    let disk = try SmallDisk(kilobytes: 1024)
    let directory = disk.url.appendingPathComponent("store", isDirectory: true)
    let store = try SentMemeStore(directory: directory)
    let earlier = try (1...2).map { try store.save(sampleDraft($0)) }
    let earlierFiles = try Set(FileManager.default.contentsOfDirectory(atPath: store.imagesDirectory.path))
    let earlierBytes = try earlier.map { try contents($0.renderedImageURL) }
    disk.fill()
    var big = sampleDraft(3)
    big.rendered = .png(randomBytes(256 * 1024))

    let error = #expect(throws: StoreError.self) { try store.save(big) }

    #expect(error?.message.contains("No space left on device") == true, "\(String(describing: error))")
    #expect(try store.allMemes() == earlier.reversed())
    #expect(
      try Set(FileManager.default.contentsOfDirectory(atPath: store.imagesDirectory.path)) == earlierFiles)
    #expect(try earlier.map { try contents($0.renderedImageURL) } == earlierBytes)

    disk.empty()
    let reopened = try SentMemeStore(directory: directory)
    #expect(try reopened.repair().isEmpty)
    #expect(try reopened.save(big).hasAllFiles)
  }

  @Test(.hangGuard)
  func commitThatFailsRemovesTheFilesItWrote() throws {
    let folder = try TemporaryFolder()
    let store = try SentMemeStore(directory: folder.url)
    let earlier = try store.save(sampleDraft(1))
    let earlierFiles = try folder.imageFileNames()
    let other = try DatabaseQueue(path: folder.databaseURL.path)

    // Another connection holds the write lock until the store gives up waiting (5 s), after the
    // store has written the new meme's files.
    try other.inDatabase { db in
      try db.execute(sql: "BEGIN IMMEDIATE")
      #expect(throws: StoreError.self) { try store.save(sampleDraft(2)) }
      try db.execute(sql: "ROLLBACK")
    }

    #expect(try folder.imageFileNames() == earlierFiles)
    #expect(try store.allMemes() == [earlier])
  }
}
