// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeGraphics
import Testing

@testable import MemeCore

@Suite struct RenderingTests {
  let grey = RGBAColor(red: 0.5, green: 0.5, blue: 0.5)

  @Test func captionsAreWhiteWithABlackOutlineInTheirBands() {
    let image = TestImages.grey(width: 800, height: 600)
    let layout = MemeRenderer.render(MemeCaptions(top: "Hello world", bottom: "bottom text"), onto: image)
    for position in CaptionPosition.allCases {
      let band = layout.bandRect(for: position)
      #expect(TestImages.count(in: image, rect: band, matching: TestImages.isWhite) > 500, "\(position)")
      #expect(TestImages.count(in: image, rect: band, matching: TestImages.isBlack) > 500, "\(position)")
    }
  }

  @Test func nothingIsDrawnOutsideTheBands() {
    // The extremes too: a pixel, a line each way, a banner and a strip.
    for (width, height) in [
      (800, 600), (60, 40), (1200, 200), (1, 1), (1, 4000), (4000, 1), (20000, 20), (20, 20000),
    ] {
      let image = TestImages.grey(width: width, height: height)
      let text = String(repeating: "overflowing caption ", count: 100)
      let layout = MemeRenderer.render(MemeCaptions(top: text, bottom: text), onto: image)
      let bands = CaptionPosition.allCases.map { layout.bandRect(for: $0) }
      let outside = TestImages.changedPixels(in: image, from: grey) { x, y in
        !bands.contains { band in
          Double(x) + 1 > band.x && Double(x) < band.maxX && Double(y) + 1 > band.y && Double(y) < band.maxY
        }
      }
      #expect(outside.isEmpty, "\(width)×\(height): \(outside.count) pixels changed outside the bands")
    }
  }

  @Test func theMiddleOfTheImageIsUntouched() {
    let image = TestImages.grey(width: 640, height: 480)
    MemeRenderer.render(MemeCaptions(top: "top", bottom: "bottom"), onto: image)
    let middle = TestImages.changedPixels(in: image, from: grey) { _, y in y > 130 && y < 350 }
    #expect(middle.isEmpty)
  }

  @Test func coloursAndCaseFollowTheStyle() {
    let style = CaptionStyle(
      textColor: RGBAColor(red: 1, green: 1, blue: 0), outlineColor: RGBAColor(red: 0, green: 0, blue: 1),
      isUppercase: false)
    let image = TestImages.grey(width: 800, height: 600)
    let layout = MemeRenderer.render(MemeCaptions(top: "Yellow", bottom: ""), onto: image)
    #expect(layout.caption(at: .top).text == "YELLOW")
    let styled = TestImages.grey(width: 800, height: 600)
    let styledLayout = MemeRenderer.render(
      MemeCaptions(top: "Yellow", bottom: "", style: style), onto: styled)
    #expect(styledLayout.caption(at: .top).text == "Yellow")
    let band = styledLayout.bandRect(for: .top)
    let yellow = TestImages.count(in: styled, rect: band) {
      $0.red > 0.95 && $0.green > 0.95 && $0.blue < 0.05
    }
    let blue = TestImages.count(in: styled, rect: band) { $0.red < 0.05 && $0.green < 0.05 && $0.blue > 0.95 }
    #expect(yellow > 200 && blue > 200)
    #expect(TestImages.count(in: styled, rect: band, matching: TestImages.isWhite) == 0)
  }

  @Test func emojiAndOtherScriptsLeaveInk() {
    for text in ["😂🔥👍", "吾輩は猫である", "مرحبا بالعالم", "שלום עולם"] {
      let image = TestImages.grey(width: 600, height: 400)
      let layout = MemeRenderer.render(MemeCaptions(top: text, bottom: ""), onto: image)
      let band = layout.bandRect(for: .top)
      let inked = TestImages.count(in: image, rect: band) {
        abs($0.red - 0.5) > 0.1 || abs($0.blue - 0.5) > 0.1
      }
      #expect(inked > 300, "\(text) left \(inked) pixels")
    }
  }

  @Test func renderingSmallIsRenderingLargeScaledDown() throws {
    let captions = MemeCaptions(top: "same picture", bottom: "at every size")
    let large = try #require(
      MemeRenderer.rendered(captions, image: TestImages.grey(width: 1600, height: 1200)))
    let small = try #require(MemeRenderer.rendered(captions, image: TestImages.grey(width: 400, height: 300)))
    let reduced = try #require(large.scaled(toWidth: 400, height: 300))
    var difference = 0.0
    for y in 0..<300 {
      for x in 0..<400 {
        difference += abs(reduced.color(atX: x, y: y).red - small.color(atX: x, y: y).red)
      }
    }
    #expect(difference / Double(400 * 300) < 0.03, "mean difference \(difference / Double(400 * 300))")
  }

  @Test func renderedLeavesTheSourceUntouched() throws {
    let source = TestImages.grey(width: 200, height: 200)
    _ = try #require(MemeRenderer.rendered(MemeCaptions(top: "copy", bottom: "only"), image: source))
    #expect(TestImages.changedPixels(in: source, from: grey).isEmpty)
  }
}
