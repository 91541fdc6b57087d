// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeGraphics
import Foundation
import PictureChecks
import PixelCompare
import Testing

@testable import MemeCore

/// Every line of a caption is drawn whole and centred: the ink actually drawn across each line's
/// rows spans the ink Pango measured for that line, outline included.
@Suite struct CaptionLineTests {
  static let shapes = [
    CaptionCases.small, CaptionCases.landscape, CaptionCases.portrait, CaptionCases.twelveMegapixels,
    CaptionCases.veryWide, CaptionCases.veryTall,
  ]

  @Test(arguments: shapes)
  func everyLineIsDrawnWholeAndCentred(shape: CaptionCases.Shape) {
    for pair in CaptionCases.pairs { Self.checkLines(of: pair.captions, named: pair.name, on: shape) }
  }

  /// The texts of Band and Poster, in their default styles (no outline) on their frames.
  @Test(arguments: [MemeLayoutKind.band, .poster], shapes)
  func everyFramedLineIsDrawnWholeAndCentred(layout: MemeLayoutKind, shape: CaptionCases.Shape) {
    for pair in CaptionCases.pairs {
      Self.checkLines(of: pair.captions(in: layout), named: "\(layout) \(pair.name)", on: shape)
    }
  }

  static func checkLines(of captions: MemeCaptions, named name: String, on shape: CaptionCases.Shape) {
    let picture = TestImages.grey(width: shape.width, height: shape.height)
    guard let (image, layout) = MemeRenderer.render(captions, picture: picture),
      let background = layout.frame.compose(TestImages.grey(width: shape.width, height: shape.height))
    else {
      Issue.record("\(name): out of memory")
      return
    }
    cairo_surface_flush(image.surface)
    for position in CaptionPosition.allCases {
      let caption = layout.caption(at: position)
      // A caption that does not fit is cut at its band on purpose.
      guard caption.fits else { continue }
      let lines = CaptionInk.lines(of: caption)
      let reach = caption.outlineWidth / 2 + 1
      var drawnLeft = Double.infinity
      var drawnRight = -Double.infinity
      var emojiAtEnds = false
      for (index, (line, logical, text)) in lines.enumerated() {
        // The line's rows, outline included, less those the lines above and below reach into.
        let top = max(line.y - reach, index > 0 ? lines[index - 1].ink.maxY + reach : -.infinity)
        let bottom = min(
          line.maxY + reach, index + 1 < lines.count ? lines[index + 1].ink.y - reach : .infinity)
        let drawn = CaptionInk.drawnSpan(in: image, over: background, rows: top..<bottom, band: caption.band)
        let context = "\(name), \(position) line \(index + 1) on \(shape.testDescription)"
        guard let drawn else {
          Issue.record("\(context): nothing drawn where Pango put \(line)")
          continue
        }
        // The outline reaches half its width past the glyphs; a pixel more for blending. An emoji
        // has no outline, and Pango measures its whole bitmap, transparent margins included, so
        // at an emoji end the drawn ink may stop up to a quarter of the font size short.
        let tolerance = caption.outlineWidth / 2 + 1.5
        let emojiMargin = caption.fontSize * 0.25
        let startsShort = text.first.map(Self.isEmoji) == true ? emojiMargin : 0
        let endsShort = text.last.map(Self.isEmoji) == true ? emojiMargin : 0
        #expect(
          drawn.first >= line.x - tolerance && drawn.first <= line.x + tolerance + startsShort,
          "\(context): starts at \(drawn.first), not \(line.x)")
        #expect(
          drawn.last <= line.maxX + tolerance && drawn.last >= line.maxX - tolerance - endsShort,
          "\(context): ends at \(drawn.last), not \(line.maxX)")
        // Lines are centred on one another by their advance (blank parts of glyphs such as a
        // CJK full stop included).
        let lineCentre = logical.x + logical.width / 2
        let firstCentre = lines[0].logical.x + lines[0].logical.width / 2
        #expect(
          abs(lineCentre - firstCentre) <= 1, "\(context): centred at \(lineCentre), not \(firstCentre)")
        drawnLeft = min(drawnLeft, drawn.first)
        drawnRight = max(drawnRight, drawn.last)
        emojiAtEnds = emojiAtEnds || startsShort > 0 || endsShort > 0
      }
      // The block of lines is centred in the band, by the ink drawn.
      guard drawnLeft <= drawnRight else { continue }
      let offCentre = abs((drawnLeft + drawnRight) / 2 - (caption.band.x + caption.band.width / 2))
      let allowed = 1.5 + (emojiAtEnds ? caption.fontSize * 0.125 : 0)
      #expect(
        offCentre <= allowed,
        "\(name), \(position) on \(shape.testDescription): \(offCentre) pixels off centre")
    }
  }

  static func isEmoji(_ character: Character) -> Bool {
    // Emoji by default, or a text symbol (☀) asked to show as emoji by a variation selector.
    character.unicodeScalars.contains { $0.properties.isEmojiPresentation || $0.value == 0xFE0F }
  }
}
