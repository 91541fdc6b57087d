// SPDX-License-Identifier: GPL-3.0-or-later
import DiskTestSupport
import Foundation
import PictureChecks
import Testing

@testable import MemeCore

/// "Keep PNG": a PNG over a size limit stays a PNG, with fewer pixels, rather than becoming a JPEG.
/// Every file is written and read back by ImageMagick and exiftool, and its PNG header checked.
@Suite(.serialized) struct SizeFitterKeepingFormatTests {
  /// Width and height from a PNG's IHDR chunk, or nil when the bytes are not a PNG.
  static func pngHeaderSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
    let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    guard bytes.count >= 24, Array(bytes[0..<8]) == signature, Array(bytes[12..<16]) == Array("IHDR".utf8)
    else { return nil }
    let number = { (offset: Int) in bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
    return (number(16), number(20))
  }

  /// Limits a fair way under the meme's PNG: each is met by a smaller PNG, close to the limit,
  /// with the meme's aspect ratio and the description.
  @Test(arguments: [0.7, 0.3, 0.05])
  func aPNGOverTheLimitIsMadeSmallerAndStaysAPNG(share: Double) throws {
    let image = try SizeFitterTests.meme()
    let png = try ImageWriter.encode(image, as: .png, description: SizeFitterTests.description).count
    let limit = Int(Double(png) * share)
    let fitted = try SizeFitter.encode(
      image, as: .png, limit: limit, description: SizeFitterTests.description, strategy: .keepFormat)
    #expect(fitted.fit.format == .png && !fitted.fit.formatChanged)
    #expect(fitted.fit.isScaled && !fitted.fit.isNormalExport)
    let header = try #require(Self.pngHeaderSize(fitted.bytes), "the file is a PNG")
    #expect(header.width == fitted.fit.width && header.height == fitted.fit.height)
    #expect(header.width < image.width && header.height < image.height, "fewer pixels")
    let aspect = Double(header.width) / Double(header.height)
    #expect(abs(aspect - Double(image.width) / Double(image.height)) < 0.01, "the aspect ratio is kept")
    #expect(fitted.bytes.count >= limit * 85 / 100, "\(fitted.bytes.count) bytes for a limit of \(limit)")
    try SizeFitterTests.check(fitted, limit: limit, name: "keep-png-\(share)")
    #expect(fitted.fit.encodeCount <= 10, "\(fitted.fit.encodeCount) whole encodes")
  }

  /// A PNG that fits is the normal export, untouched.
  @Test func aPNGUnderTheLimitIsTheNormalExport() throws {
    let image = try SizeFitterTests.meme(width: 400, height: 300)
    let png = try ImageWriter.encode(image, as: .png, description: nil)
    let fitted = try SizeFitter.encodeKeepingFormat(image, as: .png, limit: png.count, description: nil)
    #expect(fitted.bytes == png && fitted.fit.isNormalExport && fitted.fit.encodeCount == 1)
  }

  /// The default strategy still makes a JPEG of the same picture under the same limit: the choice
  /// is the caller's.
  @Test func theDefaultStrategyChangesTheFormat() throws {
    let image = try SizeFitterTests.meme()
    let png = try ImageWriter.encode(image, as: .png, description: nil).count
    let fitted = try SizeFitter.encode(
      image, as: .png, limit: png / 3, description: nil, strategy: .largestJPEG)
    #expect(fitted.fit.formatChanged && Self.pngHeaderSize(fitted.bytes) == nil)
  }

  /// A JPEG asked to keep its format is fitted as a JPEG (quality first, then size).
  @Test func aJPEGKeepsBeingAJPEG() throws {
    let image = try SizeFitterTests.meme()
    let q90 = try ImageWriter.encode(image, as: .jpeg(quality: 90), description: nil).count
    let fitted = try SizeFitter.encodeKeepingFormat(
      image, as: .jpeg(quality: 90), limit: q90 / 2, description: nil)
    #expect(fitted.bytes.prefix(2) == [0xFF, 0xD8] && fitted.bytes.count <= q90 / 2)
  }

  /// Below what a 16-pixel PNG takes: one clear error naming the smallest try, and no file.
  @Test func anImpossibleLimitFails() throws {
    let image = try SizeFitterTests.meme(width: 400, height: 300)
    do {
      _ = try SizeFitter.encodeKeepingFormat(image, as: .png, limit: 60, description: nil)
      Issue.record("a 60-byte PNG was made")
    } catch {
      #expect(error.kind == .overSizeLimit)
      #expect(
        error.reason.contains("no PNG of the meme fits") && !error.reason.contains("\n"), "\(error.reason)")
    }
  }

  @Test func aStopEndsTheSearch() throws {
    let image = try SizeFitterTests.meme()
    let stop = Cancellation()
    stop.cancel()
    #expect {
      try SizeFitter.encodeKeepingFormat(image, as: .png, limit: 10_000, description: nil, cancellation: stop)
    } throws: { ($0 as? ImageError)?.kind == .cancelled }
  }
}

/// Limits as people write them, in the reader's locale.
@Suite struct LimitTextTests {
  @Test func limitsAreWholeUnitsWithoutADecimal() {
    let english = Locale(identifier: "en_US")
    let german = Locale(identifier: "de_DE")
    #expect(ByteSize.limitDescribed(25_000_000, locale: english) == "25 MB")
    #expect(ByteSize.limitDescribed(2_500_000, locale: english) == "2.5 MB")
    #expect(ByteSize.limitDescribed(2_500_000, locale: german) == "2,5 MB")
    #expect(ByteSize.limitDescribed(1_500_000_000, locale: german) == "1,5 GB")
    #expect(ByteSize.limitDescribed(400_000, locale: english) == "400 kB")
    #expect(
      ByteSize.limitDescribed(1_200_000_000_000, locale: german) == "1.200 GB", "grouped as the locale groups"
    )
    #expect(ByteSize.described(25_000_000, locale: english) == "25.0 MB", "a measured size keeps its tenth")
  }
}
