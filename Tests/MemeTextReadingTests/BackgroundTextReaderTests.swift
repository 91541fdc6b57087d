import CTesseract
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore
import PictureFixtures
import Testing

@testable import MemeTextReading

#if canImport(Glibc)
  import Glibc
#endif

/// The background reader reads in order, on a thread of its own at the lowest priority.
@Suite struct BackgroundTextReaderTests {
  @Test func itReadsInOrderOnALowPriorityThread() async throws {
    // The app's niceness, whatever the test run's MEMEME_READING_NICENESS says.
    let reader = BackgroundTextReader(languages: PictureTextReaderTests.english, niceness: 19)
    let memes = try ["first", "second", "third"].map {
      try PictureTextReaderTests.meme(top: $0, bottom: "", width: 800, height: 600)
    }
    let results = Locked<[(String, Int32, Bool)]>([])
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      for meme in memes {
        reader.read(meme) { result in
          let priority = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(gettid()))
          let count = results.withLock { list in
            list.append(((try? result.get())?.text ?? "", priority, Thread.isMainThread))
            return list.count
          }
          if count == memes.count { done.resume() }
        }
      }
    }
    let list = results.withLock { $0 }
    #expect(list.map(\.0) == ["FIRST", "SECOND", "THIRD"])
    #expect(list.allSatisfy { $0.1 == 19 && !$0.2 })
  }

  @Test func theAppsReaderTakesTheLowestPriorityUnlessTheRunSaysOtherwise() {
    let given = ProcessInfo.processInfo.environment["MEMEME_READING_NICENESS"].flatMap { Int32($0) }
    #expect(BackgroundTextReader.defaultNiceness == given ?? 19)
  }

  @Test func aFileThatIsNotAPictureFailsInOneLine() async throws {
    let reader = BackgroundTextReader(languages: PictureTextReaderTests.english)
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("not-a-picture-\(UUID()).jpg")
    try Data("hello".utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let result = await withCheckedContinuation { continuation in
      reader.read(fileAt: file) { continuation.resume(returning: $0) }
    }
    guard case .failure(let error) = result else {
      Issue.record("read a file that is not a picture")
      return
    }
    #expect(!error.description.contains("\n") && error.description.contains(file.lastPathComponent))
  }

  @Test func withoutDataEveryJobFailsQuietly() async throws {
    let reader = BackgroundTextReader(languages: nil)
    let result = await withCheckedContinuation { continuation in
      reader.read(try! PictureTextReaderTests.meme(top: "x", bottom: "", width: 64, height: 64)) {
        continuation.resume(returning: $0)
      }
    }
    guard case .failure(let error) = result else {
      Issue.record("read without data")
      return
    }
    #expect(error.kind == .unsupported)
  }
}
