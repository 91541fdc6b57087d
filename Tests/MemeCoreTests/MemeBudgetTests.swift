// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeGraphics
import Foundation
import Testing

@_spi(Benchmark) @testable import MemeCore

/// Issue 48: a meme's captions and text boxes together have a budget of characters and of glyphs
/// traced, so that any number of boxes at a caption's limits is drawn in bounded time and memory
/// (thirty turned boxes of 10,000 characters took 22 s, a hundred 428 MB).
@Suite struct MemeBudgetTests {
  /// The characters are spent in drawing order: the top caption, the bottom one, then the boxes;
  /// the text that goes past the budget is cut there, and those after it are empty.
  @Test func theCharactersAreSpentInDrawingOrder() {
    let full = String(repeating: "a", count: CaptionLimits.maximumCharacters)
    let half = String(repeating: "b", count: CaptionLimits.maximumCharacters / 2)
    let budget = CaptionLimits.maximumCharactersPerMeme
    #expect(budget == 2 * CaptionLimits.maximumCharacters, "two captions at the limit, as the tests draw")

    let bounded = CaptionLimits.bounded(meme: [half, full, full, "c", ""])
    #expect(
      bounded.map(\.text.unicodeScalars.count) == [
        half.count, full.count, budget - half.count - full.count, 0, 0,
      ])
    #expect(bounded.map(\.isCutByBudget) == [false, false, true, true, false])
    #expect(bounded.map(\.text.unicodeScalars.count).reduce(0, +) == budget)
    // Within the budget, the texts are as a caption's limits make them.
    let small = ["top", "", HostileCaptions.zalgo(letters: 3, marks: 9), "box"]
    #expect(CaptionLimits.bounded(meme: small).map(\.text) == small.map(CaptionLimits.bounded))
    #expect(CaptionLimits.bounded(meme: small).allSatisfy { !$0.isCutByBudget })
    // Counting stops one past the budget.
    #expect(CaptionLimits.charactersInMeme(Array(repeating: full, count: 100)) == budget + 1)
    #expect(CaptionLimits.charactersInMeme([half, "xyz"]) == half.count + 3)
  }

  /// What a meme's other texts leave of the budget: an edit gets that room, and says so when it
  /// was cut to it.
  @Test func anEditGetsTheRoomTheOtherTextsLeave() {
    #expect(CaptionLimits.bounded("hello", room: 3) == ("hel", .memeCharacters))
    #expect(CaptionLimits.bounded("hello", room: 5) == ("hello", nil))
    #expect(CaptionLimits.bounded("hello", room: -4) == ("", .memeCharacters))
    let long = String(repeating: "a", count: CaptionLimits.maximumCharacters + 1)
    #expect(CaptionLimits.bounded(long, room: 50_000).excess == .characters)
    #expect(CaptionLimits.bounded(long, room: 50_000).text.count == CaptionLimits.maximumCharacters)
  }

  /// Band draws its bottom text too (on a second band under the picture), which spends from the
  /// same budget as in Classic.
  @Test func theBandsBottomTextSpendsAsInClassic() {
    var captions = MemeCaptions(
      top: "top", bottom: "kept",
      layers: [TextBox(text: "box", frame: HostileCaptions.Case.boxFrame)].map(MemeLayer.text))
    #expect(captions.budgetedTexts == ["top", "kept", "box"])
    captions.layout = .band
    #expect(captions.budgetedTexts == ["top", "kept", "box"])
  }

  /// The glyphs are spent as they are traced: a caption traces no more than the budget has left,
  /// the one after it gets what remains, and one that ran out counts as cut off.
  @Test func theGlyphsTracedAreBounded() throws {
    let font = FontResolver.resolve(CaptionStyle.classic.fontFamily)
    let budget = GlyphBudget(glyphs: 10)
    let first = CaptionLayout(
      text: "ONE TWO", position: .top, imageWidth: 800, imageHeight: 600, font: font, style: .classic,
      glyphs: budget)
    #expect(first.tracedGlyphs == 7)
    #expect(!first.glyphsLeftOut)
    let second = CaptionLayout(
      text: "THREE FOUR", position: .bottom, imageWidth: 800, imageHeight: 600, font: font, style: .classic,
      glyphs: budget)
    #expect(second.tracedGlyphs == 3)
    #expect(second.glyphsLeftOut)
    #expect(budget.left == 0)
    // What was left out is not drawn: the bottom caption draws less than it does on its own.
    let whole = CaptionLayout(
      text: "THREE FOUR", position: .bottom, imageWidth: 800, imageHeight: 600, font: font, style: .classic)
    #expect(whole.tracedGlyphs == 10)
    #expect(inkPixels(second) < inkPixels(whole))
    #expect(inkPixels(second) > 0)
  }

  /// A hundred turned boxes of 10,000 characters each, on an 800×600 picture: drawn within the
  /// budget, the boxes past it left empty and reported cut off. The time is printed (the issue asks
  /// for under 3 s; it took 22 s for thirty such boxes before).
  @Test func aHundredBoxesAtTheLimitAreDrawnWithinTheBudget() throws {
    let text = HostileCaptions.words(length: CaptionLimits.maximumCharacters)
    let boxes = (0..<100).map { _ in
      TextBox(text: text, frame: HostileCaptions.Case.boxFrame, angle: 33)
    }
    let captions = MemeCaptions(top: "", bottom: "", layers: boxes.map(MemeLayer.text))
    let image = TestImages.grey(width: 800, height: 600)
    let clock = ContinuousClock()
    var layout: MemeLayout?
    let elapsed = clock.measure { layout = MemeRenderer.render(captions, onto: image) }
    let drawn = try #require(layout)
    print(
      "100 turned boxes of \(text.count) characters drawn in \(elapsed), \(drawn.tracedGlyphs) glyphs traced")
    #expect(drawn.tracedGlyphs <= CaptionLimits.maximumGlyphsPerMeme)
    #expect(drawn.tracedGlyphs > 0)
    let laidOut = drawn.layers.map(\.text.unicodeScalars.count).reduce(0, +)
    #expect(laidOut <= CaptionLimits.maximumCharactersPerMeme)
    #expect(drawn.layers.prefix(2).allSatisfy { !$0.text.isEmpty })
    #expect(drawn.layers.dropFirst(2).allSatisfy { $0.text.isEmpty }, "the budget is spent by the first two")
    #expect(Set(drawn.overflowingBoxes).isSuperset(of: 2..<100), "the boxes the budget cut are reported")
  }

  /// The pixels `caption` inks on a transparent 800×600 image.
  private func inkPixels(_ caption: CaptionLayout) -> Int {
    guard let drawing = caption.drawing else { return 0 }
    let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 800, 600)!
    defer { cairo_surface_destroy(surface) }
    let context = cairo_create(surface)!
    drawing.draw(on: context)
    cairo_destroy(context)
    cairo_surface_flush(surface)
    let stride = Int(cairo_image_surface_get_stride(surface))
    let pixels = cairo_image_surface_get_data(surface)!
    var count = 0
    for row in 0..<600 {
      for column in 0..<800 where pixels[row * stride + column * 4 + 3] != 0 { count += 1 }
    }
    return count
  }
}
