// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

@testable import MemeCore

/// Big numbers in messages are grouped the reader's way and pixel counts read as megapixels.
@Suite struct PixelCountTests {
  private let english = Locale(identifier: "en_US")
  private let german = Locale(identifier: "de_DE")

  @Test func digitsAreGroupedForTheLocale() {
    #expect(PixelCount.grouped(900_000_000, locale: english) == "900,000,000")
    #expect(PixelCount.grouped(900_000_000, locale: german) == "900.000.000")
    #expect(PixelCount.grouped(999, locale: english) == "999")
  }

  @Test func largeCountsReadAsMegapixels() {
    #expect(PixelCount.described(900_000_000, locale: english) == "900 megapixels")
    #expect(PixelCount.described(100_000_000, locale: english) == "100 megapixels")
    #expect(PixelCount.described(1_500_000, locale: english) == "1.5 megapixels")
    #expect(PixelCount.described(1_500_000, locale: german) == "1,5 megapixels")
    #expect(PixelCount.described(1_073_676_289, locale: english) == "1,074 megapixels")
    #expect(PixelCount.described(60000, locale: english) == "60,000 pixels")
  }

  @Test func aCountJustOverItsLimitIsToldApartFromIt() {
    let pair = PixelCount.described(100_010_000, overLimit: 100_000_000, locale: english)
    #expect(pair.count == "100,010,000 pixels" && pair.limit == "100,000,000 pixels")
    let far = PixelCount.described(900_000_000, overLimit: 100_000_000, locale: english)
    #expect(far.count == "900 megapixels" && far.limit == "100 megapixels")
  }

  @Test func theMessageForAHugePictureIsReadable() throws {
    let error = #expect(throws: ImageError.self) {
      try ImageLimits.check(width: 30000, height: 30000, maxPixels: 100_000_000, name: "huge.png")
    }
    let reason = try #require(error?.reason)
    #expect(reason.contains("(\(PixelCount.described(900_000_000)))"), "\(reason)")
    #expect(reason.hasSuffix("more than the limit of \(PixelCount.described(100_000_000))"), "\(reason)")
    #expect(!reason.contains("900000000"), "\(reason)")
  }
}
