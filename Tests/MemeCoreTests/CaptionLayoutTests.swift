// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import MemeCore

@Suite struct CaptionLayoutTests {
  static let captions: [String] = [
    "", "a", String(repeating: "word ", count: 60), String(repeating: "lorem ipsum dolor ", count: 112),
    String(repeating: "x", count: 60), "😂🔥 👩‍👩‍👧‍👦 👍🏽 🏳️‍🌈", "吾輩は猫である。名前はまだ無い。", "مرحبا بالعالم، هذا ميم",
    "שלום עולם זה מם", "Çà et là, ñandú, A\u{0301}E\u{0301}I\u{0301} Z̤̈ a͞b", "first line\nsecond line\nthird",
    "$$$ ||| ÅÉÎÕÜ gjpqy",
  ]
  static let sizes: [(width: Int, height: Int)] = [(24, 18), (1600, 240), (240, 1600), (800, 600)]

  @Test(arguments: captions)
  func everyCaptionStaysInsideItsBandAndTheImage(text: String) {
    for size in Self.sizes {
      let layout = MemeLayout(
        captions: MemeCaptions(top: text, bottom: text), imageWidth: size.width, imageHeight: size.height)
      let image = ImageRect(x: 0, y: 0, width: Double(size.width), height: Double(size.height))
      for position in CaptionPosition.allCases {
        let caption = layout.caption(at: position)
        #expect(image.contains(caption.band))
        if caption.fits {
          #expect(
            caption.band.contains(caption.inkRect),
            "\(position) of '\(text.prefix(20))' on \(size): ink \(caption.inkRect) band \(caption.band)")
        }
      }
    }
  }

  @Test func shortCaptionsFitAndLongOnesShrink() {
    let short = MemeLayout(captions: MemeCaptions(top: "hi", bottom: ""), imageWidth: 800, imageHeight: 600)
    let long = MemeLayout(
      captions: MemeCaptions(top: String(repeating: "longer words ", count: 8), bottom: ""), imageWidth: 800,
      imageHeight: 600)
    #expect(short.caption(at: .top).fits && long.caption(at: .top).fits)
    #expect(long.caption(at: .top).fontSize < short.caption(at: .top).fontSize)
  }

  @Test func aLongerCaptionNeverGetsALargerFont() {
    let words = "the quick brown fox jumps over the lazy dog while everyone watches in awe".split(
      separator: " ")
    for size in Self.sizes {
      var previous = Double.infinity
      for count in 1...words.count {
        let text = words.prefix(count).joined(separator: " ")
        let layout = MemeLayout(
          captions: MemeCaptions(top: text, bottom: ""), imageWidth: size.width, imageHeight: size.height)
        let fontSize = layout.caption(at: .top).fontSize
        #expect(fontSize <= previous + 1e-9, "'\(text)' on \(size) got \(fontSize) after \(previous)")
        previous = fontSize
      }
    }
  }

  @Test func captionsHugTheirEdges() {
    let layout = MemeLayout(
      captions: MemeCaptions(top: "top", bottom: "bottom"), imageWidth: 800, imageHeight: 600)
    let top = layout.caption(at: .top)
    let bottom = layout.caption(at: .bottom)
    #expect(abs(top.inkRect.y - top.band.y) < 0.5)
    #expect(abs(bottom.inkRect.maxY - bottom.band.maxY) < 0.5)
    #expect(abs(top.inkRect.x + top.inkRect.width / 2 - 400) < 0.5)
  }

  @Test func aSingleWordTooLongForTheLineIsBrokenRatherThanOverflowing() {
    let layout = MemeLayout(
      captions: MemeCaptions(top: String(repeating: "W", count: 60), bottom: ""), imageWidth: 400,
      imageHeight: 400)
    let caption = layout.caption(at: .top)
    #expect(caption.fits)
    #expect(caption.band.contains(caption.inkRect))
  }

  @Test func overlongCaptionsAreReportedAsNotFitting() {
    let text = String(repeating: "much too long ", count: 200)
    let layout = MemeLayout(
      captions: MemeCaptions(top: text, bottom: "ok"), imageWidth: 300, imageHeight: 300)
    #expect(layout.overflowingCaptions == [.top])
  }

  @Test func layoutIsTheSameAtEveryScale() {
    let captions = MemeCaptions(top: "one does not simply", bottom: "render twice differently")
    let large = MemeLayout(captions: captions, imageWidth: 4000, imageHeight: 3000)
    let small = MemeLayout(captions: captions, imageWidth: 400, imageHeight: 300)
    for position in CaptionPosition.allCases {
      let ratio = large.caption(at: position).fontSize / small.caption(at: position).fontSize
      #expect(abs(ratio - 10) < 0.1, "\(position): ratio \(ratio)")
    }
  }
}
