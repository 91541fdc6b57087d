// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore
import MemeEditing
import MemeTextReading
import PictureFixtures
import Testing

/// Hiding checks itself, without a display: the region of a hidden area, drawn as export draws it,
/// read with Tesseract. Pixelate and Blur over the whole of a line of 40-pixel letters leave nothing
/// to read at any strength (their blocks are at least a third of the area's height); a weak Blur
/// that leaves the letters' tops uncovered still reads.
@Suite(.serialized) struct HiddenAreaReadCheckTests {
  static let line = HiddenAreaReadPicture.line
  static let wholeLine = HiddenAreaReadPicture.wholeLine
  static let lowerHalf = HiddenAreaReadPicture.lowerHalf

  static func photoWithText() throws -> RasterImage { try HiddenAreaReadPicture.make() }

  static func read(_ area: HiddenArea, in photo: RasterImage) throws -> PictureText {
    let region = try #require(
      HiddenAreaReadCheck.region(of: area, in: photo, transform: .identity, layers: [.hidden(area)]))
    return try PictureTextCaptionTests.reader().read(region)
  }

  @Test func theLettersReadUnhiddenAndNotUnderPixelateOrBlurOverTheWholeLine() throws {
    let photo = try Self.photoWithText()
    #expect(try PictureTextCaptionTests.reader().read(photo).text == Self.line)
    for method in [HidingMethod.pixelate, .blur] {
      for strength in [1, HiddenArea.defaultStrength, 10] {
        let text = try Self.read(
          HiddenArea(frame: Self.wholeLine, method: method, strength: strength), in: photo)
        #expect(!HiddenAreaReadCheck.isStillReadable(text), "\(method) \(strength) read \(text.text)")
      }
    }
  }

  @Test func aWeakBlurLeavingTheLettersTopsUncoveredStillReads() throws {
    let photo = try Self.photoWithText()
    let text = try Self.read(HiddenArea(frame: Self.lowerHalf, method: .blur, strength: 1), in: photo)
    #expect(HiddenAreaReadCheck.isStillReadable(text), "read: \(text.text)")
  }

  /// The region is the meme as export draws it (the one renderer), cut around the area with a
  /// margin: the same pixels, and the captions left out.
  @Test func theRegionIsTheExportsPixelsAroundTheArea() throws {
    let photo = try Self.photoWithText()
    let area = HiddenArea(frame: Self.wholeLine, method: .pixelate)
    let region = try #require(
      HiddenAreaReadCheck.region(of: area, in: photo, transform: .identity, layers: [.hidden(area)]))
    let exported = try #require(
      MemeRenderer.rendered(MemeCaptions(top: "", bottom: "", layers: [.hidden(area)]), image: photo))
    let place = area.pixelRect(pictureWidth: 1200, pictureHeight: 800)
    let margin = max(HiddenArea.grid, place.height / 6)
    #expect(region.width == Int(place.width + 2 * margin) && region.height == Int(place.height + 2 * margin))
    let (x0, y0) = (Int(place.x - margin), Int(place.y - margin))
    for (x, y) in [
      (0, 0), (region.width / 2, region.height / 2), (region.width - 1, region.height - 1), (40, 30),
    ] {
      #expect(region.color(atX: x, y: y) == exported.color(atX: x0 + x, y: y0 + y), "(\(x), \(y))")
    }
  }
}
