// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import MemeCore

/// The caret, the selection and hit testing lie on the caption as drawn. Each caption is rendered
/// onto a grey picture and its ink found in the pixels, independently of Pango's cursor functions;
/// the carets must stand at the edges of the ink they should.
@Suite struct CaptionCaretTests {
  /// A caption rendered on a grey picture, with the columns where its ink lies.
  private struct Rendered {
    let caption: CaptionLayout
    let image: RasterImage
    /// The caption as typed.
    let typed: String

    init(_ text: String, width: Int = 1600, height: Int = 1200) {
      typed = text
      image = TestImages.grey(width: width, height: height)
      caption = MemeRenderer.render(MemeCaptions(top: text, bottom: ""), onto: image).caption(at: .top)
    }

    /// A tolerance in pixels proportional to the font: the outline's half plus a glyph's side bearing.
    var tolerance: Double { caption.fontSize * 0.12 }

    /// Whether any pixel of column `x` within the caption's band differs from the grey, optionally
    /// only the pixels that `matching` accepts.
    func hasInk(atColumn x: Int, matching: (RGBAColor) -> Bool = { _ in true }) -> Bool {
      let band = caption.band
      for y in Int(band.y)..<Int(band.maxY) {
        let pixel = image.color(atX: x, y: y)
        if abs(pixel.red - 0.5) > 0.02 || abs(pixel.green - 0.5) > 0.02 || abs(pixel.blue - 0.5) > 0.02,
          matching(pixel)
        {
          return true
        }
      }
      return false
    }

    /// The columns with ink, left to right.
    func inkColumns(matching: (RGBAColor) -> Bool = { _ in true }) -> [Int] {
      (0..<image.width).filter { hasInk(atColumn: $0, matching: matching) }
    }

    /// Runs of blank columns between the first and last inked one, widest first.
    func gaps() -> [ClosedRange<Int>] {
      let ink = inkColumns()
      var gaps: [ClosedRange<Int>] = []
      for (left, right) in zip(ink, ink.dropFirst()) where right > left + 1 {
        gaps.append((left + 1)...(right - 1))
      }
      return gaps.sorted { $0.count > $1.count }
    }

    func caretX(_ offset: Int) -> Double {
      caption.caretRect(atIndex: CaptionText.drawnIndex(ofOffset: offset, in: typed, uppercase: true)).x
    }
  }

  @Test func caretsStandAtTheEdgesOfTheWordsTheyAreBetween() throws {
    let drawn = Rendered("HELLO WORLD")
    let ink = drawn.inkColumns()
    let (left, right) = (Double(try #require(ink.first)), Double(try #require(ink.last)))
    let gap = try #require(drawn.gaps().first)
    let tolerance = drawn.tolerance
    // Home at the left of the H, End at the right of the D: not the same place, as the field's own
    // caret was.
    #expect(abs(drawn.caretX(0) - left) <= tolerance, "Home \(drawn.caretX(0)) vs ink from \(left)")
    #expect(abs(drawn.caretX(11) - right) <= tolerance, "End \(drawn.caretX(11)) vs ink to \(right)")
    // After "HELLO" and before "WORLD": in the blank between the words.
    for offset in [5, 6] {
      let x = drawn.caretX(offset)
      #expect(
        Double(gap.lowerBound) - tolerance <= x && x <= Double(gap.upperBound) + tolerance,
        "offset \(offset) at \(x), the gap is \(gap)")
    }
    // Every step moves the caret right.
    let xs = (0...11).map(drawn.caretX)
    #expect(zip(xs, xs.dropFirst()).allSatisfy { $0 < $1 }, "\(xs)")
    // As tall as the letters.
    let caret = drawn.caption.caretRect(atIndex: 0)
    #expect(caret.y <= drawn.caption.inkRect.y + tolerance)
    #expect(caret.maxY >= drawn.caption.inkRect.maxY - tolerance)
  }

  @Test func theCaretAfterAnEmojiStandsPastItsPicture() throws {
    let drawn = Rendered("A 😂 B")
    // The emoji's pixels are the only coloured ones: the caption is white and black on grey.
    let isColoured = { (pixel: RGBAColor) in
      max(pixel.red, pixel.green, pixel.blue) - min(pixel.red, pixel.green, pixel.blue) > 0.3
    }
    let emoji = drawn.inkColumns(matching: isColoured)
    let (emojiLeft, emojiRight) = (Double(try #require(emoji.first)), Double(try #require(emoji.last)))
    let tolerance = drawn.tolerance
    #expect(drawn.caretX(2) <= emojiLeft + tolerance, "before the emoji: \(drawn.caretX(2)) vs \(emojiLeft)")
    #expect(drawn.caretX(3) >= emojiRight - tolerance, "after the emoji: \(drawn.caretX(3)) vs \(emojiRight)")
    // And before the B, which starts after the last blank run.
    let bStart = Double(try #require(drawn.gaps().map(\.upperBound).max()))
    #expect(drawn.caretX(3) <= bStart + tolerance)
    // A click just right of the emoji's middle puts the caret after it (offset 3), left of it before.
    let middleY = drawn.caption.inkRect.y + drawn.caption.inkRect.height / 2
    let mid = (emojiLeft + emojiRight) / 2
    let after = drawn.caption.index(at: (mid + 2, middleY))
    let before = drawn.caption.index(at: (mid - 2, middleY))
    #expect(CaptionText.offset(ofDrawnIndex: after, in: "A 😂 B", uppercase: true) == 3)
    #expect(CaptionText.offset(ofDrawnIndex: before, in: "A 😂 B", uppercase: true) == 2)
  }

  @Test func inRightToLeftTextHomeIsAtTheRight() throws {
    let text = "שלום עולם"
    let drawn = Rendered(text)
    let ink = drawn.inkColumns()
    let (left, right) = (Double(try #require(ink.first)), Double(try #require(ink.last)))
    let tolerance = drawn.tolerance
    let end = text.unicodeScalars.count
    #expect(abs(drawn.caretX(0) - right) <= tolerance, "Home \(drawn.caretX(0)) vs ink to \(right)")
    #expect(abs(drawn.caretX(end) - left) <= tolerance, "End \(drawn.caretX(end)) vs ink from \(left)")
    let gap = try #require(drawn.gaps().first)
    let x = drawn.caretX(4)  // after the first word
    #expect(Double(gap.lowerBound) - tolerance <= x && x <= Double(gap.upperBound) + tolerance)
    // Clicking at the right end puts the caret at the start of the text.
    let middleY = drawn.caption.inkRect.y + drawn.caption.inkRect.height / 2
    #expect(drawn.caption.index(at: (right + 50, middleY)) == 0)
    #expect(drawn.caption.index(at: (left - 50, middleY)) == text.utf8.count)
  }

  @Test func clicksOnCaretsComeBackToTheirPositions() {
    for text in ["HELLO WORLD", "A 😂 B", "two\nlines here"] {
      let drawn = Rendered(text)
      let typed = drawn.typed
      for offset in 0...typed.unicodeScalars.count {
        let index = CaptionText.drawnIndex(ofOffset: offset, in: typed, uppercase: true)
        let caret = drawn.caption.caretRect(atIndex: index)
        let hit = drawn.caption.index(at: (caret.x, caret.y + caret.height / 2))
        #expect(
          CaptionText.offset(ofDrawnIndex: hit, in: typed, uppercase: true) == offset,
          "'\(text)' offset \(offset)")
      }
    }
  }

  @Test func aSelectionCoversTheInkOfWhatIsSelected() throws {
    let drawn = Rendered("HELLO WORLD")
    let ink = drawn.inkColumns()
    let (left, right) = (Double(try #require(ink.first)), Double(try #require(ink.last)))
    let all = drawn.caption.selectionRects(from: 0, to: 11)
    #expect(all.count == 1)
    let rect = try #require(all.first)
    #expect(abs(rect.x - left) <= drawn.tolerance && abs(rect.maxX - right) <= drawn.tolerance)
    // "WORLD" alone: from the gap to the right end.
    let world = try #require(drawn.caption.selectionRects(from: 6, to: 11).first)
    let gap = try #require(drawn.gaps().first)
    #expect(
      world.x >= Double(gap.lowerBound) - drawn.tolerance
        && world.x <= Double(gap.upperBound) + drawn.tolerance)
    #expect(drawn.caption.selectionRects(from: 4, to: 4).isEmpty)
    // Two lines selected whole: one rectangle per line, one under the other.
    let two = Rendered("two\nlines")
    let rects = two.caption.selectionRects(from: 0, to: "TWO\nLINES".utf8.count)
    #expect(rects.count == 2)
    if rects.count == 2 { #expect(rects[1].y >= rects[0].maxY - 1) }
  }

  @Test func positionsInTypedTextMapOntoTheDrawnText() {
    // Leading spaces are trimmed, "ß" becomes "SS", a tab becomes a space.
    let typed = "  straße\tok"
    #expect(CaptionText.drawnIndex(ofOffset: 0, in: typed, uppercase: true) == 0)
    #expect(CaptionText.drawnIndex(ofOffset: 2, in: typed, uppercase: true) == 0)
    #expect(CaptionText.drawnIndex(ofOffset: 7, in: typed, uppercase: true) == "STRASS".utf8.count)
    #expect(CaptionText.drawnIndex(ofOffset: 11, in: typed, uppercase: true) == "STRASSE OK".utf8.count)
    #expect(CaptionText.drawnIndex(ofOffset: 7, in: typed, uppercase: false) == "straß".utf8.count)
    #expect(CaptionText.offset(ofDrawnIndex: "STRASS".utf8.count, in: typed, uppercase: true) == 7)
    // Past the end of the drawn text (trailing spaces) stays at its end.
    #expect(CaptionText.drawnIndex(ofOffset: 5, in: "ab   ", uppercase: true) == 2)
  }
}
