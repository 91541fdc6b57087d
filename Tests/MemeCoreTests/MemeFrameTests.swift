// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeGraphics
import Foundation
import Testing

@testable import MemeCore

/// Band and Poster: where the picture lies in the output, what surrounds it, how the text areas
/// follow their texts within their limits, and that the picture's pixels come through untouched.
@Suite final class MemeFrameTests {
  let folder = Fixtures.temporaryFolder()

  deinit {
    Fixtures.remove(folder)
  }

  static func layout(
    _ kind: MemeLayoutKind, top: String, bottom: String = "", width: Int = 1000, height: Int = 800
  )
    -> MemeLayout
  {
    MemeLayout(
      captions: MemeCaptions(top: top, bottom: bottom, style: kind.defaultStyle, layout: kind),
      imageWidth: width,
      imageHeight: height)
  }

  @Test func classicIsThePictureAlone() {
    let layout = Self.layout(.classic, top: "top", bottom: "bottom")
    #expect(layout.frame.isPictureOnly)
    #expect(layout.outputWidth == 1000 && layout.outputHeight == 800)
  }

  @Test func theBandLiesAboveThePictureAndGrowsWithItsText() {
    let short = Self.layout(.band, top: "when the tests pass")
    let long = Self.layout(.band, top: CaptionCases.words(24))
    for layout in [short, long] {
      #expect(layout.frame.pictureX == 0 && layout.outputWidth == 1000)
      #expect(layout.frame.pictureY == layout.outputHeight - 800, "the picture is at the bottom")
      #expect(layout.frame.pictureY % 16 == 0, "whole rows of the largest MCU")
      #expect(layout.frame.pictureY >= 80 && layout.frame.pictureY <= 480 + 15)
      // The text lies within the band.
      let caption = layout.caption(at: .top)
      #expect(caption.fits)
      #expect(caption.inkRect.maxY <= Double(layout.frame.pictureY))
      #expect(caption.inkRect.y >= 0)
    }
    #expect(long.frame.pictureY > short.frame.pictureY)
    // The band grew rather than the font shrinking: both are set at the preferred size.
    let preferred = 1000 * FramedLayout.Proportions.bandTextSize
    #expect(abs(short.caption(at: .top).fontSize - preferred) < 0.01)
    #expect(abs(long.caption(at: .top).fontSize - preferred) < 0.01)
  }

  @Test func theBandStopsAtSixtyPercentAndThenTheFontShrinks() {
    let huge = Self.layout(.band, top: CaptionCases.words(60))
    #expect(huge.frame.pictureY == 480, "60% of 800 rows, a multiple of 16")
    #expect(huge.caption(at: .top).fontSize < 1000 * FramedLayout.Proportions.bandTextSize)
    #expect(huge.caption(at: .top).fits)
    let empty = Self.layout(.band, top: "")
    #expect(empty.frame.pictureY == 80, "at least 10% of the picture's height")
  }

  /// The bottom text gets a band of its own under the picture, sized as the top one; without a
  /// bottom text the output ends with the picture, as it always did.
  @Test func theBandDrawsTheBottomTextOnASecondBandUnderThePicture() {
    let layout = Self.layout(.band, top: "top", bottom: "bottom")
    let topOnly = Self.layout(.band, top: "top")
    let frame = layout.frame
    #expect(layout.drawings.count == 2)
    #expect(frame.pictureY == topOnly.frame.pictureY, "the top band is as it was")
    #expect(topOnly.frame.height == topOnly.frame.pictureY + 800, "no band under the picture")
    let bandUnder = frame.height - (frame.pictureY + 800)
    #expect(bandUnder == frame.pictureY, "both one-line texts get bands of the same height")
    let bottom = layout.caption(at: .bottom)
    #expect(bottom.inkRect.y > Double(frame.pictureY + 800), "under the picture")
    #expect(bottom.inkRect.maxY < Double(frame.height))
    #expect(abs(bottom.fontSize - layout.caption(at: .top).fontSize) < 0.01, "the same size of text")
  }

  @Test func thePosterFramesThePictureAndSetsTitleAndSubtitleBelow() {
    let layout = Self.layout(.poster, top: "motivation", bottom: "it is what makes memes")
    let frame = layout.frame
    // 8% margin and a 0.4% white line on a 1000-pixel-wide picture.
    #expect(frame.border == 4)
    #expect(frame.pictureX == 84 && frame.pictureY == 84)
    #expect(layout.outputWidth == 1000 + 2 * 84)
    let title = layout.caption(at: .top)
    let subtitle = layout.caption(at: .bottom)
    #expect(title.inkRect.y > Double(frame.pictureY + 800 + frame.border))
    #expect(subtitle.inkRect.y > title.inkRect.maxY)
    #expect(subtitle.inkRect.maxY < Double(layout.outputHeight))
    #expect(title.fontSize > subtitle.fontSize)
    #expect(title.text == "MOTIVATION", "the title is upper-cased")
    #expect(subtitle.text == "it is what makes memes", "the subtitle is set as typed")
    // Both centred in the output.
    for caption in [title, subtitle] {
      #expect(abs(caption.inkRect.x + caption.inkRect.width / 2 - Double(layout.outputWidth) / 2) < 2)
      #expect(caption.outlineWidth == 0)
    }
  }

  @Test func textBoxesStayOnThePicture() {
    let box = TextBox(text: "box", frame: RelativeRect(x: 0.1, y: 0.5, width: 0.8, height: 0.2))
    for kind in MemeLayoutKind.allCases {
      let layout = MemeLayout(
        captions: MemeCaptions(
          top: "top", bottom: "bottom", style: kind.defaultStyle, layers: [box].map(MemeLayer.text),
          layout: kind),
        imageWidth: 1000, imageHeight: 800)
      let band = layout.layers[0].band
      #expect(band.x == Double(layout.frame.pictureX) + 100, "\(kind)")
      #expect(band.y == Double(layout.frame.pictureY) + 400, "\(kind)")
    }
  }

  /// A box reaching past the picture is cut off at the picture's edge, not drawn on the band or the
  /// frame around it.
  @Test(arguments: [MemeLayoutKind.band, .poster])
  func aBoxIsCutOffAtThePicture(kind: MemeLayoutKind) throws {
    let box = TextBox(text: "reaching out", frame: RelativeRect(x: -0.3, y: -0.3, width: 1.6, height: 0.6))
    let plain = MemeCaptions(top: "", bottom: "", style: kind.defaultStyle, layout: kind)
    var boxed = plain
    boxed.layers = [box].map(MemeLayer.text)
    let without = try #require(MemeRenderer.render(plain, picture: TestImages.grey(width: 400, height: 300)))
    let with = try #require(MemeRenderer.render(boxed, picture: TestImages.grey(width: 400, height: 300)))
    let picture = with.layout.frame.pictureRect
    let outside = TestImages.changedPixels(in: with.output, from: kind.defaultStyle.outlineColor) { x, y in
      !ImageRect(x: picture.x - 4, y: picture.y - 4, width: picture.width + 8, height: picture.height + 8)
        .contains(ImageRect(x: Double(x), y: Double(y), width: 1, height: 1))
    }
    #expect(outside.count == 0, "pixels drawn outside the picture")
    let inside = TestImages.changedPixels(in: with.output, from: RGBAColor(red: 0.5, green: 0.5, blue: 0.5)) {
      picture.contains(ImageRect(x: Double($0), y: Double($1), width: 1, height: 1))
    }
    #expect(inside.count > 0, "the box is drawn on the picture")
    #expect(without.output.width == with.output.width && without.output.height == with.output.height)
  }

  @Test func theColoursComeFromTheStyle() throws {
    var captions = MemeCaptions(
      top: "abc", bottom: "", style: MemeLayoutKind.band.defaultStyle, layout: .band)
    captions.style.outlineColor = RGBAColor(red: 1, green: 0, blue: 0)
    let picture = TestImages.grey(width: 200, height: 100)
    let (output, layout) = try #require(MemeRenderer.render(captions, picture: picture))
    let corner = output.color(atX: 0, y: 0)
    #expect(corner.red > 0.99 && corner.green < 0.01 && corner.blue < 0.01, "the band is the outline colour")
    #expect(layout.frame.background == captions.style.outlineColor)
    let poster = try #require(
      MemeRenderer.render(
        MemeCaptions(top: "a", bottom: "b", style: MemeLayoutKind.poster.defaultStyle, layout: .poster),
        picture: TestImages.grey(width: 200, height: 100)))
    #expect(TestImages.isBlack(poster.output.color(atX: 0, y: 0)))
    let line = poster.layout.frame.pictureX - 1
    #expect(TestImages.isWhite(poster.output.color(atX: line, y: line)), "the white line around the picture")
  }

  @Test func switchingLayoutsSwapsDefaultColoursAndKeepsChosenOnes() {
    let band = MemeLayoutKind.band.style(switchingFrom: .classic, .classic)
    #expect(band == MemeLayoutKind.band.defaultStyle)
    var chosen = CaptionStyle.classic
    chosen.textColor = RGBAColor(red: 1, green: 1, blue: 0)
    chosen.fontFamily = "DejaVu Serif"
    let kept = MemeLayoutKind.poster.style(switchingFrom: .classic, chosen)
    #expect(kept.textColor == chosen.textColor && kept.fontFamily == "DejaVu Serif")
  }

  /// Band on PNG: every pixel of the picture, transparency included, is the source's, moved down
  /// by the band; Poster likewise, moved by its margin and line, unscaled.
  @Test(arguments: [MemeLayoutKind.band, .poster])
  func everyPicturePixelIsTheSourcesInAPNG(kind: MemeLayoutKind) throws {
    let (width, height) = (301, 207)
    let source = try #require(RasterImage(width: width, height: height, hasAlpha: true))
    var seed: UInt32 = 12345
    for y in 0..<height {
      let row = UnsafeMutableRawPointer(source.pixels + y * source.stride).assumingMemoryBound(
        to: UInt32.self)
      for x in 0..<width {
        seed = seed &* 1_103_515_245 &+ 12345
        // Premultiplied: no colour channel above the alpha.
        let alpha = (seed >> 24) | 0x20
        let colour = (seed >> 8) % (alpha + 1)
        row[x] = alpha << 24 | colour << 16 | (colour / 2) << 8 | (alpha - colour)
      }
    }
    source.markDirty()
    let input = folder.appendingPathComponent("source-\(kind).png")
    let output = folder.appendingPathComponent("meme-\(kind).png")
    try ImageWriter.write(source, to: input, as: .png)
    let captions = MemeCaptions(
      top: "the picture stays clean", bottom: "below it", style: kind.defaultStyle,
      layers: [], layout: kind)
    let summary = try MemeExporter.export(captions, imageAt: input, to: .file(output), as: .png)
    let original = try ImageLoader().load(contentsOf: input)
    let meme = try ImageLoader().load(contentsOf: output)
    let frame = MemeLayout(captions: captions, imageWidth: width, imageHeight: height).frame
    #expect(summary.width == frame.width && summary.height == frame.height)
    #expect(meme.width == frame.width && meme.height == frame.height)
    #expect(meme.height > height)
    var differing = 0
    for y in 0..<height {
      let expected = UnsafeRawPointer(original.pixels + y * original.stride)
      let actual = UnsafeRawPointer(meme.pixels + (y + frame.pictureY) * meme.stride + frame.pictureX * 4)
      if memcmp(expected, actual, width * 4) != 0 { differing += 1 }
    }
    #expect(differing == 0, "\(differing) picture rows differ")
  }
}
