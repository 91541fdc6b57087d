// SPDX-License-Identifier: GPL-3.0-or-later
import DiskTestSupport
import Foundation
import PictureChecks
import Testing

@testable import MemeCore

/// Fitting a meme under a size limit: the largest JPEG that fits, read back by decoders that are not
/// MemeMe's (djpeg, ImageMagick's identify), free of metadata but the description.
@Suite(.serialized) struct SizeFitterTests {
  static let folder: URL = {
    let url = ScratchFolder.path("size-fitter")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }()

  static let description = "Größe passt 👍\n<fits> & \"under\" the limit"

  /// A rendered meme on a photo-like picture (cjpeg's output of a generated photo, decoded).
  static func meme(width: Int = 1200, height: Int = 900) throws -> RasterImage {
    let photo = try JPEGTools.photo(width: width, height: height, options: [], in: folder, seed: 11)
    let picture = try ImageLoader().load(contentsOf: photo)
    return try #require(
      MemeRenderer.rendered(
        MemeCaptions(top: "when the file must fit", bottom: "it fits"), image: picture))
  }

  /// Sizes of the meme's normal files, for limits around them.
  struct Sizes {
    let png: Int
    let q95: Int
    let q70: Int
  }

  static func sizes(of image: RasterImage) throws -> Sizes {
    Sizes(
      png: try ImageWriter.encode(image, as: .png, description: description).count,
      q95: try ImageWriter.encode(image, as: .jpeg(quality: 95), description: description).count,
      q70: try ImageWriter.encode(image, as: .jpeg(quality: 70), description: description).count)
  }

  /// Writes `fitted`, checks it against the limit and reads it back: djpeg decodes it without a
  /// complaint, identify agrees on its size, exiftool finds the description and nothing else.
  static func check(_ fitted: FittedImage, limit: Int, name: String) throws {
    #expect(fitted.bytes.count == fitted.fit.byteCount)
    #expect(fitted.bytes.count <= limit, "\(fitted.bytes.count) bytes over the limit of \(limit)")
    let url = folder.appendingPathComponent("\(name).\(fitted.fit.format.fileExtension)")
    try Data(fitted.bytes).write(to: url)
    if case .jpeg = fitted.fit.format {
      let decoded = try JPEGTools.decode(url)
      #expect(decoded.width == fitted.fit.width && decoded.height == fitted.fit.height)
    }
    let identified = try identify(url)
    #expect(identified == "\(fitted.fit.width) \(fitted.fit.height)")
    try ExifToolReader.require()
    let tags = try ExifToolReader.read(url)
    #expect(
      tags.unexpected(allowingICCProfile: false).isEmpty, "\(tags.unexpected(allowingICCProfile: false))")
    if case .jpeg = fitted.fit.format {
      #expect(tags.xmpDescription == description && tags.altTextAccessibility == description)
    } else {
      #expect(tags.pngDescription == description)
    }
  }

  /// "W H" as ImageMagick reads the file.
  static func identify(_ url: URL) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/identify")
    process.arguments = ["-format", "%w %h", url.path]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }

  @Test func aPNGUnderTheLimitStaysThePNG() throws {
    let image = try Self.meme()
    let sizes = try Self.sizes(of: image)
    let fitted = try SizeFitter.encode(
      image, as: .png, limit: sizes.png + 1000, description: Self.description)
    #expect(fitted.fit.isNormalExport && !fitted.fit.formatChanged && fitted.fit.encodeCount == 1)
    #expect(fitted.bytes == (try ImageWriter.encode(image, as: .png, description: Self.description)))
    try Self.check(fitted, limit: sizes.png + 1000, name: "png-generous")
  }

  @Test func aJPEGUnderTheLimitStaysTheJPEG() throws {
    let image = try Self.meme()
    let normal = try ImageWriter.encode(image, as: .jpeg(quality: 90), description: Self.description)
    let fitted = try SizeFitter.encode(
      image, as: .jpeg(quality: 90), limit: normal.count, description: Self.description)
    #expect(fitted.fit.isNormalExport && fitted.fit.quality == 90 && fitted.bytes == normal)
  }

  /// Limits between the JPEG at quality 95 and at 70: the highest quality that fits, at full size,
  /// within 10% of the limit, the same file the JPEG encoder makes at that quality.
  @Test(arguments: [0.97, 0.75, 0.5, 0.25, 0.03])
  func aLimitWithinTheQualitiesFindsTheHighestQualityThatFits(between share: Double) throws {
    let image = try Self.meme()
    let sizes = try Self.sizes(of: image)
    let limit = sizes.q70 + Int(Double(sizes.q95 - sizes.q70) * share)
    let fitted = try SizeFitter.encode(image, as: .png, limit: limit, description: Self.description)
    let fit = fitted.fit
    #expect(fit.formatChanged && !fit.isNormalExport && !fit.isScaled)
    let quality = try #require(fit.quality)
    #expect((SizeFitter.lowestQuality..<SizeFitter.highestQuality).contains(quality))
    #expect(fitted.bytes.count * 10 >= limit * 9, "\(fitted.bytes.count) of \(limit)")
    // The highest quality that fits: one more does not.
    #expect(
      fitted.bytes
        == (try ImageWriter.encode(image, as: .jpeg(quality: quality), description: Self.description)))
    let higher = try ImageWriter.encode(image, as: .jpeg(quality: quality + 1), description: Self.description)
    #expect(higher.count > limit)
    #expect(fit.encodeCount <= 8, "\(fit.encodeCount) encodes")
    try Self.check(fitted, limit: limit, name: "quality-\(share)")
  }

  /// Limits below the JPEG at quality 70: quality 70, scaled down keeping the aspect ratio, within
  /// 10% of the limit.
  @Test(arguments: [0.8, 0.4, 0.1, 0.02])
  func aTightLimitScalesTheMemeDown(share: Double) throws {
    let image = try Self.meme()
    let sizes = try Self.sizes(of: image)
    let limit = Int(Double(sizes.q70) * share)
    let fitted = try SizeFitter.encode(
      image, as: .jpeg(quality: 90), limit: limit, description: Self.description)
    let fit = fitted.fit
    #expect(fit.isScaled && fit.quality == SizeFitter.lowestQuality && !fit.formatChanged)
    #expect(fit.width < image.width && fit.height < image.height)
    #expect(abs(Double(fit.width) / Double(fit.height) - 4.0 / 3) < 0.02)
    #expect(fitted.bytes.count * 10 >= limit * 9, "\(fitted.bytes.count) of \(limit)")
    #expect(fit.encodeCount <= 16, "\(fit.encodeCount) encodes")
    try Self.check(fitted, limit: limit, name: "scaled-\(share)")
  }

  /// A picture of 64 MCU rows or more is searched through samples of its rows: the answer is still
  /// the highest quality that fits, measured whole (or, scaled, within 5% of the limit), and the
  /// samples spare whole encodes.
  @Test(arguments: [0.5, 0.3]) func aTallPictureIsSearchedThroughSamples(share: Double) throws {
    let image = try Self.meme(width: 1200, height: 2400)
    let sizes = try Self.sizes(of: image)
    let qualityLimit = sizes.q70 + Int(Double(sizes.q95 - sizes.q70) * share)
    let byQuality = try SizeFitter.encode(image, as: .png, limit: qualityLimit, description: Self.description)
    let quality = try #require(byQuality.fit.quality)
    #expect(byQuality.fit.sampleEncodeCount > 0)
    #expect(byQuality.fit.encodeCount <= 4, "\(byQuality.fit.encodeCount) whole encodes")
    #expect(
      byQuality.bytes
        == (try ImageWriter.encode(image, as: .jpeg(quality: quality), description: Self.description)))
    let higher = try ImageWriter.encode(image, as: .jpeg(quality: quality + 1), description: Self.description)
    #expect(higher.count > qualityLimit)
    try Self.check(byQuality, limit: qualityLimit, name: "tall-quality-\(share)")

    let scaleLimit = Int(Double(sizes.q70) * share)
    let scaled = try SizeFitter.encode(
      image, as: .jpeg(quality: 90), limit: scaleLimit, description: Self.description)
    #expect(
      scaled.fit.isScaled && scaled.bytes.count * 100 >= scaleLimit * 90,
      "\(scaled.bytes.count) of \(scaleLimit)")
    #expect(scaled.fit.encodeCount <= 5, "\(scaled.fit.encodeCount) whole encodes")
    try Self.check(scaled, limit: scaleLimit, name: "tall-scaled-\(share)")
  }

  /// A JPEG photo whose blocks make a file within the limit keeps them; one whose block file is
  /// just over it is fitted from its pixels instead, the block path's try counted.
  @Test func theBlockPathIsKeptUnderTheLimitAndFittedOverIt() throws {
    let photo = try JPEGTools.photo(width: 1200, height: 896, options: [], in: Self.folder, seed: 5)
    let captions = MemeCaptions(top: "kept blocks", bottom: "under the limit")
    let blocks = Self.folder.appendingPathComponent("blocks-\(UUID().uuidString).jpg")
    let kept = try MemeExporter.export(
      captions, imageAt: photo, to: .file(blocks), as: .jpeg(quality: 90), description: Self.description,
      sizeLimit: 100_000_000)
    guard case .keptBlocks = kept.encoding else {
      Issue.record("the block path was not taken: \(kept.encoding.explanation)")
      return
    }
    let blockBytes = try Data(contentsOf: blocks).count
    #expect(kept.fit?.isNormalExport == true && kept.fit?.keptBlocks == true && kept.fit?.quality == nil)
    #expect(kept.fit?.byteCount == blockBytes)

    let limit = blockBytes - 1
    let fitted = Self.folder.appendingPathComponent("fitted-\(UUID().uuidString).jpg")
    let summary = try MemeExporter.export(
      captions, imageAt: photo, to: .file(fitted), as: .jpeg(quality: 90), description: Self.description,
      sizeLimit: limit)
    let fit = try #require(summary.fit)
    #expect(summary.encoding.explanation.contains("over the size limit"), "\(summary.encoding.explanation)")
    #expect(!fit.isNormalExport && !fit.keptBlocks && fit.quality != nil && fit.encodeCount >= 2)
    let size = try Data(contentsOf: fitted).count
    #expect(size <= limit && size == fit.byteCount)
  }

  /// Below what a 16-pixel JPEG with its tables and the description takes: one clear error.
  @Test(arguments: [1, 300, 1500]) func anImpossibleLimitFails(limit: Int) throws {
    let image = try Self.meme()
    #expect {
      try SizeFitter.encode(image, as: .png, limit: limit, description: Self.description)
    } throws: { error in
      guard let error = error as? ImageError, error.kind == .overSizeLimit else { return false }
      return error.reason.contains("no JPEG of the meme fits") && !error.reason.contains("\n")
    }
  }

  /// The smallest picture it goes down to is 16 pixels on the short side, and that one is tried.
  @Test func theSmallestTryIsSixteenPixelsHigh() throws {
    let image = try Self.meme(width: 400, height: 300)
    let small = try SizeFitter.encode(image, as: .png, limit: 4000, description: nil)
    #expect(small.fit.height >= SizeFitter.minimumShortSide)
    do {
      _ = try SizeFitter.encode(image, as: .png, limit: 700, description: nil)
      Issue.record("a 700-byte limit was met")
    } catch {
      #expect(error.kind == .overSizeLimit)
      #expect(error.reason.contains("21 × 16 pixels"), "\(error.reason)")
    }
  }

  /// A translucent meme becomes a JPEG on white, as the JPEG encoder flattens it.
  @Test func aTranslucentMemeIsFlattenedOnWhite() throws {
    let image = try #require(RasterImage(width: 300, height: 200, hasAlpha: true))
    let png = try ImageWriter.encode(image, as: .png)
    let fitted = try SizeFitter.encode(image, as: .png, limit: png.count - 1, description: nil)
    let decoded = try ImageLoader().load(data: fitted.bytes, name: "flattened")
    #expect(decoded.color(atX: 10, y: 10).red > 0.98)
  }

  @Test func aStopEndsTheSearch() throws {
    let image = try Self.meme()
    let stop = Cancellation()
    stop.cancel()
    #expect {
      try SizeFitter.encode(
        image, as: .jpeg(quality: 90), limit: 10_000, description: nil, cancellation: stop)
    } throws: { ($0 as? ImageError)?.kind == .cancelled }
  }

  /// The file name follows the format: `meme.png` becomes `meme.jpg`.
  @Test func aFormatChangeRenamesTheFile() throws {
    let fit = SizeFit(
      limit: 10, requestedFormat: .png, format: .jpeg(quality: 80), width: 1, height: 1, originalWidth: 1,
      originalHeight: 1, byteCount: 10, encodeCount: 2, isNormalExport: false)
    #expect(fit.fileURL(for: URL(fileURLWithPath: "/a/meme.png")).path == "/a/meme.jpg")
    #expect(fit.fileURL(for: URL(fileURLWithPath: "/a/meme")).path == "/a/meme.jpg")
    let same = SizeFit(
      limit: 10, requestedFormat: .jpeg(quality: 90), format: .jpeg(quality: 80), width: 1, height: 1,
      originalWidth: 1, originalHeight: 1, byteCount: 10, encodeCount: 2, isNormalExport: false)
    #expect(same.fileURL(for: URL(fileURLWithPath: "/a/meme.jpeg")).path == "/a/meme.jpeg")
  }

  @Test func sizesAreReadAsPeopleWriteThem() {
    #expect(ByteSize.parse("8M") == 8_000_000)
    #expect(ByteSize.parse("8 MB") == 8_000_000)
    #expect(ByteSize.parse("8mb") == 8_000_000)
    #expect(ByteSize.parse("500K") == 500_000)
    #expect(ByteSize.parse("2.5M") == 2_500_000)
    #expect(ByteSize.parse("1MiB") == 1_048_576)
    #expect(ByteSize.parse("1500000") == 1_500_000)
    #expect(ByteSize.parse("1G") == 1_000_000_000)
    for bad in ["", "M", "-1M", "0", "8X", "1.2.3M", "0.1", "ten", "1e9"] {
      #expect(ByteSize.parse(bad) == nil, "\(bad)")
    }
    let english = Locale(identifier: "en_US")
    #expect(ByteSize.described(7_891_234, locale: english) == "7.8 MB")
    #expect(ByteSize.described(7_999_999, locale: english) == "7.9 MB")
    #expect(ByteSize.described(999, locale: english) == "999 bytes")
    #expect(ByteSize.described(12_345, locale: english) == "12.3 kB")
  }

  /// The smaller copies are area averages: each pixel the mean of what it covers, fractions of
  /// pixels included, so a picture's mean colour stays.
  @Test func smallerCopiesAverageTheAreasTheyCover() throws {
    // 3 × 1: black, white, black; to 2 × 1 each pixel covers one and a half of them.
    let line = try #require(RasterImage(width: 3, height: 1, hasAlpha: false))
    let words = UnsafeMutableRawPointer(line.pixels).assumingMemoryBound(to: UInt32.self)
    (words[0], words[1], words[2]) = (0xFF00_0000, 0xFFFF_FFFF, 0xFF00_0000)
    line.markDirty()
    let halved = try #require(try JPEGTrials(line, name: "line").downscaledImage(width: 2, height: 1))
    // (1 × 0 + 0.5 × 255) / 1.5 = 85 in each channel.
    #expect(abs(halved.color(atX: 0, y: 0).red - 85.0 / 255) < 0.003)
    #expect(abs(halved.color(atX: 1, y: 0).red - 85.0 / 255) < 0.003)

    let picture = try Self.meme(width: 640, height: 480)
    let small = try #require(try JPEGTrials(picture, name: "meme").downscaledImage(width: 211, height: 158))
    func mean(_ image: RasterImage) -> Double {
      var sum = 0.0
      for y in 0..<image.height { for x in 0..<image.width { sum += image.color(atX: x, y: y).green } }
      return sum / Double(image.width * image.height)
    }
    #expect(abs(mean(small) - mean(picture)) < 0.005)
  }

  /// The positions the quality search steps along, and back.
  @Test func qualityPositionsRoundTrip() {
    for quality in 1...100 {
      #expect(SizeFitter.qualityFor(SizeFitter.qualityPosition(quality) + 1e-9) == quality)
    }
  }
}
