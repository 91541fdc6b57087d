// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import PictureChecks
import Testing

/// `mememe render --sticker` against ImageMagick's composite of the same sticker, scaled, turned and
/// at the same opacity (`sticker-reference.py` makes the pictures with Pillow, composites with
/// `/usr/bin/convert … -composite` and measures with Pillow): close inside the sticker's box, and
/// outside it every pixel is the one the meme has without the sticker, alpha included.
@Suite(
  .enabled(
    if: AnimationReferences.imageMagickAvailable && AnimationReferences.pillowAvailable,
    "needs ImageMagick and Pillow"))
struct StickerCompositeTests {
  static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("sticker-reference.py").path

  struct Case: CustomTestStringConvertible, Sendable {
    var base = "base.png"
    var angle = 0.0
    var opacity = 1.0
    var testDescription: String { "\(base) turned \(angle)° at opacity \(opacity)" }
  }

  static let cases = [
    Case(), Case(angle: 20), Case(angle: -35, opacity: 0.6), Case(opacity: 0.45),
    Case(base: "clear.png", angle: 15, opacity: 0.8),
  ]

  /// The box 0.25,0.25,0.4,0.4 of the 320 × 240 base: 80,60 128 × 96 pixels, the sticker (64 × 48)
  /// scaled twice.
  static let box = (x: 80.0, y: 60.0, width: 128.0, height: 96.0)

  @Test(arguments: cases) func matchesImageMagicksComposite(_ sticker: Case) throws {
    let fixtures = try Fixtures()
    let folder = fixtures.folder.path
    try JPEGTools.run("python3", [Self.script, "make", folder])
    let arguments = [
      "--sticker", fixtures.path("sticker.png"), "--box", "0.25,0.25,0.4,0.4", "--angle=\(sticker.angle)",
      "--opacity", "\(sticker.opacity)",
    ]
    _ = try fixtures.render(fixtures.path(sticker.base), arguments, output: "meme.png")
    _ = try fixtures.render(fixtures.path(sticker.base), [], output: "plain.png")
    let box = Self.box
    try JPEGTools.run(
      "python3",
      [
        Self.script, "composite", folder, sticker.base, "\(box.x)", "\(box.y)", "\(box.width)",
        "\(box.height)", "\(sticker.angle)", "\(sticker.opacity)", "reference.png",
      ])
    // The sticker's turned box, grown by a pixel for the antialiased edge.
    let radians = sticker.angle * .pi / 180
    let turnedWidth = box.width * abs(cos(radians)) + box.height * abs(sin(radians))
    let turnedHeight = box.width * abs(sin(radians)) + box.height * abs(cos(radians))
    let (centreX, centreY) = (box.x + box.width / 2, box.y + box.height / 2)
    let bounds = [
      Int((centreX - turnedWidth / 2).rounded(.down)) - 1,
      Int((centreY - turnedHeight / 2).rounded(.down)) - 1,
      Int((centreX + turnedWidth / 2).rounded(.up)) + 1, Int((centreY + turnedHeight / 2).rounded(.up)) + 1,
    ]
    let printed = try JPEGTools.run(
      "python3",
      [
        Self.script, "measure", fixtures.path("meme.png"), fixtures.path("reference.png"),
        fixtures.path("plain.png"),
      ]
        + bounds.map(String.init))
    let numbers = String(decoding: printed, as: UTF8.self).split(whereSeparator: \.isWhitespace).compactMap {
      Double($0)
    }
    try #require(numbers.count == 3, "the script printed \(String(decoding: printed, as: UTF8.self))")
    #expect(numbers[0] >= 35, "PSNR inside the sticker's box against ImageMagick: \(numbers[0]) dB")
    #expect(numbers[1] == 0, "\(Int(numbers[1])) pixels outside the box changed")
    #expect(numbers[2] == 0, "\(Int(numbers[2])) pixels outside the box changed their alpha")
    // And the sticker was drawn: the meme is not the plain picture inside its box.
    let drawn = try fixtures.decode(fixtures.path("meme.png"))
    let plain = try fixtures.decode(fixtures.path("plain.png"))
    let centre = (x: Int(centreX), y: Int(centreY))
    #expect(drawn.color(atX: centre.x, y: centre.y) != plain.color(atX: centre.x, y: centre.y))
  }
}
