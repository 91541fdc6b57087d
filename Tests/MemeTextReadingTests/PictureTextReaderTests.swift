// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore
import PictureFixtures
import Testing

@testable import MemeTextReading

/// The reader on memes drawn by the engine's renderer, where the words and their places are known.
@Suite struct PictureTextReaderTests {
  static let english = TextLanguages(names: ["eng"])!

  static func meme(
    top: String, bottom: String, layout: MemeLayoutKind = .classic, width: Int = 1920, height: Int = 1080,
    seed: UInt64 = 3
  ) throws -> RasterImage {
    let photo = PhotoBackgrounds.photo(width: width, height: height, seed: seed)
    return try #require(
      MemeRenderer.rendered(MemeCaptions(top: top, bottom: bottom, layout: layout), image: photo))
  }

  @Test func aClassicMemeIsReadTopLineFirstWithItsWordsWhereTheyAreDrawn() throws {
    let reader = try #require(PictureTextReader(languages: Self.english))
    let text = reader.read(try Self.meme(top: "when the code compiles", bottom: "on the first try"))
    #expect(text.lines == ["WHEN THE CODE COMPILES", "ON THE FIRST TRY"])
    let top = text.words.filter { $0.line == 0 }
    let bottom = text.words.filter { $0.line == 1 }
    #expect(top.allSatisfy { $0.frame.y + $0.frame.height < 0.3 }, "\(top)")
    #expect(bottom.allSatisfy { $0.frame.y > 0.7 }, "\(bottom)")
    // Left to right on a line.
    #expect(top.map(\.frame.x) == top.map(\.frame.x).sorted())
    #expect(text.hasWord(ofAtLeast: 8) && !text.hasWord(ofAtLeast: 9))
  }

  @Test func bandCaptionsDarkOnWhiteAreReadToo() throws {
    let reader = try #require(PictureTextReader(languages: Self.english))
    let text = reader.read(try Self.meme(top: "nobody:", bottom: "absolutely nobody at 3am", layout: .band))
    // The band's text, in the order drawn (the second caption wraps where the band is narrow).
    #expect(text.lines.joined(separator: " ") == "NOBODY: ABSOLUTELY NOBODY AT 3AM", "\(text.text)")
  }

  @Test func aPhotoWithoutTextReadsAsNothing() throws {
    let reader = try #require(PictureTextReader(languages: Self.english))
    for seed in UInt64(0)..<5 {
      let text = reader.read(PhotoBackgrounds.photo(width: 1280, height: 960, seed: seed))
      #expect(text.isEmpty, "seed \(seed): \(text.text)")
    }
  }

  @Test func aCancelledOrSpentReadingReadsNothing() throws {
    let reader = try #require(PictureTextReader(languages: Self.english))
    let meme = try Self.meme(top: "cancelled", bottom: "reading")
    let cancellation = Cancellation()
    cancellation.cancel()
    #expect(reader.read(meme, cancellation: cancellation).isEmpty)
    #expect(reader.read(meme, budget: .zero).isEmpty)
    // And the reader still reads after them.
    #expect(reader.read(meme).lines == ["CANCELLED", "READING"])
  }

  @Test func extremeShapesAreReadWithoutTrouble() throws {
    let reader = try #require(PictureTextReader(languages: Self.english))
    for (width, height) in [(1, 1), (4000, 3), (3, 4000), (12000, 900)] {
      let picture = try #require(RasterImage(width: width, height: height, hasAlpha: true))
      #expect(reader.read(picture).isEmpty)
    }
  }
}
