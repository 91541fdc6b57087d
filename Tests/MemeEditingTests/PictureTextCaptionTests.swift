// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore
import MemeEditing
import MemeTextReading
import PictureFixtures
import Testing

/// "Use the picture's text" without a display: a meme the engine drew (known captions on the
/// sunset test photo) is read with Tesseract, its lines become the top and bottom captions, Solid
/// hidden areas cover every pixel the old captions drew, and the meme made with new captions reads
/// as the new words and none of the old ones.
@Suite(.serialized) struct PictureTextCaptionTests {
  static let oldTop = "WHEN THE CODE COMPILES"
  static let oldBottom = "ON THE FIRST TRY"

  /// A reader of English, or nil where no recognition data is installed (the test then fails).
  static func reader() throws -> PictureTextReader {
    let languages = try #require(TextLanguages(names: ["eng"]), "Tesseract's English data is installed")
    return try #require(PictureTextReader(languages: languages))
  }

  /// The photo, and the meme drawn on a copy of it with the old captions.
  static func photoAndMeme() throws -> (photo: RasterImage, meme: RasterImage) {
    let url = Fixtures.picture(width: 1200, height: 800, name: "picture-text-photo.png")
    let photo = try ImageLoader().load(contentsOf: url)
    let meme = try #require(MemeRenderer.rendered(MemeCaptions(top: oldTop, bottom: oldBottom), image: photo))
    return (photo, meme)
  }

  /// A document showing `meme`, and the offer its words make, read as the editor reads them.
  static func documentAndOffer(_ meme: RasterImage) throws -> (EditorDocument, PictureTextOffer) {
    let image = EditorImage(url: URL(fileURLWithPath: "/meme.png"), full: meme, preview: meme)
    let document = EditorDocument()
    document.setImage(image)
    let view = try #require(PictureTextOffer.picture(of: image, transform: .identity))
    let text = try reader().read(view)
    return (document, PictureTextOffer(text: text, picture: view, source: image, transform: .identity))
  }

  @Test func theLinesInEachHalfBecomeItsCaptionAndSolidAreasCoverEveryPixelOfTheOldWords() throws {
    let (photo, meme) = try Self.photoAndMeme()
    let (document, offer) = try Self.documentAndOffer(meme)
    #expect(offer.text.text.contains("COMPILES"), "read: \(offer.text.text)")
    let captions = PictureTextCaptions(offer.text, layout: .classic)
    #expect(captions.top == Self.oldTop)
    #expect(captions.bottom == Self.oldBottom)

    document.usePictureText(offer)
    #expect(document.captions.top == Self.oldTop && document.captions.bottom == Self.oldBottom)
    let areas = document.layers.compactMap(\.hiddenArea)
    #expect(areas.count == captions.lines.count && !areas.isEmpty)
    for area in areas {
      guard case .solid(let color) = area.method else {
        Issue.record("a covering area is Solid, not \(area.method)")
        continue
      }
      // The colour around the words is the photo's: never the captions' white or black.
      let brightness = (color.red + color.green + color.blue) / 3
      #expect(brightness > 0.1 && brightness < 0.9, "\(color.hexString)")
    }
    // Every pixel the old captions changed lies under an area.
    let rects = areas.map { $0.pixelRect(pictureWidth: meme.width, pictureHeight: meme.height) }
    var inked = 0
    var uncovered = 0
    for y in 0..<meme.height {
      for x in 0..<meme.width where Self.differs(meme.color(atX: x, y: y), photo.color(atX: x, y: y)) {
        inked += 1
        let (px, py) = (Double(x) + 0.5, Double(y) + 0.5)
        if !rects.contains(where: { px >= $0.x && px < $0.maxX && py >= $0.y && py < $0.maxY }) {
          uncovered += 1
        }
      }
    }
    #expect(inked > 5000, "the old captions drew \(inked) pixels")
    #expect(uncovered == 0, "\(uncovered) pixels of the old captions are left uncovered")

    // One undo step takes it all back.
    document.undo()
    #expect(document.captions.top.isEmpty && document.captions.bottom.isEmpty && document.layers.isEmpty)
    document.redo()
    #expect(document.layers.count == areas.count)

    // New captions over the covered words: the meme reads as them, and as none of the old words.
    document.setText("HELLO FRIENDS", at: .top)
    document.setText("GOODBYE MONDAY", at: .bottom)
    let remade = try #require(MemeRenderer.rendered(document.captions, image: meme))
    let words = try Self.reader().read(remade).words.map(\.text)
    #expect(words.contains("FRIENDS") && words.contains("MONDAY"), "\(words)")
    for old in ["WHEN", "CODE", "COMPILES", "FIRST", "TRY"] {
      #expect(!words.contains(old), "\(old) is still read: \(words)")
    }
  }

  @Test func anOfferForAnotherPictureOrTransformChangesNothing() throws {
    let (_, meme) = try Self.photoAndMeme()
    let (document, offer) = try Self.documentAndOffer(meme)
    document.rotate(clockwise: true)
    #expect(!offer.matches(document))
    document.usePictureText(offer)
    #expect(document.captions.top.isEmpty && document.layers.isEmpty)
  }

  // MARK: - The split, from words placed by hand

  static func word(_ text: String, x: Double, y: Double, height: Double = 0.08) -> ReadWord {
    ReadWord(
      text: text, frame: RelativeRect(x: x, y: y, width: 0.1, height: height), confidence: 90, line: 0)
  }

  @Test func aWrappedCaptionIsJoinedBySpacesAndAGapKeepsANewLine() {
    let text = PictureText(ordering: [
      Self.word("ONE", x: 0.2, y: 0.02), Self.word("DOES", x: 0.4, y: 0.02),
      Self.word("NOT", x: 0.3, y: 0.11),
      Self.word("FAR", x: 0.3, y: 0.35),
      Self.word("BOTTOM", x: 0.3, y: 0.85),
    ])
    let captions = PictureTextCaptions(text, layout: .classic)
    #expect(captions.top == "ONE DOES NOT\nFAR")
    #expect(captions.bottom == "BOTTOM")
    #expect(captions.lines.count == 4)
    // Band: its upper band's text above, the lower band's below, as Classic.
    #expect(PictureTextCaptions(text, layout: .band) == captions)
  }

  @Test func aPosterPictureMakesItsFirstLineTheTitleAndTheRestTheSubtitle() {
    let text = PictureText(ordering: [
      Self.word("MOTIVATION", x: 0.3, y: 0.78, height: 0.07),
      Self.word("it", x: 0.3, y: 0.88, height: 0.04), Self.word("works", x: 0.42, y: 0.88, height: 0.04),
    ])
    let poster = PictureTextCaptions(text, layout: .poster)
    #expect(poster.top == "MOTIVATION")
    #expect(poster.bottom == "it works")
    // Classic keeps both lines below the middle together.
    let classic = PictureTextCaptions(text, layout: .classic)
    #expect(classic.top.isEmpty && classic.bottom == "MOTIVATION it works")
  }

  /// Whether two colours differ by more than the rounding of a PNG round trip.
  static func differs(_ a: RGBAColor, _ b: RGBAColor) -> Bool {
    max(abs(a.red - b.red), abs(a.green - b.green), abs(a.blue - b.blue)) > 2.0 / 255
  }
}
