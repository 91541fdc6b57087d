// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore
import PictureChecks
import Testing

/// `--layout band` with both captions draws both: the top one on the band above the picture, the
/// bottom one on a second band under it, read back from the file by Tesseract in that order.
@Suite struct BandCaptionsTests {
  @Test func theBandDrawsTheBottomCaptionOnASecondBandUnderThePicture() throws {
    let fixtures = try Fixtures()
    let input = try fixtures.write(fixtures.image(width: 800, height: 500), as: "in.png", format: .png)
    let output = fixtures.path("band.png")
    let result = try CommandLineRunner.run([
      "render", input, "--layout", "band", "--top", "morning coffee", "--bottom", "evening tea", "-o", output,
    ])
    #expect(result.status == 0, "\(result.standardError)")
    let meme = try fixtures.decode(output)
    let layout = MemeLayout(
      captions: MemeCaptions(
        top: "morning coffee", bottom: "evening tea", style: MemeLayoutKind.band.defaultStyle, layout: .band),
      imageWidth: 800, imageHeight: 500)
    #expect(meme.width == layout.outputWidth && meme.height == layout.outputHeight)
    let below = layout.outputHeight - (layout.frame.pictureY + 500)
    #expect(layout.frame.pictureY >= 50 && below >= 50, "a band above and a band under the picture")
    // The band under the picture is white with black text on it.
    let rows = (layout.frame.pictureY + 500)..<meme.height
    #expect(meme.color(atX: 2, y: rows.upperBound - 2).red > 0.99)
    var ink = 0
    for y in rows {
      for x in stride(from: 0, to: 800, by: 2) {
        let colour = meme.color(atX: x, y: y)
        if colour.red < 0.2, colour.green < 0.2, colour.blue < 0.2 { ink += 1 }
      }
    }
    #expect(ink > 200, "the bottom caption is drawn on its band")
    let words = try TextRecognition.words(inImageAt: output)
    let top = try #require(words.range(of: "morning coffee"), "read: \(words)")
    let bottom = try #require(words.range(of: "evening tea"), "read: \(words)")
    #expect(top.upperBound <= bottom.lowerBound, "top, then bottom: \(words)")
  }

  /// A JPEG photo between two bands is encoded whole, and says why; with the top band alone its
  /// blocks are kept, as before.
  @Test func aJPEGBetweenTwoBandsIsEncodedWhole() throws {
    let fixtures = try Fixtures()
    let input = try fixtures.write(
      fixtures.noise(width: 320, height: 240, seed: 9), as: "in.jpg", format: .jpeg(quality: 90))
    let both = try CommandLineRunner.run([
      "render", input, "--layout", "band", "--top", "above", "--bottom", "below", "--verbose", "-o",
      fixtures.path("both.jpg"),
    ])
    #expect(both.status == 0, "\(both.standardError)")
    #expect(
      (both.standardOutput + both.standardError).contains("encoded in full: the photo lies between two bands")
    )
    let top = try CommandLineRunner.run([
      "render", input, "--layout", "band", "--top", "above", "--verbose", "-o", fixtures.path("top.jpg"),
    ])
    #expect(top.status == 0, "\(top.standardError)")
    #expect((top.standardOutput + top.standardError).contains("kept the photo's JPEG blocks"))
  }
}
