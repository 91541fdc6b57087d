// SPDX-License-Identifier: GPL-3.0-or-later
import DiskTestSupport
import Foundation
import MemeCore
import PictureChecks
import Testing

@testable import mememe

/// `--bubble`, `--tail` and `--bubble-text` through the built `mememe`: a reaction bubble cut out
/// of the picture matches ImageMagick drawing the outline `--verbose` prints and composing it
/// `DstOut` over the picture; a comic bubble gives the engine's meme; wrong values give one line.
@Suite struct BubbleOptionsTests {
  static let (width, height) = (320, 240)

  func input(_ fixtures: Fixtures) throws -> String {
    try fixtures.write(
      fixtures.noise(width: Self.width, height: Self.height, seed: 3), as: "in.png", format: .png)
  }

  @Test(
    .enabled(if: AnimationReferences.imageMagickAvailable || RequiredTools.areRequired, "needs ImageMagick"),
    arguments: [
      "reaction:transparent", "reaction:transparent:flip:size=45", "reaction:transparent:bottom:size=8",
    ])
  func aCutOutMatchesImageMagicksDstOutOfTheSameOutline(_ value: String) throws {
    let fixtures = try Fixtures()
    let input = try input(fixtures)
    let output = fixtures.path("cut.png")
    let result = try CommandLineRunner.run(["render", input, "--bubble", value, "-o", output, "--verbose"])
    try #require(result.status == 0, "\(result.standardError)")
    let line = try #require(
      result.standardOutput.split(separator: "\n").first { $0.hasPrefix("--bubble #1") })
    let path = String(try #require(line.split(separator: ": ").last))
    let reference = fixtures.path("reference.png")
    try JPEGTools.run(
      "convert",
      [
        input, "-alpha", "set", "(", "-size", "\(Self.width)x\(Self.height)", "xc:none", "-fill", "black",
        "-draw",
        "path '\(path)'", ")", "-compose", "DstOut", "-composite", "PNG32:\(reference)",
      ])
    let (ours, theirs) = (try fixtures.decode(output), try fixtures.decode(reference))
    var agreeing = 0
    var cut = 0
    for y in 0..<Self.height {
      for x in 0..<Self.width {
        let (a, b) = (ours.color(atX: x, y: y).alpha, theirs.color(atX: x, y: y).alpha)
        if (a < 0.5) == (b < 0.5) { agreeing += 1 }
        if a < 0.5 { cut += 1 }
      }
    }
    let share = Double(agreeing) / Double(Self.width * Self.height)
    #expect(share >= 0.995, "the alpha masks agree on \(share * 100) % of pixels")
    #expect(cut > Self.width * Self.height / 30, "little was cut out: \(cut) pixels")
  }

  @Test func aComicBubbleGivesTheEnginesMeme() throws {
    let fixtures = try Fixtures()
    let input = try input(fixtures)
    let meme = try fixtures.render(
      input,
      [
        "--bubble", "comic:ellipse", "--box", "0.4,0.1,0.5,0.35", "--angle=-8", "--tail", "0.1,0.9",
        "--bubble-text", "Hello: world", "--bubble", "reaction:bottom:size=15",
      ])
    let expected = try #require(
      MemeRenderer.rendered(
        MemeCaptions(
          top: "", bottom: "",
          layers: [
            .bubble(
              SpeechBubble(
                shape: .ellipse, frame: RelativeRect(x: 0.4, y: 0.1, width: 0.5, height: 0.35), angle: -8,
                tailX: 0.1, tailY: 0.9, text: "Hello: world", style: SpeechBubble.comicStyle(from: .classic))),
            .bubble(.reaction(atBottom: true, size: 0.15)),
          ]), image: try fixtures.decode(input)))
    #expect(differingPixels(meme, expected) == 0)
    #expect(differingPixels(meme, try fixtures.decode(input)) > 5000)
  }

  @Test(arguments: [
    (["--bubble", "reaction:size=70"], "size must be a per cent of the picture's height from 5 to 60"),
    (["--bubble", "reaction", "--box", "0,0,1,1"], "takes no --box"),
    (["--bubble", "reaction:wobbly"], "transparent, flip, bottom and size=P"),
    (["--bubble", "speech", "--box", "0,0,1,1"], "reaction or comic"),
    (["--bubble", "comic"], "needs a --box"),
    (["--tail", "0.5,0.5"], "--tail must follow the --bubble"),
    (["--bubble", "comic", "--box", "0,0,0.5,0.5", "--tail", "5,1"], "--tail must be X,Y"),
    (
      ["--bubble", "comic", "--box", "0,0,0.5,0.5", "--tail", "0,1", "--tail", "1,1"], "more than one --tail"
    ),
    (["--bubble", "reaction", "--tail", "0,1"], "takes no --tail"),
  ])
  func wrongValuesAreRefusedInOneLine(_ arguments: [String], _ message: String) throws {
    let fixtures = try Fixtures()
    let line = try fixtures.renderFailure(try input(fixtures), arguments)
    #expect(line.contains(message), "\(line)")
  }

  /// A JPEG has no transparency: the cut-out is white, and the command says so.
  @Test func aJPEGSaysTheCutOutIsWhite() throws {
    let fixtures = try Fixtures()
    let output = fixtures.path("cut.jpg")
    let result = try CommandLineRunner.run(
      ["render", try input(fixtures), "--bubble", "reaction:transparent", "-o", output])
    try #require(result.status == 0, "\(result.standardError)")
    #expect(result.standardError.contains("a JPEG has no transparency"))
    let white = try fixtures.decode(output).color(atX: Self.width / 2, y: 8)
    #expect(isWhite(white), "\(white)")
    let png = try CommandLineRunner.run(
      ["render", try input(fixtures), "--bubble", "reaction:transparent", "-o", fixtures.path("cut.png")])
    #expect(!png.standardError.contains("transparency"))
  }

  @Test func helpDescribesTheBubbleOptions() {
    let help = RenderCommand.helpMessage()
    for option in ["--bubble", "--tail", "--bubble-text"] { #expect(help.contains(option)) }
  }
}
