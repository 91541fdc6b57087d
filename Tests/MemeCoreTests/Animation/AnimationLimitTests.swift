// SPDX-License-Identifier: GPL-3.0-or-later
import DiskTestSupport
import Foundation
import PictureChecks
import Testing

@testable import MemeCore

/// Hostile and damaged animations stop with one line before memory is spent: too many frames
/// (a million declared in 20 MB), too many pixels over all frames, a screen beyond the pixel
/// limit; a file cut inside a frame keeps the frames before it; zero delays play at the
/// browsers' 100 ms.
@Suite struct AnimationLimitTests {
  static func write(_ bytes: [UInt8], _ name: String) throws -> URL {
    let file = ScratchFolder.unique(name).appendingPathExtension("gif")
    try Data(bytes).write(to: file)
    return file
  }

  @Test func aMillionFramesAreRefusedFromTheStructure() throws {
    let file = try Self.write(try GIFBuilder.manyFrames(1_000_000), "million")
    let error = #expect(throws: ImageError.self) { try AnimationReader(contentsOf: file) }
    #expect(error?.kind == .tooLarge)
    #expect(error?.reason == "the animation has more than 6,000 frames")
    #expect(error?.description.contains("\n") == false)
  }

  @Test func theFrameLimitCountsWholeFrames() throws {
    let file = try Self.write(try GIFBuilder.manyFrames(11), "eleven")
    #expect(throws: ImageError.self) {
      try AnimationReader(contentsOf: file, limits: AnimationLimits(maxFrames: 10))
    }
    #expect(
      try AnimationReader(contentsOf: file, limits: AnimationLimits(maxFrames: 11)).info.frameCount == 11)
  }

  @Test func pixelsOverAllFramesAreLimited() throws {
    let file = try AnimationSamples.write(AnimationSamples.movingSquare(width: 40, height: 30))
    let frames = AnimationSamples.delays.count
    let limits = AnimationLimits(maxTotalPixels: 40 * 30 * frames - 1)
    let error = #expect(throws: ImageError.self) { try AnimationReader(contentsOf: file, limits: limits) }
    #expect(error?.kind == .tooLarge)
    #expect(
      error?.reason == "the animation has 7,200 pixels over all its frames, more than the limit of 7,199")
    #expect(throws: Never.self) {
      try AnimationReader(contentsOf: file, limits: AnimationLimits(maxTotalPixels: 40 * 30 * frames))
    }
  }

  /// A 65535 × 65535 logical screen holding one pixel: refused by the pixel limit before a canvas
  /// of 17 GB is asked for.
  @Test func aHugeLogicalScreenIsRefused() throws {
    let gif = GIFBuilder(
      width: 65535, height: 65535,
      frames: [GIFBuilder.Frame(width: 1, height: 1, palette: [0, 0, 0, 255, 0, 0]) { _, _ in 1 }])
    let file = try Self.write(try gif.bytes(), "huge-screen")
    let error = #expect(throws: ImageError.self) { try AnimationReader(contentsOf: file) }
    #expect(error?.kind == .tooLarge)
    #expect(error?.reason.hasPrefix("image is 65,535 × 65,535 pixels") == true)
  }

  /// A frame larger than the screen is decoded whole before it is cut: its area counts.
  @Test func aHugeFrameOnASmallScreenCountsItsOwnArea() throws {
    let gif = GIFBuilder(
      width: 4, height: 4,
      frames: [GIFBuilder.Frame(width: 2000, height: 2000, palette: [0, 0, 0, 255, 0, 0]) { _, _ in 1 }])
    let file = try Self.write(try gif.bytes(), "huge-frame")
    let error = #expect(throws: ImageError.self) {
      try AnimationReader(contentsOf: file, limits: AnimationLimits(maxTotalPixels: 1_000_000))
    }
    #expect(
      error?.reason
        == "the animation has 4,000,000 pixels over all its frames, more than the limit of 1,000,000")
  }

  @Test func aFileCutInsideAFrameKeepsTheFramesBeforeIt() throws {
    let whole = try AnimationSamples.movingSquare(width: 40, height: 30).bytes()
    let file = try Self.write(Array(whole[0..<(whole.count - 40)]), "cut")
    let reader = try AnimationReader(contentsOf: file)
    #expect(reader.info.isTruncated)
    #expect(reader.info.frameCount == AnimationSamples.delays.count - 1)
    var frames = 0
    while try reader.nextFrame() != nil { frames += 1 }
    #expect(frames == AnimationSamples.delays.count - 1)
  }

  @Test(arguments: [6, 13, 30])
  func aFileCutBeforeItsFirstFrameEndsIsRefused(length: Int) throws {
    let whole = try AnimationSamples.movingSquare(width: 40, height: 30).bytes()
    let file = try Self.write(Array(whole[0..<length]), "cut-early")
    let error = #expect(throws: ImageError.self) { try AnimationReader(contentsOf: file) }
    #expect(error?.kind == .corrupt)
    #expect(error?.description.contains("\n") == false)
  }

  @Test func aCutWebPIsRefusedOrKeepsWholeFrames() throws {
    let source = try AnimationSamples.write(AnimationSamples.movingSquare(width: 40, height: 30))
    let webp = ScratchFolder.unique("whole").appendingPathExtension("webp")
    try AnimationExporter.export(
      MemeCaptions(top: "", bottom: ""), imageAt: source, to: .file(webp),
      as: .webp(lossless: true, quality: 10))
    let bytes = try [UInt8](Data(contentsOf: webp))
    for length in [5, 20, 40, bytes.count / 2, bytes.count - 3] {
      let file = ScratchFolder.unique("cut").appendingPathExtension("webp")
      try Data(bytes[0..<length]).write(to: file)
      do {
        let reader = try AnimationReader(contentsOf: file)
        var frames = 0
        while try reader.nextFrame() != nil { frames += 1 }
        #expect(frames <= AnimationSamples.delays.count, "cut at \(length)")
      } catch {
        #expect(!error.description.contains("\n"), "cut at \(length)")
      }
    }
  }

  @Test func zeroDelaysAreReadAsWrittenAndPlayedAtTheBrowsersPace() throws {
    let file = try Self.write(try GIFBuilder.manyFrames(3), "zero-delay")
    let reader = try AnimationReader(contentsOf: file)
    var delays: [Int] = []
    while let delay = try reader.nextFrame() { delays.append(delay) }
    #expect(delays == [0, 0, 0])
    #expect(delays.map(AnimationLimits.playedDelay) == [100, 100, 100])
    #expect(AnimationLimits.playedDelay(10) == 100)
    #expect(AnimationLimits.playedDelay(20) == 20)
  }

  @Test func notAnAnimationAtAllIsOneLine() throws {
    let file = try Self.write(Array("GIF89a".utf8) + [UInt8](repeating: 0xFF, count: 3), "garbage")
    let error = #expect(throws: ImageError.self) { try AnimationReader(contentsOf: file) }
    #expect(error?.description.contains("\n") == false)
  }

  /// Found by fuzzing: a WebP whose VP8X chunk gives one canvas while libwebp composes its frames on
  /// another. The canvas was made, and the limits checked, for the first; libwebp wrote the second
  /// into it, past its end. Chunks that disagree are a damaged file, refused before any frame.
  @Test func aWebPWhoseChunksDisagreeOnTheCanvasIsRefused() throws {
    let file = FuzzRegressionFolder.crash("webp-decoding/canvas-larger-than-its-vp8x-says.webp")
    let error = #expect(throws: ImageError.self) { try AnimationReader(contentsOf: file) }
    #expect(error?.kind == .corrupt, "\(String(describing: error))")
  }
}

/// Inputs fuzzing found, kept under Fuzz/crashes.
enum FuzzRegressionFolder {
  static func crash(_ path: String) -> URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fuzz/crashes/\(path)")
  }
}
