// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeGraphics
import Foundation
import Testing

@testable import MemeCore

@Suite struct ImageIOLoaderTests {
  /// Where the stored red (top-left) and green (top-right) blocks must appear once upright, as
  /// (x, y) sample points in a 32×64 or 64×32 upright image.
  struct OrientationCase: Sendable, CustomStringConvertible {
    let orientation: Int
    let red: (Int, Int)
    let green: (Int, Int)
    var description: String { "orientation \(orientation)" }
  }

  static let orientationCases: [OrientationCase] = [
    // Stored 64×32: red at stored (8, 8), green at stored (56, 8).
    OrientationCase(orientation: 1, red: (8, 8), green: (56, 8)),
    OrientationCase(orientation: 2, red: (56, 8), green: (8, 8)),
    OrientationCase(orientation: 3, red: (56, 24), green: (8, 24)),
    OrientationCase(orientation: 4, red: (8, 24), green: (56, 24)),
    // Quarter turns: upright 32×64.
    OrientationCase(orientation: 5, red: (8, 8), green: (8, 56)),
    OrientationCase(orientation: 6, red: (24, 8), green: (24, 56)),
    OrientationCase(orientation: 7, red: (24, 56), green: (24, 8)),
    OrientationCase(orientation: 8, red: (8, 56), green: (8, 8)),
  ]

  @Test(arguments: orientationCases)
  func exifOrientedJPEGComesOutUpright(_ testCase: OrientationCase) throws {
    let bytes = Fixtures.jpeg(Fixtures.markedImage(), orientation: testCase.orientation)
    let image = try ImageLoader().load(data: bytes, name: "photo.jpg")
    let quarterTurn = testCase.orientation >= 5
    #expect(image.width == (quarterTurn ? 32 : 64))
    #expect(image.height == (quarterTurn ? 64 : 32))
    #expect(distance(image.color(atX: testCase.red.0, y: testCase.red.1), 1, 0, 0) < 40)
    #expect(distance(image.color(atX: testCase.green.0, y: testCase.green.1), 0, 1, 0) < 40)
  }

  @Test func tiffOrientationIsApplied() throws {
    let folder = Fixtures.temporaryFolder()
    defer { Fixtures.remove(folder) }
    let url = folder.appendingPathComponent("scan.tiff")
    Fixtures.write(Fixtures.tiff(Fixtures.saved(Fixtures.markedImage(), as: "tiff"), orientation: 6), to: url)
    let image = try ImageLoader().load(contentsOf: url)
    try #require(image.width == 32 && image.height == 64)
    #expect(distance(image.color(atX: 24, y: 8), 1, 0, 0) < 12)
    #expect(distance(image.color(atX: 24, y: 56), 0, 1, 0) < 12)
    #expect(try ImageLoader().pixelSize(ofImageAt: url) == (32, 64))
  }

  @Test func pixelSizeReadsTheHeaderAndOrientation() throws {
    let folder = Fixtures.temporaryFolder()
    defer { Fixtures.remove(folder) }
    let rotated = folder.appendingPathComponent("rotated.jpg")
    Fixtures.write(Fixtures.jpeg(Fixtures.markedImage(), orientation: 6), to: rotated)
    let png = folder.appendingPathComponent("plain.png")
    Fixtures.write(Fixtures.saved(Fixtures.markedImage(width: 40, height: 30), as: "png"), to: png)
    let loader = ImageLoader()
    #expect(try loader.pixelSize(ofImageAt: rotated) == (32, 64))
    #expect(try loader.pixelSize(ofImageAt: png) == (40, 30))
  }

  @Test func jpegKeepsItsColours() throws {
    let bytes = Fixtures.jpeg(Fixtures.markedImage(), quality: 90)
    let image = try ImageLoader().load(data: bytes, name: "photo.jpg")
    #expect(!image.hasAlpha)
    #expect(distance(image.color(atX: 8, y: 8), 1, 0, 0) < 30)
    #expect(distance(image.color(atX: 56, y: 8), 0, 1, 0) < 30)
    #expect(distance(image.color(atX: 32, y: 24), 0.5, 0.5, 0.5) < 8)
  }

  @Test func targetWidthGivesExactlyThatWidth() throws {
    let bytes = Fixtures.jpeg(Fixtures.markedImage(width: 800, height: 600))
    let loader = ImageLoader()
    // 200 is an exact DCT scale (1/4); 333 needs 3/8 (300 wide is too small), then resampling.
    for (target, expectedHeight) in [(200, 150), (333, 250), (800, 600), (1000, 750)] {
      let image = try loader.load(data: bytes, name: "photo.jpg", targetWidth: target)
      #expect(image.width == target)
      #expect(image.height == expectedHeight)
      #expect(distance(image.color(atX: 2, y: 2), 1, 0, 0) < 40)
      #expect(distance(image.color(atX: image.width - 3, y: 2), 0, 1, 0) < 40)
      #expect(distance(image.color(atX: image.width / 2, y: image.height / 2), 0.5, 0.5, 0.5) < 10)
    }
  }

  @Test func targetWidthScalesOtherFormatsToo() throws {
    let bytes = Fixtures.saved(Fixtures.markedImage(width: 400, height: 100), as: "png")
    let image = try ImageLoader().load(data: bytes, name: "wide.png", targetWidth: 100)
    #expect(image.width == 100 && image.height == 25)
    #expect(distance(image.color(atX: 1, y: 1), 1, 0, 0) < 10)
    #expect(distance(image.color(atX: 98, y: 1), 0, 1, 0) < 10)
  }

  @Test func targetWidthAppliesToTheUprightImage() throws {
    let bytes = Fixtures.jpeg(Fixtures.markedImage(), orientation: 6)
    let image = try ImageLoader().load(data: bytes, name: "photo.jpg", targetWidth: 16)
    #expect(image.width == 16)
    #expect(image.height == 32)
  }

  @Test func pngAlphaAndTransparencyAreKept() throws {
    let source = Fixtures.filled(width: 8, height: 8, red: 0.2, green: 0.6, blue: 1, alpha: 0.5)
    let image = try ImageLoader().load(data: Fixtures.saved(source, as: "png"), name: "alpha.png")
    #expect(image.hasAlpha)
    let color = image.color(atX: 3, y: 3)
    #expect(abs(color.alpha - 0.5) < 0.01)
    #expect(distance(color, 0.2, 0.6, 1) < 3)
  }

  @Test func opaquePNGWithAlphaChannelIsMarkedOpaque() throws {
    let source = Fixtures.filled(width: 8, height: 8, red: 1, green: 1, blue: 0)
    // An RGBA pixbuf saves as an RGBA PNG even though every pixel is opaque.
    let image = try ImageLoader().load(data: Fixtures.saved(source, as: "png"), name: "opaque.png")
    #expect(!image.hasAlpha)
    #expect(distance(image.color(atX: 0, y: 0), 1, 1, 0) < 0.5)
  }

  @Test func sixteenBitPNGsAreRead() throws {
    // 2×1, 16-bit RGB: pure blue, then mid grey (0x8080 per channel).
    let rows: [[UInt8]] = [[0, 0, 0, 0, 0xFF, 0xFF, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80]]
    let rgb = Fixtures.handmadePNG(width: 2, height: 1, bitDepth: 16, colorType: 2, rows: rows)
    let image = try ImageLoader().load(data: rgb, name: "deep.png")
    #expect(image.width == 2)
    #expect(distance(image.color(atX: 0, y: 0), 0, 0, 1) < 1)
    #expect(distance(image.color(atX: 1, y: 0), 128 / 255, 128 / 255, 128 / 255) < 1.5)
    // 16-bit grey with alpha: white at 50 %.
    let greyAlpha = Fixtures.handmadePNG(
      width: 1, height: 1, bitDepth: 16, colorType: 4, rows: [[0xFF, 0xFF, 0x80, 0x00]])
    let translucent = try ImageLoader().load(data: greyAlpha, name: "grey-alpha.png")
    #expect(translucent.hasAlpha)
    #expect(abs(translucent.color(atX: 0, y: 0).alpha - 0.5) < 0.01)
    #expect(distance(translucent.color(atX: 0, y: 0), 1, 1, 1) < 3)
  }

  @Test(arguments: ["bmp", "tiff", "webp"])
  func otherFormatsAreRead(_ type: String) throws {
    let options = type == "webp" ? [("quality", "100")] : []
    let bytes = Fixtures.saved(Fixtures.markedImage(), as: type, options: options)
    let image = try ImageLoader().load(data: bytes, name: "picture.\(type)")
    #expect(image.width == 64)
    #expect(image.height == 32)
    #expect(distance(image.color(atX: 8, y: 8), 1, 0, 0) < 12)
    #expect(distance(image.color(atX: 56, y: 8), 0, 1, 0) < 12)
  }

  @Test func gifFirstFrameIsRead() throws {
    let image = try ImageLoader().load(data: Fixtures.redPixelGIF, name: "dot.gif")
    #expect(image.width == 1)
    #expect(image.height == 1)
    #expect(distance(image.color(atX: 0, y: 0), 1, 0, 0) < 0.5)
    let animation = try ImageLoader().load(data: Fixtures.redThenBlueGIF, name: "blink.gif")
    #expect(distance(animation.color(atX: 0, y: 0), 1, 0, 0) < 0.5)
  }

  @Test func cmykJPEGsAreConvertedToRGB() throws {
    // Adobe-style inverted CMYK, as Photoshop writes it: red is C=0, M=Y=100 %, K=0, stored as
    // 255 - ink: (255, 0, 0, 255).
    let width = 16
    let height = 16
    var cmyk = [UInt8](repeating: 0, count: width * height * 4)
    for pixel in 0..<width * height {
      cmyk.replaceSubrange(pixel * 4..<pixel * 4 + 4, with: [255, 0, 0, 255])
    }
    let handle = tjInitCompress()
    defer { tjDestroy(handle) }
    var output: UnsafeMutablePointer<UInt8>?
    var size: UInt = 0
    let status = tjCompress2(
      handle, cmyk, Int32(width), 0, Int32(height), Int32(TJPF_CMYK.rawValue), &output, &size,
      Int32(TJSAMP_444.rawValue), 95, 0)
    try #require(status == 0)
    let bytes = Array(UnsafeBufferPointer(start: output, count: Int(size)))
    tjFree(output)
    let image = try ImageLoader().load(data: bytes, name: "print.jpg")
    #expect(distance(image.color(atX: 8, y: 8), 1, 0, 0) < 12)
  }

  @Test func supportedTypesAreListed() {
    #expect(ImageLoader.supportedMimeTypes.contains("image/webp"))
    #expect(ImageLoader.supportedFileExtensions.contains("jpeg"))
    #expect(ImageFormat(fileExtension: "JPG") == .jpeg(quality: 90))
    #expect(ImageFormat(fileExtension: "Png") == .png)
    #expect(ImageFormat(fileExtension: "gif") == nil)
  }
}
