import Foundation
import MemeCore
// SPDX-License-Identifier: GPL-3.0-or-later
import PictureChecks
import Testing

@Suite struct RenderCommandTests {
  @Test func rendersCaptionsAtTheSourceResolution() throws {
    let fixtures = try Fixtures()
    let input = try fixtures.write(fixtures.image(width: 640, height: 480), as: "in.png", format: .png)
    let meme = try fixtures.render(input, ["--top", "top text", "--bottom", "bottom text"])
    #expect(meme.width == 640 && meme.height == 480)
    let top = CaptionGeometry.band(for: .top, imageWidth: 640, imageHeight: 480)
    let bottom = CaptionGeometry.band(for: .bottom, imageWidth: 640, imageHeight: 480)
    for band in [top, bottom] {
      let rows = Int(band.y)..<Int(band.maxY)
      #expect(count(in: meme, rows: rows, matching: isWhite) > 300)
      #expect(count(in: meme, rows: rows, matching: isBlack) > 300)
    }
    let middle = Int(top.maxY) + 1..<Int(bottom.y) - 1
    let source = try fixtures.decode(input)
    for y in middle {
      for x in stride(from: 0, to: 640, by: 7) {
        #expect(meme.color(atX: x, y: y) == source.color(atX: x, y: y))
      }
    }
  }

  /// Plain text and text with colour emoji, both drawn on two cores.
  @Test(arguments: [("same", "pixels"), ("emoji 😂", "too 🔥")])
  func outputEqualsTheEngineRenderingPixelForPixel(top: String, bottom: String) throws {
    let fixtures = try Fixtures()
    let input = try fixtures.write(fixtures.image(width: 300, height: 200), as: "in.png", format: .png)
    let actual = try fixtures.render(input, ["--top", top, "--bottom", bottom])
    let expected = try #require(
      MemeRenderer.rendered(MemeCaptions(top: top, bottom: bottom), image: try fixtures.decode(input)))
    #expect(differingPixels(actual, expected) == 0)
  }

  @Test func exifRotatedJPEGComesOutUpright() throws {
    let fixtures = try Fixtures()
    // Stored 400×200 (landscape) with orientation 6: shown rotated 90° clockwise, so 200×400 upright,
    // and the red corner square moves from the top-left to the top-right.
    let input = try fixtures.jpegWithOrientation(6, storedWidth: 400, storedHeight: 200, name: "rotated.jpg")
    let meme = try fixtures.render(input, [], output: "upright.png")
    #expect(meme.width == 200 && meme.height == 400)
    let corner = meme.color(atX: 190, y: 10)
    #expect(corner.red > 0.8 && corner.green < 0.2, "top-right is \(corner)")
    let other = meme.color(atX: 10, y: 10)
    #expect(other.red < 0.6, "top-left is \(other)")
  }

  @Test func pngKeepsTransparency() throws {
    let fixtures = try Fixtures()
    let input = try fixtures.write(
      fixtures.image(width: 200, height: 200, alpha: 0.25), as: "clear.png", format: .png)
    let output = fixtures.path("clear-out.png")
    #expect(try CommandLineRunner.run(["render", input, "--top", "x", "-o", output]).status == 0)
    let meme = try fixtures.decode(output)
    #expect(abs(meme.color(atX: 100, y: 100).alpha - 0.25) < 0.01)
    #expect(meme.hasAlpha)
  }

  @Test func jpegFlattensTransparencyOnWhite() throws {
    let fixtures = try Fixtures()
    let input = try fixtures.write(
      fixtures.image(width: 200, height: 200, alpha: 0), as: "clear.png", format: .png)
    let output = fixtures.path("flat.jpg")
    #expect(try CommandLineRunner.run(["render", input, "-o", output, "--quality", "95"]).status == 0)
    let centre = try fixtures.decode(output).color(atX: 100, y: 100)
    #expect(centre.alpha == 1 && isWhite(centre), "\(centre)")
  }

  @Test func widthScalesTheOutputAndFormatOverridesTheExtension() throws {
    let fixtures = try Fixtures()
    let input = try fixtures.write(
      fixtures.image(width: 800, height: 600), as: "in.jpg", format: .jpeg(quality: 90))
    let output = fixtures.path("out.image")
    let result = try CommandLineRunner.run([
      "render", input, "-o", output, "--width", "200", "--format", "jpeg",
    ])
    #expect(result.status == 0, "\(result.standardError)")
    let bytes = try #require(FileManager.default.contents(atPath: output))
    #expect(bytes.prefix(2) == Data([0xFF, 0xD8]))
    let meme = try fixtures.decode(output)
    #expect(meme.width == 200 && meme.height == 150)
  }

  @Test func captionsMayBeginWithADash() throws {
    let fixtures = try Fixtures()
    let input = try fixtures.write(fixtures.image(width: 300, height: 300), as: "in.png", format: .png)
    let output = fixtures.path("dash.png")
    let result = try CommandLineRunner.run([
      "render", input, "--top=-dash-", "--bottom=--both--", "-o", output,
    ])
    #expect(result.status == 0, "\(result.standardError)")
    let meme = try fixtures.decode(output)
    #expect(count(in: meme, rows: 9..<75, matching: isWhite) > 50)
  }

  @Test func helpDocumentsEveryOption() throws {
    let result = try CommandLineRunner.run(["render", "--help"])
    #expect(result.status == 0)
    for option in [
      "--output", "--top", "--bottom", "--layout", "--font", "--text-color", "--outline-color",
      "--no-uppercase",
      "--quality",
      "--width", "--format",
    ] {
      #expect(result.standardOutput.contains(option), "\(option) missing from help")
    }
  }
}
