// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

@testable import MemeEditing

/// What the app made in its cache folder goes after a week: handed-over files and their folders,
/// pasted pictures, links (as links: what they lead to stays). Newer files, and anything the app did
/// not make, stay.
@Suite struct CacheSweepTests {
  let folder: URL
  let outside: URL

  init() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "cache-sweep-\(UUID().uuidString)")
    folder = root.appendingPathComponent("mememe")
    outside = root.appendingPathComponent("outside.txt")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data("someone else's".utf8).write(to: outside)
  }

  /// Writes `name` under the cache folder, last changed `days` ago.
  private func file(_ name: String, daysOld days: Double) throws -> URL {
    let url = folder.appendingPathComponent(name)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data("bytes".utf8).write(to: url)
    try age(url, days: days)
    return url
  }

  private func age(_ url: URL, days: Double) throws {
    let when = Date().addingTimeInterval(-days * 24 * 60 * 60)
    var times = [timespec](repeating: timespec(tv_sec: Int(when.timeIntervalSince1970), tv_nsec: 0), count: 2)
    try #require(utimensat(AT_FDCWD, url.path, &times, AT_SYMLINK_NOFOLLOW) == 0)
  }

  private func exists(_ url: URL) -> Bool {
    (try? FileManager.default.attributesOfItem(atPath: url.path)) != nil
  }

  @Test func whatIsAWeekOldGoesAndTheRestStays() throws {
    let oldPaste = try file("pasted-20261101-101010-ab12.png", daysOld: 8)
    let newPaste = try file("pasted-20261126-101010-cd34.png", daysOld: 1)
    let handedOver = try file("shared-20261101-101010-ef56.d/Meme.png", daysOld: 9)
    try age(handedOver.deletingLastPathComponent(), days: 9)
    let recentHandOver = try file("shared-20261126-101010-0a0b.d/Meme.png", daysOld: 0)
    let someoneElses = try file("notes/keep.txt", daysOld: 30)
    try age(someoneElses.deletingLastPathComponent(), days: 30)
    let link = folder.appendingPathComponent("old-link.png")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: outside)
    try age(link, days: 10)
    try age(outside, days: 10)

    let removed = CacheFolder.removeOld(in: folder)

    #expect(removed == 3)
    #expect(!exists(oldPaste) && !exists(handedOver.deletingLastPathComponent()) && !exists(link))
    #expect(exists(newPaste) && exists(recentHandOver) && exists(someoneElses))
    #expect(try Data(contentsOf: outside) == Data("someone else's".utf8), "a link's target is not touched")
  }

  @Test func aFolderOfHandedOverFilesWithAFolderInItIsKept() throws {
    let handedOver = try file("shared-20261101-101010-1234.d/Meme.png", daysOld: 9)
    let inner = handedOver.deletingLastPathComponent().appendingPathComponent("inner")
    try FileManager.default.createDirectory(at: inner, withIntermediateDirectories: true)
    try age(handedOver.deletingLastPathComponent(), days: 9)
    #expect(CacheFolder.removeOld(in: folder) == 0)
    #expect(exists(inner) && exists(handedOver), "nothing in it is removed")
  }

  @Test func aMissingFolderRemovesNothing() {
    #expect(CacheFolder.removeOld(in: folder.appendingPathComponent("missing")) == 0)
  }
}
