import Foundation
import MemeCore
// SPDX-License-Identifier: GPL-3.0-or-later
import PictureChecks
import Testing

/// `--crop`, `--rotate` and `--flip`: applied to the upright picture, in its pixels, before the
/// captions are laid out.
@Suite struct TransformOptionTests {
  @Test func cropRotateAndFlipGiveTheEngineTransformPixelForPixel() throws {
    let fixtures = try Fixtures()
    let input = try fixtures.write(fixtures.image(width: 640, height: 480), as: "in.png", format: .png)
    let meme = try fixtures.render(
      input, ["--top", "cut", "--crop", "40,30,400,300", "--rotate", "90", "--flip", "horizontal"])
    #expect(meme.width == 300 && meme.height == 400)
    let transform = PictureTransform(
      crop: PixelRect(x: 40, y: 30, width: 400, height: 300), quarterTurns: 1, flipsHorizontally: true)
    let expected = try #require(
      MemeRenderer.rendered(
        MemeCaptions(top: "cut", bottom: ""), image: try fixtures.decode(input), transform: transform))
    #expect(differingPixels(meme, expected) == 0)
  }

  @Test func theCropIsInUprightPixelsAfterEXIFOrientation() throws {
    let fixtures = try Fixtures()
    // Stored 400×200 with orientation 6: upright it is 200×400 with the red square at the top right.
    let input = try fixtures.jpegWithOrientation(6, storedWidth: 400, storedHeight: 200, name: "rotated.jpg")
    let meme = try fixtures.render(input, ["--crop", "150,0,50,50"], output: "corner.png")
    #expect(meme.width == 50 && meme.height == 50)
    let corner = meme.color(atX: 40, y: 10)
    #expect(corner.red > 0.8 && corner.green < 0.2, "the upright top-right corner is red: \(corner)")
  }

  @Test(arguments: [
    (["--crop", "600,0,100,100"], "not inside the 640×480 picture"),
    (["--crop", "0,0,640,481"], "not inside the 640×480 picture"),
    (["--crop", "1,2,3"], "--crop must be X,Y,WIDTH,HEIGHT"),
    (["--rotate", "45"], "--rotate must be 90, 180 or 270"),
    (["--flip", "diagonal"], "--flip must be horizontal or vertical"),
  ])
  func badTransformsAreOneLineErrors(arguments: [String], message: String) throws {
    let fixtures = try Fixtures()
    let input = try fixtures.write(fixtures.image(width: 640, height: 480), as: "in.png", format: .png)
    let line = try fixtures.renderFailure(input, arguments)
    #expect(line.contains(message), "\(line)")
  }
}
