// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore
import Testing

/// `--sticker`'s bad input: each refused with one line on standard error, a non-zero exit and no
/// file written, before anything is drawn.
@Suite struct StickerOptionTests {
  let fixtures: Fixtures
  let input: String

  init() throws {
    fixtures = try Fixtures()
    input = try fixtures.write(fixtures.image(width: 120, height: 90), as: "in.png", format: .png)
  }

  func sticker(_ value: String, box: String = "0.1,0.1,0.5,0.5") -> [String] {
    ["--sticker", value, "--box", box]
  }

  func write(_ text: String, as name: String) throws -> String {
    let path = fixtures.path(name)
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test func aTruncatedPictureIsRefused() throws {
    let png = try Data(contentsOf: URL(fileURLWithPath: input))
    let cut = fixtures.path("cut.png")
    try png.prefix(png.count / 2).write(to: URL(fileURLWithPath: cut))
    let line = try fixtures.renderFailure(input, sticker(cut))
    #expect(line.contains("--sticker #1") && line.contains("cut.png"), "\(line)")
  }

  @Test func aPictureOverThePixelLimitIsRefusedFromItsHeader() throws {
    // A PNG header claiming 40000 × 40000 pixels, with no pixels behind it.
    var bytes: [UInt8] = [
      0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
    ]
    bytes += [0, 0, 0x9C, 0x40, 0, 0, 0x9C, 0x40, 8, 6, 0, 0, 0, 0x51, 0x0C, 0x0E, 0x05]
    let huge = fixtures.path("huge.png")
    try Data(bytes).write(to: URL(fileURLWithPath: huge))
    let line = try fixtures.renderFailure(input, sticker(huge))
    #expect(line.contains("huge.png"), "\(line)")
  }

  @Test func aFileThatIsNoPictureIsRefused() throws {
    let text = try write("just some words", as: "notes.png")
    let line = try fixtures.renderFailure(input, sticker(text))
    #expect(line.contains("notes.png"), "\(line)")
    let missing = try fixtures.renderFailure(input, sticker(fixtures.path("missing.png")))
    #expect(missing.contains("missing.png"), "\(missing)")
  }

  @Test func anSVGOverThePixelLimitIsRefused() throws {
    let svg = try write(
      #"<svg xmlns="http://www.w3.org/2000/svg" width="200000" height="200000"><rect width="10" height="10"/></svg>"#,
      as: "wide.svg")
    let line = try fixtures.renderFailure(input, sticker(svg))
    #expect(line.contains("wide.svg"), "\(line)")
  }

  /// Entities that expand a billionfold: libxml2, under librsvg, stops them.
  @Test func anSVGOfExpandingEntitiesIsRefused() throws {
    var text = #"<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a0 "lol">"#
    for level in 1...10 {
      text += "<!ENTITY a\(level) \"" + String(repeating: "&a\(level - 1);", count: 10) + "\">"
    }
    text += #"]><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text>&a10;</text></svg>"#
    let svg = try write(text, as: "laughs.svg")
    let result = try CommandLineRunner.run(
      ["render", input, "-o", fixtures.path("never.png")] + sticker(svg), timeout: 60, cpuSeconds: 30)
    #expect(!result.killedBySignal, "it ran out of time")
    #expect(result.status != 0)
    #expect(result.errorLines.count == 1, "\(result.standardError)")
    #expect(!FileManager.default.fileExists(atPath: fixtures.path("never.png")))
  }

  /// An SVG that names another file draws without it: fed from memory, librsvg has no file to
  /// resolve a reference against.
  @Test func anSVGReachesNoOtherFile() throws {
    let secret = try fixtures.write(fixtures.image(width: 40, height: 40), as: "secret.png", format: .png)
    let svg = try write(
      """
      <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="40" height="40">
      <image x="0" y="0" width="40" height="40" xlink:href="file://\(secret)"/>
      <image x="0" y="0" width="40" height="40" xlink:href="secret.png"/>
      </svg>
      """, as: "reaching.svg")
    let with = try fixtures.render(input, sticker(svg, box: "0,0,1,1"), output: "with.png")
    let without = try fixtures.render(input, [], output: "without.png")
    var differing = 0
    for y in 0..<with.height {
      for x in 0..<with.width where with.color(atX: x, y: y) != without.color(atX: x, y: y) { differing += 1 }
    }
    #expect(differing == 0, "the SVG drew \(differing) pixels of another file")
  }

  @Test func aTruncatedSVGIsRefused() throws {
    let svg = try write(
      #"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect wid"#, as: "cut.svg")
    let line = try fixtures.renderFailure(input, sticker(svg))
    #expect(line.contains("cut.svg"), "\(line)")
  }

  @Test func oneStickerMoreThanTheCapIsRefused() throws {
    let many = (0...StickerLayer.maximumCount).flatMap { _ in sticker("emoji:😎") }
    let line = try fixtures.renderFailure(input, many)
    #expect(line.contains("at most \(StickerLayer.maximumCount)"), "\(line)")
    // The cap itself is allowed.
    _ = try fixtures.render(input, Array(many.dropFirst(4)))
  }

  @Test func badEmojiAndOpacityAreRefused() throws {
    #expect(try fixtures.renderFailure(input, sticker("emoji:ab")).contains("emoji"))
    #expect(
      try fixtures.renderFailure(input, sticker("emoji:😎") + ["--opacity", "1.5"]).contains("--opacity"))
    #expect(
      try fixtures.renderFailure(input, ["--caption", "hi", "--box", "0,0,1,1", "--opacity", "0.5"])
        .contains("takes no --opacity"))
  }

  @Test func anEmojiAndAnSVGAreDrawn() throws {
    let svg = try write(
      #"<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20"><rect width="20" height="20" fill="red"/></svg>"#,
      as: "red.svg")
    let meme = try fixtures.render(
      input, sticker(svg, box: "0,0,0.5,0.5") + sticker("emoji:🍕", box: "0.5,0.5,0.5,0.5"))
    let red = meme.color(atX: 20, y: 15)
    #expect(red.red > 0.95 && red.green < 0.05 && red.blue < 0.05, "\(red)")
    let plain = try fixtures.render(input, [], output: "plain.png")
    #expect(meme.color(atX: 90, y: 67) != plain.color(atX: 90, y: 67), "the emoji was not drawn")
  }
}
