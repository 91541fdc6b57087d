// SPDX-License-Identifier: GPL-3.0-or-later
import DiskTestSupport
import Foundation
import PictureChecks
import Testing

@testable import MemeCore

/// The memory budget is reckoned from `AnimationMemory`'s counts of canvas copies: each export of an
/// animation of noise (the worst case for both encoders: no two pixels alike, nothing left out as
/// unchanged) takes at most what they reckon, above what the program takes to render a tiny picture.
@Suite(.hangGuard) struct AnimationMemoryTests {
  static let side = 1600

  /// Three frames of random colours from a 256-colour palette.
  static func noise() -> GIFBuilder {
    var generator = SystemRandomNumberGenerator()
    let palette = (0..<768).map { _ in UInt8.random(in: 0...255, using: &generator) }
    let frames = (0..<3).map { _ in
      GIFBuilder.Frame(width: side, height: side, palette: palette) { _, _ in
        UInt8.random(in: 0...255, using: &generator)
      }
    }
    return GIFBuilder(width: side, height: side, frames: frames)
  }

  @Test func anExportTakesNoMoreThanItsReckonedMemory() throws {
    let fixtures = try Fixtures()
    let gif = fixtures.path("noise.gif")
    try Self.noise().write(to: URL(fileURLWithPath: gif))
    let webp = fixtures.path("noise.webp")
    #expect(try MeasuredRun(["render", gif, "-o", webp, "--quality", "80"]).status == 0)
    let tiny = try fixtures.write(fixtures.image(width: 16, height: 16), as: "tiny.png", format: .png)
    let baseline = try MeasuredRun(["render", tiny, "--top", "A", "-o", fixtures.path("tiny-out.png")])
    #expect(baseline.status == 0)
    let info = AnimationInfo(width: Self.side, height: Self.side, frameCount: 3, playCount: 0)
    for (input, isGIF) in [(gif, true), (webp, false)] {
      for format in [AnimationFormat.gif, .webp(lossless: false, quality: 90)] {
        let output = fixtures.path("out.\(format.fileExtension)")
        let run = try MeasuredRun(["render", input, "--top", "NOISE", "-o", output], timeout: 300)
        #expect(run.status == 0, "\(run.standardError)")
        let reckoned = AnimationMemory.reading(info, isGIF: isGIF).encoding(
          to: format, width: Self.side, height: Self.side,
          gifWorkerBytes: AnimationEncoder.gifWorkerBytes(width: Self.side, height: Self.side)
        ).bytes
        let taken = run.peakBytes - baseline.peakBytes
        print(
          "\(isGIF ? "GIF" : "WebP") to \(format.fileExtension): \(taken >> 20) MB over a tiny render's "
            + "\(baseline.peakBytes >> 20) MB, reckoned \(reckoned >> 20) MB")
        #expect(taken <= reckoned, "\(isGIF ? "GIF" : "WebP") to \(format.fileExtension): \(taken >> 20) MB")
        // The reckoning is of the same order as what is taken: a budget that refuses twice what an
        // animation needs would turn away animations that fit.
        #expect(taken * 2 >= reckoned, "\(isGIF ? "GIF" : "WebP") to \(format.fileExtension)")
      }
    }
  }
}
