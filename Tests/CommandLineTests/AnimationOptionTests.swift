// SPDX-License-Identifier: GPL-3.0-or-later
import DiskTestSupport
import Foundation
import MemeCore
import PictureChecks
import Testing

/// `mememe render` to .gif and .webp (or --format gif|webp): every frame, read back by Pillow; a
/// still format from an animation says it kept the first frame; options that do not fit the format
/// and hostile animations give one line and a non-zero exit.
@Suite(.enabled(if: AnimationReferences.pillowAvailable || RequiredTools.areRequired))
struct AnimationOptionTests {
  static let palette: [UInt8] = [255, 0, 0, 0, 0, 255, 250, 250, 250]

  /// Three 120 × 90 frames of different colours, 50, 0 and 200 ms, played for ever.
  static func animation(in fixtures: Fixtures) throws -> String {
    let gif = GIFBuilder(
      width: 120, height: 90, loopValue: 0,
      frames: [5, 0, 20].enumerated().map { step, delay in
        GIFBuilder.Frame(width: 120, height: 90, palette: palette, delay: delay) { x, _ in
          UInt8((x / 40 + step) % 3)
        }
      })
    let path = fixtures.path("in.gif")
    try gif.write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test(arguments: [
    ("out.gif", [String]()), ("out.webp", []), ("out.webp", ["--lossless"]),
    ("out.webp", ["--quality", "40"]),
    ("out.bin", ["--format", "gif"]), ("out.bin", ["--format", "webp"]),
  ])
  func everyFrameIsWrittenInTheFormatAsked(name: String, options: [String]) throws {
    let fixtures = try Fixtures()
    let output = fixtures.path(name)
    let result = try CommandLineRunner.run(
      ["render", try Self.animation(in: fixtures), "--top", "top", "--bottom", "bottom", "-o", output]
        + options)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardError.isEmpty)
    let reading = try AnimationReferences.readByPillow(URL(fileURLWithPath: output))
    #expect(reading.frames.count == 3)
    #expect(reading.delays == [50, 0, 200])
    #expect(reading.frames.allSatisfy { $0.width == 120 && $0.height == 90 })
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: output)))
    let isGIF = name.hasSuffix(".gif") || options.contains("gif")
    #expect(bytes.starts(with: Array((isGIF ? "GIF89a" : "RIFF").utf8)))
  }

  @Test func theAnimationGoesToStandardOutput() throws {
    let fixtures = try Fixtures()
    let result = try CommandLineRunner.run([
      "render", try Self.animation(in: fixtures), "--top", "piped", "--format", "gif", "-o", "-", "--verbose",
    ])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.outputBytes.starts(with: Array("GIF89a".utf8)))
    #expect(result.standardError.contains("120×90, 3 frames, played for ever"))
  }

  @Test(arguments: ["out.png", "out.jpg"])
  func aStillFormatKeepsTheFirstFrameAndSaysSo(name: String) throws {
    let fixtures = try Fixtures()
    let output = fixtures.path(name)
    let input = try Self.animation(in: fixtures)
    let result = try CommandLineRunner.run(["render", input, "--top", "still", "-o", output])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.errorLines.count == 1)
    #expect(result.errorLines.first?.hasPrefix("note: \(input) is animated (3 frames)") == true)
    let picture = try ImageLoader().load(contentsOf: URL(fileURLWithPath: output))
    // The first frame: red on the left.
    let left = picture.color(atX: 20, y: 45)
    #expect(left.red > 0.9 && left.blue < 0.1)
  }

  @Test(arguments: [
    (["-o", "out.png", "--lossless"], "--lossless applies to WebP only"),
    (["-o", "out.gif", "--quality", "50"], "--quality applies to JPEG and WebP, not GIF"),
    (["-o", "out.webp", "--quality", "0"], "--quality must be between 1 and 100, not 0"),
  ])
  func optionsThatDoNotFitTheFormatAreRefused(options: [String], message: String) throws {
    let fixtures = try Fixtures()
    var arguments = ["render", try Self.animation(in: fixtures), "--top", "x"]
    for option in options { arguments.append(option.hasPrefix("out.") ? fixtures.path(option) : option) }
    let result = try CommandLineRunner.run(arguments)
    #expect(result.status != 0)
    #expect(result.errorLines == ["mememe: \(message)"])
  }

  @Test func aMillionFramesGiveOneLine() throws {
    let fixtures = try Fixtures()
    let input = fixtures.path("million.gif")
    try Data(try GIFBuilder.manyFrames(1_000_000)).write(to: URL(fileURLWithPath: input))
    let output = fixtures.path("out.gif")
    let result = try CommandLineRunner.run(["render", input, "--top", "x", "-o", output])
    #expect(result.status != 0)
    #expect(result.errorLines.count == 1)
    #expect(result.standardError.contains("the animation has more than 6,000 frames"))
    #expect(!FileManager.default.fileExists(atPath: output))
  }
}
