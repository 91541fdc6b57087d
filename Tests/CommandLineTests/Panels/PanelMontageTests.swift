// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import PictureChecks
import Testing

/// `mememe render --panels 2x2` against ImageMagick: the same four pictures (`panel-reference.py`
/// makes them with Pillow, of four sizes and shapes), each cover-fitted to the cell by `convert
/// -resize WxH^ -gravity center -extent WxH` and tiled by `/usr/bin/montage -tile 2x2 -geometry
/// WxH+0+0`. The meme has the montage's size plus its gutters, each cell is close to the
/// montage's, and every gutter pixel is exactly the gutter colour.
@Suite(
  .enabled(
    if: AnimationReferences.imageMagickAvailable && AnimationReferences.pillowAvailable,
    "needs ImageMagick and Pillow"))
struct PanelMontageTests {
  static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("panel-reference.py").path

  struct Case: CustomTestStringConvertible, Sendable {
    var gutter = 0
    var colour: (name: String, rgb: String) = ("white", "255,255,255")
    /// --width, or nil for the natural width.
    var width: Int?
    /// The cell the width makes: without one, the narrowest picture's covering width (d.png, 500
    /// pixels wide) at the first picture's shape (4:3).
    var cell: (width: Int, height: Int) = (500, 375)
    var testDescription: String {
      "gutter \(gutter) \(colour.name), width \(width.map(String.init) ?? "natural")"
    }
  }

  static let cases = [
    Case(),
    Case(gutter: 12, colour: ("#ff8000", "255,128,0")),
    Case(gutter: 40, colour: ("black", "0,0,0"), width: 640, cell: (300, 225)),
  ]

  @Test(arguments: cases) func aTwoByTwoIsMontagesTilingWithGuttersOfTheirColour(_ panel: Case) throws {
    let fixtures = try Fixtures()
    let folder = fixtures.folder.path
    try JPEGTools.run("python3", [Self.script, "make", folder])
    let pictures = ["a", "b", "c", "d"].map { fixtures.path("\($0).png") }
    let width = panel.width.map { ["--width", "\($0)"] } ?? []
    let meme = try fixtures.render(
      pictures[0],
      Array(pictures.dropFirst()) + [
        "--panels", "2x2", "--gutter", "\(panel.gutter)", "--gutter-color", panel.colour.name,
      ]
        + width, output: "meme.png")
    #expect(meme.width == 2 * panel.cell.width + panel.gutter)
    #expect(meme.height == 2 * panel.cell.height + panel.gutter)
    try JPEGTools.run(
      "python3", [Self.script, "montage", folder, "\(panel.cell.width)", "\(panel.cell.height)"])
    let printed = try JPEGTools.run(
      "python3",
      [
        Self.script, "measure", fixtures.path("meme.png"), fixtures.path("reference.png"),
        "\(panel.cell.width)",
        "\(panel.cell.height)", "\(panel.gutter)", panel.colour.rgb,
      ])
    let numbers = String(decoding: printed, as: UTF8.self).split(whereSeparator: \.isWhitespace).compactMap {
      Double($0)
    }
    try #require(numbers.count == 5, "the script printed \(String(decoding: printed, as: UTF8.self))")
    for (cell, psnr) in numbers.prefix(4).enumerated() {
      #expect(psnr >= 38, "panel \(cell + 1): PSNR \(psnr) dB against montage's cell")
    }
    #expect(numbers[4] == 0, "\(Int(numbers[4])) gutter pixels are not the gutter colour")
  }

  /// The default description names each panel's caption in reading order, in the file.
  @Test func theDescriptionNamesThePanelsInReadingOrder() throws {
    let fixtures = try Fixtures()
    let folder = fixtures.folder.path
    try JPEGTools.run("python3", [Self.script, "make", folder])
    let pictures = ["a", "b", "c", "d"].map { fixtures.path("\($0).png") }
    _ = try fixtures.render(
      pictures[0],
      Array(pictures.dropFirst()) + [
        "--panels", "2x2", "--top", "When it works", "--panel-caption", "4=after", "--panel-caption",
        "1=before",
      ], output: "meme.png")
    let described = try JPEGTools.run("python3", [Self.script, "describe", fixtures.path("meme.png")])
    #expect(String(decoding: described, as: UTF8.self) == "When it works\nPanel 1: before, Panel 4: after")
  }
}
