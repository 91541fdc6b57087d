// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeGraphics
import CMemeJPEG
import Foundation
import Testing

@testable import MemeCore

/// A JPEG or PNG over the pixel limit (up to 16 times it) opens smaller, within the limit, saying
/// from what size; the header size query agrees with what loading gives; a PNG averaged as its rows
/// arrive equals the whole-picture averaging of the same picture.
@Suite struct OpenedSmallerTests {
  let folder = Fixtures.temporaryFolder()

  /// 5,000 pixels: below a 100 x 60 picture's 6,000 and a 100 x 100 one's 10,000.
  let loader = ImageLoader(maxPixels: 5000)

  @Test func aJPEGOverTheLimitIsDecodedSmallerByTheDCTScaling() throws {
    let url = folder.appendingPathComponent("over.jpg")
    Fixtures.write(Fixtures.jpeg(Fixtures.noise(width: 100, height: 60, translucent: false)), to: url)
    let image = try loader.load(contentsOf: url)
    // 7/8 is the largest of libjpeg's scalings below 1 within the limit: 88 x 53 (4,664 pixels).
    #expect(image.width == 88 && image.height == 53)
    #expect(image.sizeInFile?.width == 100 && image.sizeInFile?.height == 60)
    #expect(try loader.pixelSize(ofImageAt: url) == (88, 53))
    #expect(image.openedSmaller?.message(locale: Locale(identifier: "en_US")) == "Opened at 0 MP")
    // Within the limit nothing changes, and nothing is said.
    let whole = try ImageLoader().load(contentsOf: url)
    #expect(whole.width == 100 && whole.sizeInFile == nil && whole.openedSmaller == nil)
  }

  /// The size counted is the upright one: a photo stored 100 x 60 and turned opens 53 wide.
  @Test func theUprightSizeCounts() throws {
    let url = folder.appendingPathComponent("turned.jpg")
    Fixtures.write(
      Fixtures.jpeg(Fixtures.noise(width: 100, height: 60, translucent: false), orientation: 6), to: url)
    let image = try loader.load(contentsOf: url)
    #expect(image.width == 53 && image.height == 88)
    #expect(image.sizeInFile?.width == 60 && image.sizeInFile?.height == 100)
    #expect(try loader.pixelSize(ofImageAt: url) == (53, 88))
  }

  @Test(arguments: [false, true])
  func aPNGOverTheLimitIsAveragedAsItsRowsArrive(translucent: Bool) throws {
    let source = Fixtures.noise(width: 100, height: 100, translucent: translucent)
    let url = folder.appendingPathComponent("over-\(translucent).png")
    Fixtures.write(Fixtures.saved(source, as: "png"), to: url)
    let image = try loader.load(contentsOf: url)
    // The largest size with the picture's shape within 5,000 pixels.
    #expect(image.width == 70 && image.height == 70)
    #expect(image.sizeInFile?.width == 100 && image.sizeInFile?.height == 100)
    #expect(image.hasAlpha == translucent)
    #expect(try loader.pixelSize(ofImageAt: url) == (70, 70))
    // The same averaging done on the whole decoded picture gives the same pixels (premultiplying
    // each row as it comes rounds as the whole picture's conversion does, to one level at most).
    let whole = try ImageLoader().load(contentsOf: url)
    let expected = try #require(RasterImage(width: 70, height: 70, hasAlpha: translucent))
    let columns = meme_downscale_axis_new(100, 70)
    let rows = meme_downscale_axis_new(100, 70)
    defer {
      meme_downscale_axis_free(columns)
      meme_downscale_axis_free(rows)
    }
    whole.flush()
    #expect(
      meme_downscale_rows(
        whole.pixels, Int32(whole.stride), expected.pixels, Int32(expected.stride), columns, rows, 0, 70) == 0
    )
    image.flush()
    var largest = 0
    for y in 0..<70 {
      for x in 0..<70 * 4 {
        largest = max(
          largest,
          abs(Int(image.pixels[y * image.stride + x]) - Int(expected.pixels[y * expected.stride + x])))
      }
    }
    #expect(largest <= 1, "channels differ by up to \(largest)")
  }

  /// An interlaced PNG cannot be read by rows: over the limit it is refused, as before; and beyond
  /// 16 times the limit any picture is.
  @Test func whatCannotOpenSmallerIsRefused() throws {
    let plain = folder.appendingPathComponent("plain.png")
    Fixtures.write(
      Fixtures.saved(Fixtures.noise(width: 100, height: 100, translucent: false), as: "png"), to: plain)
    let interlaced = folder.appendingPathComponent("interlaced.png")
    let convert = Process()
    convert.executableURL = URL(fileURLWithPath: "/usr/bin/convert")
    convert.arguments = [plain.path, "-interlace", "PNG", interlaced.path]
    try convert.run()
    convert.waitUntilExit()
    #expect(convert.terminationStatus == 0)
    #expect(throws: ImageError.self) { try loader.load(contentsOf: interlaced) }
    #expect(try loader.pixelSize(ofImageAt: interlaced) == (100, 100))
    let tiny = ImageLoader(maxPixels: 600)
    for url in [plain, interlaced] {
      do {
        _ = try tiny.load(contentsOf: url)
        Issue.record("\(url.lastPathComponent) opened at more than 16 times the limit")
      } catch {
        #expect(error.kind == .tooLarge)
      }
    }
  }

  @Test func theMessageWritesMegapixelsAsTheLocaleDoes() {
    let opened = OpenedSmaller(fileWidth: 12000, fileHeight: 9000, width: 10500, height: 7875)
    #expect(opened.message(locale: Locale(identifier: "en_US")) == "Opened at 83 MP")
    let small = OpenedSmaller(fileWidth: 4000, fileHeight: 3000, width: 3000, height: 2500)
    #expect(small.megapixels(locale: Locale(identifier: "de_DE")) == "7,5")
    #expect(small.megapixels(locale: Locale(identifier: "en_US")) == "7.5")
  }
}
