// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore
import PictureChecks
import Testing

@testable import mememe

/// `--hide`, `--deep-fry`, `--more-jpeg`, `--black-and-white`, `--fry-text` and `--seed` through the
/// built `mememe`: each gives, pixel for pixel, the meme the engine draws with the same values;
/// a rectangle reaching past the picture is cut at its edge, and on a panel meme it lies on the
/// panels' sheet; values out of range, a rectangle with nothing on the picture and options that do
/// not go together give one line and no file.
@Suite struct HideAndEffectOptionsTests {
  static let width = 320
  static let height = 240

  func input(_ fixtures: Fixtures) throws -> String {
    try fixtures.write(
      fixtures.noise(width: Self.width, height: Self.height, seed: 9), as: "in.png", format: .png)
  }

  /// What the engine draws on `input` with `captions`.
  func engine(_ captions: MemeCaptions, on input: String, _ fixtures: Fixtures) throws -> RasterImage {
    try #require(MemeRenderer.rendered(captions, image: try fixtures.decode(input)))
  }

  @Test func hideGivesTheEnginesHiddenAreasCutAtThePicturesEdge() throws {
    let fixtures = try Fixtures()
    let input = try input(fixtures)
    let meme = try fixtures.render(
      input,
      ["--hide", "16,32,96,48", "--hide", "280,200,100,100:solid=#ff00ff", "--hide", "160,16,64,64:blur=9"])
    let expected = try engine(
      MemeCaptions(
        top: "", bottom: "",
        layers: [
          .hidden(
            HiddenArea(
              frame: RelativeRect(x: 16.0 / 320, y: 32.0 / 240, width: 96.0 / 320, height: 48.0 / 240))),
          // Cut at the picture's right and bottom edges: 40 × 40 of the 100 × 100 given.
          .hidden(
            HiddenArea(
              frame: RelativeRect(x: 280.0 / 320, y: 200.0 / 240, width: 40.0 / 320, height: 40.0 / 240),
              method: .solid(RGBAColor(red: 1, green: 0, blue: 1)))),
          .hidden(
            HiddenArea(
              frame: RelativeRect(x: 160.0 / 320, y: 16.0 / 240, width: 64.0 / 320, height: 64.0 / 240),
              method: .blur, strength: 9)),
        ]), on: input, fixtures)
    #expect(differingPixels(meme, expected) == 0)
    #expect(differingPixels(meme, try fixtures.decode(input)) > 96 * 48, "nothing was hidden")
    #expect(meme.color(atX: 319, y: 239) == RGBAColor(red: 1, green: 0, blue: 1))
  }

  @Test func theEffectsGiveTheEnginesMeme() throws {
    let fixtures = try Fixtures()
    let input = try input(fixtures)
    let options = [
      "--top", "fried", "--deep-fry=7", "--fry-text", "--more-jpeg=2", "--black-and-white", "--seed", "11",
    ]
    let meme = try fixtures.render(input, options)
    let effects = PictureEffects(deepFry: 7, moreJPEG: 2, isBlackAndWhite: true, friesText: true, seed: 11)
    let expected = try engine(MemeCaptions(top: "fried", bottom: "", effects: effects), on: input, fixtures)
    #expect(differingPixels(meme, expected) == 0)
  }

  /// Given bare, `--deep-fry` and `--more-jpeg` take their defaults; the seed changes the noise.
  @Test func bareEffectsTakeTheirDefaultsAndTheSeedChoosesTheNoise() throws {
    let fixtures = try Fixtures()
    let input = try input(fixtures)
    let bare = try fixtures.render(input, ["--deep-fry", "--more-jpeg"], output: "bare.png")
    let explicit = try fixtures.render(
      input,
      [
        "--deep-fry=\(PictureEffects.defaultDeepFry)", "--more-jpeg=\(PictureEffects.defaultMoreJPEG)",
        "--seed=0",
      ],
      output: "explicit.png")
    let reseeded = try fixtures.render(input, ["--deep-fry", "--seed", "5"], output: "reseeded.png")
    let seedZero = try fixtures.render(input, ["--deep-fry"], output: "zero.png")
    #expect(differingPixels(bare, explicit) == 0)
    #expect(differingPixels(reseeded, seedZero) > 1000)
  }

  @Test(arguments: [
    (["--hide", "400,10,20,20"], "covers nothing of the 320×240 picture"),
    (["--hide", "10,10,0,20"], "covers nothing"),
    (["--hide", "10,10,20"], "X,Y,WIDTH,HEIGHT"),
    (["--hide", "10,10,20,20:blur=11"], "from 1 to 10"),
    (["--hide", "10,10,20,20:sparkle"], "pixelate, blur or solid"),
    (["--hide", "10,10,20,20:solid=#zz0000"], "colour"),
    (["--deep-fry=0"], "--deep-fry must be a whole number from 1 to 10"),
    (["--more-jpeg=11"], "--more-jpeg must be a whole number from 1 to 10"),
    (["--seed=4294967296", "--deep-fry"], "--seed must be a whole number from 0 to 4294967295"),
    (["--fry-text"], "--fry-text needs --deep-fry"),
    (["--hide", "10,10,20,20", "--box", "0,0,1,1"], "--box must follow the --caption or --sticker"),
  ])
  func badValuesAreRefusedInOneLine(arguments: [String], message: String) throws {
    let fixtures = try Fixtures()
    let line = try fixtures.renderFailure(try input(fixtures), arguments)
    #expect(line.contains(message), "\(line)")
  }

  /// With --panels, `--hide` is placed on the panels' sheet: the engine's panel meme with the area.
  @Test func hideLiesOnThePanelsSheet() throws {
    let fixtures = try Fixtures()
    let input = try input(fixtures)
    let meme = try fixtures.render(
      input, [input, "--panels", "1x2", "--gutter", "0", "--hide", "0,0,200,100"])
    let grid = PanelGrid(
      arrangement: .grid(rows: 1, columns: 2),
      cells: [
        PanelCell(picture: URL(fileURLWithPath: input)), PanelCell(picture: URL(fileURLWithPath: input)),
      ],
      gutter: 0)
    let sheet = try PanelComposer.compose(grid, style: .classic, width: nil, loader: ImageLoader()).image
    try #require(sheet.width == meme.width && sheet.height == meme.height)
    let area = HiddenArea(
      frame: RelativeRect(
        x: 0, y: 0, width: 200 / Double(sheet.width), height: 100 / Double(sheet.height)))
    let expected = try #require(
      MemeRenderer.rendered(MemeCaptions(top: "", bottom: "", layers: [.hidden(area)]), image: sheet))
    #expect(differingPixels(meme, expected) == 0)
    #expect(differingPixels(meme, sheet) > 1000, "nothing was hidden")
  }

  @Test func helpNamesEveryOption() {
    let help = RenderCommand.helpMessage()
    for option in ["--hide", "--deep-fry", "--more-jpeg", "--black-and-white", "--fry-text", "--seed"] {
      #expect(help.contains(option), "\(option) is not in --help")
    }
  }
}
