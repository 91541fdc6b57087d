// SPDX-License-Identifier: GPL-3.0-or-later
import DiskTestSupport
import Foundation
import GRDB
import Testing

@testable import MemeStore

#if canImport(Glibc)
  import Glibc
#endif

/// Kills the seeding tool with SIGKILL while it saves memes one after another, then checks the store it
/// leaves behind: every meme it reported as saved is there, complete, and nothing else half-made is.
@Suite struct CrashSafetyTests {
  @Test(.hangGuard)
  func killedWhileSavingKeepsEveryCommittedMemeWhole() throws {
    let folder = try TemporaryFolder()
    let store = folder.url.appendingPathComponent("store", isDirectory: true)
    // Big enough that much of each save is spent writing and syncing files, where the kill should land.
    let image = randomBytes(384 * 1024)
    let thumbnail = randomBytes(16 * 1024)
    try image.write(to: folder.file("image.png"))
    try thumbnail.write(to: folder.file("thumbnail.png"))

    var reported: Set<Int64> = []
    // Several rounds on the same store: each one starts from what the previous kill left.
    for commitsBeforeKill in [3, 11, 25] {
      let run = try SeedRun(
        store: store, image: folder.file("image.png"), thumbnail: folder.file("thumbnail.png"))
      let ids = try run.killAfter(commits: commitsBeforeKill)
      #expect(ids.count >= commitsBeforeKill, "the tool stopped before it was killed: \(run.errors())")
      reported.formUnion(ids)

      let reopened = try SentMemeStore(directory: store)
      try reopened.repair()
      let memes = try reopened.allMemes()
      let stored = Set(memes.map(\.id))
      #expect(reported.isSubset(of: stored), "a meme reported as saved is gone")
      // At most one meme may have committed after its last report and before the kill.
      #expect(memes.count <= reported.count + 1)
      reported.formUnion(stored)
      for meme in memes {
        #expect(try contents(meme.originalImageURL) == image, "original of \(meme.id)")
        #expect(try contents(meme.renderedImageURL) == image, "rendered image of \(meme.id)")
        #expect(try contents(meme.thumbnailURL) == thumbnail, "thumbnail of \(meme.id)")
      }
      let expectedFiles = Set(
        memes.flatMap { [$0.originalImageURL, $0.renderedImageURL, $0.thumbnailURL] }
          .map(\.lastPathComponent))
      #expect(
        try Set(FileManager.default.contentsOfDirectory(atPath: reopened.imagesDirectory.path))
          == expectedFiles,
        "every image left belongs to a listed meme: whole ones are rebuilt, parts set aside")
      let check = try DatabaseQueue(path: reopened.databaseURL.path).read {
        try String.fetchAll($0, sql: "PRAGMA integrity_check")
      }
      #expect(check == ["ok"])
    }
  }
}

/// A save killed while it writes its files leaves none half-written: each file is nameless until
/// complete (`DurableFile`), so the images folder holds only whole files and never a `.partial-`
/// one, before any clean-up has run.
@Suite struct KilledWriteTests {
  @Test(.hangGuard)
  func aSaveKilledWhileWritingLeavesOnlyWholeFiles() throws {
    let folder = try TemporaryFolder()
    let store = folder.url.appendingPathComponent("store", isDirectory: true)
    // Large, so that most of a save is spent writing and syncing its files, where the kills land.
    let image = randomBytes(3 * 1024 * 1024)
    let thumbnail = randomBytes(64 * 1024)
    try image.write(to: folder.file("image.png"))
    try thumbnail.write(to: folder.file("thumbnail.png"))
    let images = store.appendingPathComponent(SentMemeStore.imagesFolderName, isDirectory: true)

    var killedWhileWriting = 0
    var earlier: Set<String> = []
    for round in 0..<12 {
      let run = try SeedRun(
        store: store, image: folder.file("image.png"), thumbnail: folder.file("thumbnail.png"))
      // Once a first meme is saved (the store is open), at a random point of the saves after it.
      let delay = Double.random(in: 0...0.3)
      let ids = try run.killAfter(commits: 1, waiting: delay)
      #expect(!ids.isEmpty, "the tool stopped before it was killed: \(run.errors())")

      let names = try FileManager.default.contentsOfDirectory(atPath: images.path)
      let partial = names.filter { $0.hasPrefix(DurableFolder.temporaryPrefix) }
      #expect(partial.isEmpty, "round \(round), killed \(delay) s in: \(partial)")
      for name in partial { try FileManager.default.removeItem(at: images.appendingPathComponent(name)) }
      for name in names where !partial.contains(name) {
        let bytes = try contents(images.appendingPathComponent(name))
        #expect(bytes == image || bytes == thumbnail, "round \(round): \(name) is not whole")
      }
      // This round's files, not three to a meme: the kill came between two files of one meme.
      let whole = Set(names).subtracting(partial)
      if whole.subtracting(earlier).count % 3 != 0 { killedWhileWriting += 1 }
      earlier = whole
    }
    // Not every kill lands between the files of a save, but some must, or the test tests nothing.
    #expect(killedWhileWriting > 0, "no kill came while a save was writing its files")
  }
}

/// One run of `mememe-seed --one-at-a-time`, which prints "saved <id>" after each commit.
private struct SeedRun {
  let process = Process()
  let output = Pipe()
  let errorLog: URL

  init(store: URL, image: URL, thumbnail: URL) throws {
    errorLog = store.deletingLastPathComponent().appendingPathComponent("seed-errors.txt")
    _ = FileManager.default.createFile(atPath: errorLog.path, contents: nil)
    process.executableURL = try Self.seedExecutable()
    process.arguments = [
      "--directory", store.path, "--image", image.path, "--thumbnail", thumbnail.path,
      "--one-at-a-time", "1000000",
    ]
    process.standardOutput = output
    process.standardError = try FileHandle(forWritingTo: errorLog)
    try process.run()
  }

  /// Waits until the tool has reported `commits` saves (or has exited), kills it with SIGKILL and
  /// returns every id it reported, including any reported between the wait and the kill.
  func killAfter(commits: Int) throws -> [Int64] {
    let reader = output.fileHandleForReading
    var text = ""
    while Self.savedIDs(in: text).count < commits {
      let chunk = reader.availableData
      if chunk.isEmpty { break }  // The tool exited by itself; the caller reports it.
      text += String(decoding: chunk, as: UTF8.self)
    }
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    text += String(decoding: reader.readDataToEndOfFile(), as: UTF8.self)
    return Self.savedIDs(in: text)
  }

  /// Waits until the tool has reported `commits` saves, then `seconds` more, kills it with SIGKILL
  /// and returns every id it reported.
  func killAfter(commits: Int, waiting seconds: Double) throws -> [Int64] {
    let reader = output.fileHandleForReading
    var text = ""
    while Self.savedIDs(in: text).count < commits {
      let chunk = reader.availableData
      if chunk.isEmpty { break }
      text += String(decoding: chunk, as: UTF8.self)
    }
    usleep(UInt32(seconds * 1_000_000))
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    text += String(decoding: reader.readDataToEndOfFile(), as: UTF8.self)
    return Self.savedIDs(in: text)
  }

  func errors() -> String { (try? String(contentsOf: errorLog, encoding: .utf8)) ?? "" }

  /// Only complete lines count: a line cut off by the kill was not fully reported.
  private static func savedIDs(in text: String) -> [Int64] {
    text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().compactMap { line in
      line.hasPrefix("saved ") ? Int64(line.dropFirst("saved ".count)) : nil
    }
  }

  /// The seeding tool is built next to the test binary (`swift build` and `swift test` build every
  /// product); MEMEME_SEED overrides that for other layouts.
  private static func seedExecutable() throws -> URL {
    if let path = ProcessInfo.processInfo.environment["MEMEME_SEED"] {
      return URL(fileURLWithPath: path)
    }
    let testBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    var folder = testBinary.deletingLastPathComponent()
    // The test binary may sit inside a bundle folder (…/debug/X.xctest/…); look up to the build folder.
    for _ in 0..<4 {
      let candidate = folder.appendingPathComponent("mememe-seed")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      folder.deleteLastPathComponent()
    }
    throw SeedToolMissing(testBinary: testBinary)
  }
}

private struct SeedToolMissing: Error, CustomStringConvertible {
  let testBinary: URL
  var description: String {
    "mememe-seed was not found near \(testBinary.path): build it (swift build) or set MEMEME_SEED."
  }
}
