// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore
import Testing

/// Which way `mememe render` writes a JPEG, as `--verbose` reports it: the photo's blocks kept by
/// default, encoded whole when an option asks for it or the photo cannot be served.
@Suite struct JPEGPathOptionTests {
  static let kept = "kept the photo's JPEG blocks"

  /// The options, and the reason `--verbose` must give (nil: the blocks are kept).
  static let cases: [([String], String?)] = [
    ([], nil),
    (["--reencode"], "encoded in full: --reencode was given"),
    (["--quality", "90"], "encoded in full: --quality was given"),
    (["--width", "320"], "encoded in full: a width was given"),
    (["--rotate", "90"], "encoded in full: the picture is cropped, turned or mirrored"),
    (["--crop", "0,0,320,240"], "encoded in full: the picture is cropped, turned or mirrored"),
  ]

  @Test(arguments: cases) func verboseSaysWhichPathAndWhy(options: [String], reason: String?) throws {
    let fixtures = try Fixtures()
    let input = try fixtures.write(
      fixtures.image(width: 640, height: 480), as: "in.jpg", format: .jpeg(quality: 85))
    let output = fixtures.path("out.jpg")
    let result = try CommandLineRunner.run(
      ["render", input, "--top", "top text", "--bottom", "bottom text", "-o", output, "--verbose"] + options)
    #expect(result.status == 0, "\(result.standardError)")
    let lines = result.standardOutput.split(separator: "\n")
    #expect(lines.count == 2)
    if let reason {
      #expect(lines.last?.hasSuffix(reason) == true, "\(lines)")
    } else {
      #expect(lines.last?.contains(Self.kept) == true, "\(lines)")
    }
    let meme = try fixtures.decode(output)
    #expect(meme.width > 0)
  }

  /// Inputs and outputs the block path cannot serve say so.
  @Test func nonJPEGInputOrOutputIsEncodedWhole() throws {
    let fixtures = try Fixtures()
    let png = try fixtures.write(fixtures.image(width: 320, height: 240), as: "in.png", format: .png)
    let jpeg = try fixtures.write(
      fixtures.image(width: 320, height: 240), as: "in.jpg", format: .jpeg(quality: 85))
    let fromPNG = try CommandLineRunner.run(["render", png, "--top", "a", "-o", fixtures.path("a.jpg"), "-v"])
    #expect(fromPNG.standardOutput.contains("encoded in full: the source is not a JPEG"))
    let toPNG = try CommandLineRunner.run(["render", jpeg, "--top", "a", "-o", fixtures.path("b.png"), "-v"])
    #expect(toPNG.standardOutput.contains("encoded in full: the output is not a JPEG"))
  }

  /// The kept-blocks file and the re-encoded one are different files; both are the same picture.
  @Test func reencodeWritesADifferentFileOfTheSamePicture() throws {
    let fixtures = try Fixtures()
    let input = try fixtures.write(
      fixtures.image(width: 640, height: 480), as: "in.jpg", format: .jpeg(quality: 70))
    let kept = fixtures.path("kept.jpg")
    let full = fixtures.path("full.jpg")
    #expect(try CommandLineRunner.run(["render", input, "--top", "hello", "-o", kept]).status == 0)
    #expect(
      try CommandLineRunner.run(["render", input, "--top", "hello", "-o", full, "--reencode"]).status == 0)
    #expect(try Data(contentsOf: URL(fileURLWithPath: kept)) != Data(contentsOf: URL(fileURLWithPath: full)))
    let a = try fixtures.decode(kept)
    let b = try fixtures.decode(full)
    #expect(a.width == b.width && a.height == b.height)
    // Mid-picture, away from the captions, the source's quality-70 blocks survive in `kept` and the
    // grey there matches the re-encode closely.
    let colorA = a.color(atX: 400, y: 240)
    let colorB = b.color(atX: 400, y: 240)
    #expect(abs(colorA.red - colorB.red) < 0.03 && abs(colorA.green - colorB.green) < 0.03)
  }

  /// With `-o -` the kept-blocks JPEG goes to standard output and the report to standard error.
  @Test func keptBlocksStreamToStandardOutput() throws {
    let fixtures = try Fixtures()
    let input = try fixtures.write(
      fixtures.image(width: 320, height: 240), as: "in.jpg", format: .jpeg(quality: 85))
    let result = try CommandLineRunner.run([
      "render", input, "--top", "hi", "-o", "-", "--format", "jpeg", "-v",
    ])
    #expect(result.status == 0)
    #expect(result.outputBytes.prefix(2) == Data([0xFF, 0xD8]))
    #expect(result.standardError.contains(Self.kept))
    let decoded = try ImageLoader().load(data: [UInt8](result.outputBytes), name: "stdout")
    #expect(decoded.width == 320 && decoded.height == 240)
  }
}
