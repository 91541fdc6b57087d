import Foundation
// SPDX-License-Identifier: GPL-3.0-or-later
import PictureChecks
import Testing

@testable import MemeCore

/// A stop asked for while the block path works on a 48 MP photo ends it within an MCU row: it throws
/// `.cancelled` long before the export would have finished, and leaves no file.
@Suite(.enabled(if: JPEGTools.shouldRun, "needs cjpeg, djpeg and jpegtran (libjpeg-turbo-progs)"))
final class JPEGBlockCancellationTests {
  let folder = Fixtures.temporaryFolder()

  deinit {
    Fixtures.remove(folder)
  }

  @Test(arguments: [1, 6]) func aStopDuringAFortyEightMegapixelExportEndsItPromptly(_ orientation: Int)
    throws
  {
    let photo = try JPEGTools.photo(width: 8000, height: 6000, options: ["-sample", "2x2"], in: folder)
    let source = orientation == 1 ? photo : try JPEGTools.withOrientation(photo, orientation, in: folder)
    let meme = folder.appendingPathComponent("meme.jpg")
    // The whole export, uninterrupted, sets the time scale (the machine may be slow or loaded).
    var start = Date()
    let summary = try MemeExporter.exportKeepingJPEGBlocks(
      JPEGBlockPathTests.captions, imageAt: source, to: .file(meme))
    let whole = Date().timeIntervalSince(start)
    #expect(summary != nil, "the block path served the photo")
    try FileManager.default.removeItem(at: meme)

    // Stopped at a third of it (reading the blocks, or drawing and encoding the caption rows).
    let cancellation = Cancellation()
    let stopped = StopTime()
    let stopper = Thread {
      Thread.sleep(forTimeInterval: whole / 3)
      stopped.mark()
      cancellation.cancel()
    }
    start = Date()
    stopper.start()
    var error: ImageError?
    do {
      _ = try MemeExporter.exportKeepingJPEGBlocks(
        JPEGBlockPathTests.captions, imageAt: source, to: .file(meme), cancellation: cancellation)
    } catch let thrown {
      error = thrown
    }
    let end = Date()
    #expect(
      error?.kind == .cancelled, "the export ran to the end or failed otherwise: \(String(describing: error))"
    )
    let latency = end.timeIntervalSince(stopped.time ?? start)
    // An MCU row of a 48 MP photo takes well under a millisecond to read or write; a caption being
    // drawn is the longest step that cannot stop halfway.
    #expect(latency < whole / 4, "stopped \(latency) s after the request; the whole export takes \(whole) s")
    #expect(!FileManager.default.fileExists(atPath: meme.path), "a stopped export left a file")
  }

  @Test func aStopAskedForBeforehandWritesNothing() throws {
    let photo = try JPEGTools.photo(width: 640, height: 480, options: ["-sample", "2x2"], in: folder)
    let meme = folder.appendingPathComponent("meme.jpg")
    let cancellation = Cancellation()
    cancellation.cancel()
    let error = #expect(throws: ImageError.self) {
      try MemeExporter.exportKeepingJPEGBlocks(
        JPEGBlockPathTests.captions, imageAt: photo, to: .file(meme), cancellation: cancellation)
    }
    #expect(error?.kind == .cancelled)
    #expect(!FileManager.default.fileExists(atPath: meme.path))
  }
}

/// When the stop was asked for, set on the stopping thread and read after it.
private final class StopTime: @unchecked Sendable {
  private let lock = NSLock()
  private var marked: Date?

  func mark() { lock.withLock { marked = Date() } }
  var time: Date? { lock.withLock { marked } }
}
