// SPDX-License-Identifier: GPL-3.0-or-later
import DiskTestSupport
import Foundation
import PictureChecks
import Testing

@testable import MemeCore

/// Every JPEG decoding path stops a progressive-JPEG scan bomb at the scan limit, in one line that
/// calls the picture damaged, long before it would have finished (issue 33).
@Suite final class ScanLimitTests {
  let folder = Fixtures.temporaryFolder()
  let bomb: URL

  init() throws {
    bomb = folder.appendingPathComponent("bomb.jpg")
    // A quarter of the command-line test's: these tests run beside others on every core.
    try Data(ScanBomb.jpeg(width: 1000, height: 1000, repeats: 20_000)).write(to: bomb)
  }

  deinit {
    Fixtures.remove(folder)
  }

  /// Runs `body`, expecting the damaged-picture error within two seconds of this thread's processor
  /// time (the decode runs on it; the wall clock would stretch with other work on the machine).
  /// Decoding the whole bomb would take minutes.
  private func expectStopped(_ what: String, _ body: () throws(ImageError) -> Void) {
    var error: ImageError?
    let elapsed = ThreadProcessorTime.measure {
      do throws(ImageError) { try body() } catch let thrown { error = thrown }
    }
    #expect(error?.kind == .corrupt, "\(what): \(String(describing: error))")
    #expect(error?.reason.contains("the picture is damaged") == true, "\(what): \(String(describing: error))")
    #expect(error?.description.contains("\n") == false)
    #expect(elapsed < 2, "\(what) took \(elapsed) s")
  }

  @Test func theFullDecodeStops() {
    expectStopped("full decode") { () throws(ImageError) in _ = try ImageLoader().load(contentsOf: bomb) }
  }

  @Test func aScaledDecodeStops() {
    // Thumbnails, the editor's preview and `--width` decode at a reduced size by DCT scaling.
    expectStopped("scaled decode") { () throws(ImageError) in
      _ = try ImageLoader().load(contentsOf: bomb, targetWidth: 200)
    }
  }

  @Test func theBlockPathGivesUpAtTheFirstRepeat() throws {
    // The first repeated scan draws libjpeg's warning about the progression: the block path stops
    // reading there and declines (the picture is then decoded whole, and stops at the scan limit).
    // The blocks are read on another thread, so this is wall-clock time: bounded loosely (reading
    // every repeated scan would take minutes), so that a loaded machine cannot fail it.
    let start = Date()
    let encoded = try MemeExporter.encodeKeepingJPEGBlocks(
      MemeCaptions(top: "top", bottom: "bottom"), imageAt: bomb)
    #expect(encoded == nil)
    #expect(Date().timeIntervalSince(start) < 20)
    expectStopped("a JPEG export") { () throws(ImageError) in
      try MemeExporter.export(
        MemeCaptions(top: "top", bottom: "bottom"), imageAt: bomb,
        to: .file(folder.appendingPathComponent("meme.jpg")), as: .jpeg(quality: 90))
    }
  }

  @Test(.enabled(if: JPEGTools.shouldRun, "needs cjpeg (libjpeg-turbo-progs)"))
  func repeatedScansWithoutAWarningAreStoppedToo() throws {
    // A sequential JPEG with a scan per component, its last scan repeated: libjpeg finds no fault
    // with a sequential scan given again (it overwrites the same blocks), so only the scan limit
    // stops it, on the block path as on the full decode.
    let script = folder.appendingPathComponent("scans.txt")
    try "0;\n1;\n2;\n".write(to: script, atomically: true, encoding: .utf8)
    let photo = try JPEGTools.photo(width: 512, height: 512, options: ["-scans", script.path], in: folder)
    let many = folder.appendingPathComponent("many-scans.jpg")
    try Data(ScanBomb.repeatingLastScan(of: [UInt8](try Data(contentsOf: photo)), times: 2_000)).write(
      to: many)
    expectStopped("full decode") { () throws(ImageError) in _ = try ImageLoader().load(contentsOf: many) }
    expectStopped("block path") { () throws(ImageError) in
      _ = try MemeExporter.encodeKeepingJPEGBlocks(MemeCaptions(top: "top", bottom: ""), imageAt: many)
    }
  }

  @Test func theHeaderProbeReadsNoScan() throws {
    var size = (width: 0, height: 0)
    let elapsed = try ThreadProcessorTime.measure { size = try ImageLoader().pixelSize(ofImageAt: bomb) }
    #expect(size.width == 1000 && size.height == 1000)
    #expect(elapsed < 0.5, "\(elapsed) s of processor time")
  }
}
