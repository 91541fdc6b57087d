// SPDX-License-Identifier: GPL-3.0-or-later
import DiskTestSupport
import Foundation
import MemeCore
import PictureChecks
import Testing

/// `mememe render` to GIF and WebP with --max-bytes: from a generous limit (the normal file, byte
/// for byte) to an impossible one (one line, no file), every file at most the limit by `stat`, with
/// every frame and delay as Pillow reads them.
@Suite(.enabled(if: AnimationReferences.pillowAvailable || RequiredTools.areRequired))
struct AnimationSizeLimitTests {
  static let delays = AnimationSamples.delays

  static func noiseClip(in fixtures: Fixtures, width: Int, height: Int, frames: Int = delays.count) throws
    -> String
  {
    let path = fixtures.path("clip-\(width)x\(height).gif")
    try AnimationSamples.noise(width: width, height: height, frames: frames).write(
      to: URL(fileURLWithPath: path))
    return path
  }

  static func byteCount(_ path: String) throws -> Int {
    try #require((try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue)
  }

  /// Renders `input` to `name` with `options`, and the file's size by `stat` (nil when none was written).
  static func render(_ input: String, to output: String, _ options: [String]) throws -> (
    CommandLineRunner.Result, Int?
  ) {
    let result = try CommandLineRunner.run(
      ["render", input, "--top", "size limit", "--bottom", "every frame kept", "-o", output] + options,
      timeout: 300)
    let size = FileManager.default.fileExists(atPath: output) ? try byteCount(output) : nil
    return (result, size)
  }

  /// Every frame and delay, as Pillow reads them, and the frames' size.
  static func expectEveryFrame(_ path: String, count: Int = delays.count) throws -> (width: Int, height: Int)
  {
    let reading = try AnimationReferences.readByPillow(URL(fileURLWithPath: path))
    #expect(reading.frames.count == count)
    #expect(reading.delays == (0..<count).map { delays[$0 % delays.count] * 10 })
    let first = try #require(reading.frames.first)
    #expect(reading.frames.allSatisfy { $0.width == first.width && $0.height == first.height })
    return (first.width, first.height)
  }

  @Test(arguments: ["gif", "webp"])
  func limitsFromGenerousToImpossible(fileExtension: String) throws {
    let fixtures = try Fixtures()
    let input = try Self.noiseClip(in: fixtures, width: 200, height: 150)
    let normal = fixtures.path("normal.\(fileExtension)")
    let (plain, normalSize) = try Self.render(input, to: normal, [])
    #expect(plain.status == 0, "\(plain.standardError)")
    let fullSize = try #require(normalSize)
    #expect(fullSize > 60_000, "the noise makes a large file: \(fullSize) bytes")

    // Generous: the normal file, byte for byte, and -v says it fits as it is.
    let generous = fixtures.path("generous.\(fileExtension)")
    let (fits, _) = try Self.render(input, to: generous, ["--max-bytes", "10M", "-v"])
    #expect(fits.status == 0, "\(fits.standardError)")
    #expect(
      try Data(contentsOf: URL(fileURLWithPath: generous)) == Data(contentsOf: URL(fileURLWithPath: normal)))
    #expect(
      fits.standardOutput.contains("size limit 10,000,000 bytes: the file fits as it is"),
      "\(fits.standardOutput)")

    // Tighter and tighter: at most the limit, every frame and delay kept, never below 16 pixels.
    var previousSide = 150
    for share in [0.6, 0.25, 0.05] {
      let limit = Int(Double(fullSize) * share)
      let output = fixtures.path("limit-\(limit).\(fileExtension)")
      let (result, size) = try Self.render(input, to: output, ["--max-bytes", "\(limit)", "-v"])
      #expect(result.status == 0, "\(limit): \(result.standardError)")
      #expect(result.standardError.isEmpty, "\(result.standardError)")
      let written = try #require(size)
      #expect(written <= limit, "\(written) bytes over the limit of \(limit)")
      let frame = try Self.expectEveryFrame(output)
      #expect(min(frame.width, frame.height) >= 16)
      #expect(min(frame.width, frame.height) <= previousSide, "a tighter limit never gives larger frames")
      previousSide = min(frame.width, frame.height)
      let line = try #require(result.standardOutput.split(separator: "\n").last.map(String.init))
      #expect(
        line.contains("size limit \(PixelCount.grouped(limit, locale: Locale(identifier: "en"))) bytes: "),
        "\(line)")
      #expect(
        line.contains("\(PixelCount.grouped(written, locale: Locale(identifier: "en"))) bytes"), "\(line)")
      if frame.width < 200 { #expect(line.contains("(scaled from 200×150)"), "\(line)") }
      if fileExtension == "webp", frame.width == 200 { #expect(line.contains("WebP quality "), "\(line)") }
    }
    #expect(previousSide < 150, "the tightest limit made the frames smaller")

    // Impossible: one line, a non-zero exit, and no file.
    let impossible = fixtures.path("impossible.\(fileExtension)")
    let (refused, size) = try Self.render(input, to: impossible, ["--max-bytes", "300"])
    #expect(refused.status != 0)
    #expect(refused.errorLines.count == 1, "\(refused.standardError)")
    let kind = fileExtension == "gif" ? "GIF" : "WebP"
    #expect(
      refused.standardError.contains("no \(kind) of the meme fits in 300 bytes, not even with its frames"),
      "\(refused.standardError)")
    #expect(size == nil, "nothing is written")
  }

  /// The issue's own example: a clip whose GIF is over 2 MB, rendered with --max-bytes 2M, is a GIF
  /// of at most 2,000,000 bytes with every frame and every delay.
  @Test func aClipOverTwoMegabytesFitsIn2M() throws {
    let fixtures = try Fixtures()
    let input = try Self.noiseClip(in: fixtures, width: 480, height: 400, frames: 12)
    let normal = fixtures.path("normal.gif")
    let (plain, normalSize) = try Self.render(input, to: normal, [])
    #expect(plain.status == 0, "\(plain.standardError)")
    #expect(try #require(normalSize) > 2_000_000)
    let output = fixtures.path("out.gif")
    let (result, size) = try Self.render(input, to: output, ["--max-bytes", "2M"])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(try #require(size) <= 2_000_000)
    #expect(try #require(size) > 1_500_000, "close to the limit, not far under it")
    let frame = try Self.expectEveryFrame(output, count: 12)
    #expect(
      frame.width < 480 && frame.width * 400 == frame.height * 480
        || abs(frame.width * 400 - frame.height * 480) <= 480)
  }
}
