// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore
import Testing

/// `--layout band|poster`: the command line writes what the engine renders, larger than the picture,
/// with the layout's default colours unless others are given.
@Suite struct LayoutOptionTests {
  /// Every layout, with a text box (every kind of layer the command line gives) over the picture.
  @Test(arguments: MemeLayoutKind.allCases)
  func outputEqualsTheEngineRendering(layout: MemeLayoutKind) throws {
    let fixtures = try Fixtures()
    let input = try fixtures.write(
      fixtures.noise(width: 300, height: 200, seed: 3), as: "in.png", format: .png)
    let output = fixtures.path("out.png")
    let result = try CommandLineRunner.run([
      "render", input, "--layout", layout.rawValue, "--top", "the title", "--bottom", "the subtitle",
      "--caption", "a layer", "--box", "0.1,0.3,0.6,0.3", "--angle", "15", "-o", output,
    ])
    #expect(result.status == 0, "\(result.standardError)")
    let box = TextBox(
      text: "a layer", frame: RelativeRect(x: 0.1, y: 0.3, width: 0.6, height: 0.3), angle: 15,
      style: layout.defaultStyle)
    let captions = MemeCaptions(
      top: "the title", bottom: "the subtitle", style: layout.defaultStyle, layers: [box].map(MemeLayer.text),
      layout: layout)
    let expected = try #require(MemeRenderer.rendered(captions, image: try fixtures.decode(input)))
    let actual = try fixtures.decode(output)
    #expect(actual.width == expected.width && actual.height == expected.height)
    #expect(layout.drawsAroundPicture == (actual.height > 200))
    for y in 0..<actual.height {
      for x in 0..<actual.width where actual.color(atX: x, y: y) != expected.color(atX: x, y: y) {
        Issue.record("pixel (\(x), \(y)) differs")
        return
      }
    }
  }

  @Test func theBandTakesTheGivenColours() throws {
    let fixtures = try Fixtures()
    let input = try fixtures.write(fixtures.image(width: 320, height: 240), as: "in.png", format: .png)
    let output = fixtures.path("out.png")
    let result = try CommandLineRunner.run([
      "render", input, "--layout", "band", "--top", "yellow on blue", "--text-color", "yellow",
      "--outline-color", "#0000ff", "-o", output,
    ])
    #expect(result.status == 0, "\(result.standardError)")
    let meme = try fixtures.decode(output)
    #expect(meme.height > 240)
    let corner = meme.color(atX: 0, y: 0)
    #expect(corner.blue > 0.99 && corner.red < 0.01, "the band is the outline colour")
    let band = 0..<(meme.height - 240)
    #expect(count(in: meme, rows: band) { $0.red > 0.9 && $0.green > 0.9 && $0.blue < 0.1 } > 100)
  }

  @Test func anUnknownLayoutIsRefused() throws {
    let fixtures = try Fixtures()
    let input = try fixtures.write(fixtures.image(width: 32, height: 32), as: "in.png", format: .png)
    let result = try CommandLineRunner.run([
      "render", input, "--layout", "sideways", "-o", fixtures.path("o.png"),
    ])
    #expect(result.status != 0)
    #expect(result.standardError.contains("classic") && result.standardError.contains("poster"))
  }
}
