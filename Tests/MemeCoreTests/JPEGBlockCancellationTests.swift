// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import PictureChecks
import Testing

@testable import MemeCore

/// A stop asked for while the block path works on a 48 MP photo ends it within an MCU row: it throws
/// `.cancelled` at the next cancellation point, long before the export would have finished, and
/// leaves no file.
@Suite(.enabled(if: JPEGTools.shouldRun, "needs cjpeg, djpeg and jpegtran (libjpeg-turbo-progs)"))
final class JPEGBlockCancellationTests {
  let folder = Fixtures.temporaryFolder()

  deinit {
    Fixtures.remove(folder)
  }

  /// Promptness is counted in steps of work, not in wall-clock time, which stretches under load: a
  /// whole export passes a cancellation point at least once per MCU row, and a stop placed a third
  /// of the way through (at that many points, so wherever the machine's speed puts it) ends the
  /// export at the next point each of its threads reaches, instead of running on.
  @Test(arguments: [1, 6]) func aStopDuringAFortyEightMegapixelExportEndsItPromptly(_ orientation: Int)
    throws
  {
    let photo = try JPEGTools.photo(width: 8000, height: 6000, options: ["-sample", "2x2"], in: folder)
    let source = orientation == 1 ? photo : try JPEGTools.withOrientation(photo, orientation, in: folder)
    let meme = folder.appendingPathComponent("meme.jpg")
    // The whole export, uninterrupted, counts its cancellation points.
    let counted = Cancellation()
    let summary = try MemeExporter.exportKeepingJPEGBlocks(
      JPEGBlockPathTests.captions, imageAt: source, to: .file(meme), cancellation: counted)
    #expect(summary != nil, "the block path served the photo")
    try FileManager.default.removeItem(at: meme)
    let points = counted.pointsReached
    // 16-pixel MCU rows (2×2 sampling): 375 rows upright, 500 turned.
    let mcuRows = (orientation == 1 ? 6000 : 8000) / 16
    #expect(points >= mcuRows, "\(points) cancellation points for \(mcuRows) MCU rows")

    // Stopped at a third of them (reading the blocks, or drawing and encoding the caption rows).
    let cancellation = Cancellation(stoppingAtPoint: points / 3)
    var error: ImageError?
    do {
      _ = try MemeExporter.exportKeepingJPEGBlocks(
        JPEGBlockPathTests.captions, imageAt: source, to: .file(meme), cancellation: cancellation)
    } catch let thrown {
      error = thrown
    }
    #expect(
      error?.kind == .cancelled, "the export ran to the end or failed otherwise: \(String(describing: error))"
    )
    // Each of the export's threads stops at its next point; one that ran on would pass a point per
    // MCU row.
    let after = try #require(cancellation.pointsReachedAfterStop)
    #expect(after <= 8, "\(after) cancellation points passed after the stop, of \(points) in a whole export")
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
