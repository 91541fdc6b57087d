import Foundation
import MemeCore
// SPDX-License-Identifier: GPL-3.0-or-later
import PictureChecks
import Testing

@testable import mememe

/// `--caption TEXT --box X,Y,W,H [--angle DEG]`: each caption lands in its own box, turned by its own
/// angle, exactly as the engine draws the same boxes; bad values are one line and a failure.
@Suite struct TextBoxOptionTests {
  /// Three captions (top, bottom and a turned box) and a fourth box without an angle: the PNG is,
  /// pixel for pixel, the engine's rendering of the boxes built by hand.
  @Test func captionsLandInTheirBoxesWithTheirAngles() throws {
    let fixtures = try Fixtures()
    let input = try fixtures.write(fixtures.image(width: 480, height: 360), as: "in.png", format: .png)
    let meme = try fixtures.render(
      input,
      [
        "--top", "top", "--bottom", "bottom",
        "--caption", "turned", "--box", "0.25,0.35,0.5,0.2", "--angle=-20",
        "--caption", "corner", "--box", "0.6, 0.6, 0.5, 0.2",
      ])
    let boxes = [
      TextBox(text: "turned", frame: RelativeRect(x: 0.25, y: 0.35, width: 0.5, height: 0.2), angle: -20),
      TextBox(text: "corner", frame: RelativeRect(x: 0.6, y: 0.6, width: 0.5, height: 0.2)),
    ]
    let expected = MemeRenderer.rendered(
      MemeCaptions(top: "top", bottom: "bottom", layers: boxes.map(MemeLayer.text)),
      image: try fixtures.decode(input))!
    let plain = MemeRenderer.rendered(
      MemeCaptions(top: "top", bottom: "bottom"), image: try fixtures.decode(input))!
    #expect(differingPixels(meme, expected) == 0)
    #expect(differingPixels(meme, plain) > 500, "the boxes were not drawn")
  }

  /// The angle belongs to the caption it follows, wherever the other captions' options are.
  @Test func anAngleTurnsOnlyItsOwnCaption() {
    let paired = try? pairingLayerOptions([
      "--caption", "a", "--box", "0,0,1,1", "--caption=b", "--angle", "45", "--box=0,0,1,1", "--top", "t",
    ])
    #expect(
      paired == [
        "--layer-kind", "text", "--caption", "a", "--box", "0,0,1,1", "--angle", "0", "--layer-kind", "text",
        "--caption=b", "--angle", "45", "--box=0,0,1,1", "--top", "t",
      ])
  }

  static let badArguments: [[String]] = [
    ["--caption", "x"],
    ["--box", "0,0,1,1", "--caption", "x"],
    ["--caption", "x", "--box", "0,0,1"],
    ["--caption", "x", "--box", "0,0,1,1,1"],
    ["--caption", "x", "--box", "a,0,1,1"],
    ["--caption", "x", "--box", "0,0,-0.5,1"],
    ["--caption", "x", "--box", "0,0,0,1"],
    ["--caption", "x", "--box", "nan,0,1,1"],
    ["--caption", "x", "--box", "0,0,inf,1"],
    ["--caption", "x", "--box", "5,0,1,1"],
    ["--caption", "x", "--box", "0,0,1,40"],
    ["--caption", "x", "--box", "0,0,1,1", "--angle", "nan"],
    ["--caption", "x", "--box", "0,0,1,1", "--angle", "720"],
    ["--caption", "x", "--box", "0,0,1,1", "--angle", "ten"],
    ["--caption", "x", "--box", "0,0,1,1", "--box", "0,0,1,1"],
    ["--angle", "10", "--caption", "x", "--box", "0,0,1,1"],
  ]

  @Test(arguments: badArguments)
  func badValuesAreOneLineAndAFailure(_ arguments: [String]) throws {
    let fixtures = try Fixtures()
    let input = try fixtures.write(fixtures.image(width: 64, height: 48), as: "in.png", format: .png)
    let line = try fixtures.renderFailure(input, arguments)
    #expect(line.hasPrefix("mememe: --"), "\(line)")
  }
}
