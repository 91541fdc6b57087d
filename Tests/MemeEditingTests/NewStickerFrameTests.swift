// SPDX-License-Identifier: GPL-3.0-or-later
import MemeCore
import Testing

@testable import MemeEditing

/// Where Add Sticker puts a sticker: in the middle of the picture, its longer side a third of the
/// picture's shorter side, as wide for its height as its own picture.
struct NewStickerFrameTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var picture: (width: Int, height: Int)
    var sticker: (width: Int, height: Int)
    /// The sticker's size on the picture, in the picture's pixels.
    var expected: (width: Double, height: Double)
    var testDescription: String { "\(sticker) on \(picture)" }
  }

  nonisolated static let cases: [Case] = [
    Case(picture: (1200, 800), sticker: (300, 150), expected: (800.0 / 3, 400.0 / 3)),
    Case(picture: (1200, 800), sticker: (100, 400), expected: (200.0 / 3, 800.0 / 3)),
    Case(picture: (600, 1800), sticker: (64, 64), expected: (200, 200)),
    Case(picture: (1000, 1000), sticker: (1, 1000), expected: (1.0 / 3, 1000.0 / 3)),
  ]

  @Test(arguments: cases)
  func theStickerIsCentredAtAThirdOfTheShorterSideWithItsProportions(_ test: Case) {
    let (width, height) = test.picture
    let frame = StickerLayer.newFrame(
      pictureWidth: width, pictureHeight: height, stickerWidth: test.sticker.width,
      stickerHeight: test.sticker.height)
    let pixels = frame.pixels(width: width, height: height)
    #expect(abs(pixels.width - test.expected.width) < 1e-9, "\(pixels)")
    #expect(abs(pixels.height - test.expected.height) < 1e-9, "\(pixels)")
    #expect(abs(pixels.x + pixels.width / 2 - Double(width) / 2) < 1e-9)
    #expect(abs(pixels.y + pixels.height / 2 - Double(height) / 2) < 1e-9)
  }
}
