// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeGraphics
import Foundation
import MemeCore
import Testing

/// Legal but extreme pictures render, and pictures beyond the limits fail with one line: never a
/// crash, from the real binary.
@Suite struct ExtremeShapeTests {
  static let shapes = [(1, 1), (1, 4000), (4000, 1), (20000, 20), (20, 20000)]

  @Test(arguments: shapes)
  func extremeShapesRenderAtTheirOwnSize(width: Int, height: Int) throws {
    let fixtures = try Fixtures()
    let input = try fixtures.write(fixtures.image(width: width, height: height), as: "in.png", format: .png)
    let output = fixtures.path("out.png")
    let result = try CommandLineRunner.run([
      "render", input, "--top", "one does not simply", "--bottom", "render a banner", "-o", output,
    ])
    #expect(result.status == 0, "\(width)×\(height): \(result.standardError)")
    let meme = try fixtures.decode(output)
    #expect(meme.width == width && meme.height == height)
  }

  /// 81 megapixels, within the default limit: JPEG both ways, as a camera's photo would go.
  @Test func aNineThousandPixelSquareRenders() throws {
    let fixtures = try Fixtures()
    let input = try fixtures.write(
      fixtures.image(width: 9000, height: 9000), as: "in.jpg", format: .jpeg(quality: 50))
    let output = fixtures.path("out.jpg")
    let result = try CommandLineRunner.run(
      ["render", input, "--top", "big", "--bottom", "picture", "-o", output, "--verbose"], timeout: 180)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput.contains("9000×9000"))
  }

  @Test func thePixelLimitItselfIsAllowedAndOnePixelMoreOpensSmaller() throws {
    let fixtures = try Fixtures()
    let input = try fixtures.write(fixtures.image(width: 300, height: 200), as: "in.png", format: .png)
    let output = fixtures.path("out.png")
    let atLimit = try CommandLineRunner.run([
      "render", input, "--top", "x", "-o", output, "--max-pixels", "60000",
    ])
    #expect(atLimit.status == 0, "\(atLimit.standardError)")
    #expect(atLimit.errorLines.isEmpty, "\(atLimit.standardError)")
    try FileManager.default.removeItem(atPath: output)
    let over = try CommandLineRunner.run([
      "render", input, "--top", "x", "-o", output, "--max-pixels", "59999",
    ])
    #expect(over.status == 0, "\(over.standardError)")
    #expect(over.errorLines.count == 1, "\(over.errorLines)")
    #expect(over.errorLines.first?.hasPrefix("warning: \(input): Opened at ") == true, "\(over.errorLines)")
    #expect(
      over.errorLines.first?.contains("over the limit of \(PixelCount.grouped(59999)) pixels") == true,
      "\(over.errorLines)")
    let size = try ImageLoader().pixelSize(ofImageAt: URL(fileURLWithPath: output))
    #expect(size.width * size.height <= 59999 && size.width * size.height > 50_000, "\(size)")
  }

  /// --width scales up as well as down, but not past the pixel limit: 1000 × 1000 widened to 20000
  /// would be 400 million pixels.
  @Test func wideningPastThePixelLimitIsRefused() throws {
    let fixtures = try Fixtures()
    let input = try fixtures.write(fixtures.image(width: 1000, height: 1000), as: "in.png", format: .png)
    let result = try CommandLineRunner.run([
      "render", input, "--width", "20000", "-o", fixtures.path("out.png"),
    ])
    #expect(result.status == 1)
    #expect(result.errorLines.count == 1, "\(result.errorLines)")
    let side = PixelCount.grouped(20000)
    #expect(result.errorLines.first?.hasPrefix("mememe: \(input): scaled to \(side) × \(side)") == true)
    #expect(result.errorLines.first?.contains("limit") == true, "\(result.errorLines)")
  }

  /// A PNG header promising more than `ImageLoader.largestFittedMultiple` times the limit (10001 ×
  /// 10000 against 6,000,000) is refused from the header, before any pixel memory is allocated. (A
  /// picture nearer the limit is read by rows and opened smaller. Under the default limit no side
  /// Cairo can hold reaches that far: 32767 × 32767 is under 11 times 100 MP.)
  @Test func aHeaderFarOverTheLimitIsRefused() throws {
    let fixtures = try Fixtures()
    let input = fixtures.path("huge.png")
    #expect(
      FileManager.default.createFile(
        atPath: input, contents: Data(Self.pngHeader(width: 10001, height: 10000))))
    let result = try CommandLineRunner.run([
      "render", input, "--top", "x", "-o", fixtures.path("out.png"), "--max-pixels", "6000000",
    ])
    #expect(result.status == 1)
    #expect(result.errorLines.count == 1)
    let (count, limit) = PixelCount.described(10001 * 10000, overLimit: 6_000_000)
    #expect(
      result.standardError.contains("(\(count)), more than the limit of \(limit)"),
      "\(result.standardError)")
  }

  /// A JPEG whose frame header was changed to a very wide size: the captions are prepared for the
  /// header's size while the picture decodes, which must not trap. Sides beyond 32767 pixels (and
  /// beyond libjpeg's 65500) are refused in one line; within them libjpeg fills the missing rows and
  /// the meme is rendered.
  @Test(arguments: [(60000, 20, false), (65535, 1, false), (20000, 20, true)])
  func aJPEGWithAForgedWideFrame(width: Int, height: Int, renders: Bool) throws {
    let fixtures = try Fixtures()
    var bytes = try ImageWriter.encode(fixtures.image(width: 64, height: 16), as: .jpeg(quality: 90))
    let frame = try #require(bytes.indices.first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 })
    bytes[frame + 5...frame + 8] = [
      UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF),
    ]
    let input = fixtures.path("wide.jpg")
    #expect(FileManager.default.createFile(atPath: input, contents: Data(bytes)))
    let output = fixtures.path("out.png")
    let result = try CommandLineRunner.run(["render", input, "--top", "wide", "-o", output])
    if renders {
      #expect(result.status == 0, "\(result.standardError)")
      let meme = try fixtures.decode(output)
      #expect(meme.width == width && meme.height == height)
    } else {
      #expect(result.status == 1)
      #expect(result.errorLines.count == 1, "\(result.standardError)")
      #expect(result.standardError.hasPrefix("mememe: \(input): "))
    }
  }

  /// A PNG with a header of the given size and no pixel data: an empty compressed stream, then the end.
  static func pngHeader(width: Int, height: Int) -> [UInt8] {
    func bigEndian(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(value >> (24 - 8 * $0) & 0xFF) } }
    // Length, type, data and a CRC over type and data, which libpng checks.
    func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
      let body = Array(type.utf8) + data
      let crc = body.withUnsafeBufferPointer { Int(crc32(0, $0.baseAddress, uInt($0.count))) }
      return bigEndian(data.count) + body + bigEndian(crc)
    }
    return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
      + chunk("IHDR", bigEndian(width) + bigEndian(height) + [8, 2, 0, 0, 0])
      + chunk("IDAT", [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]) + chunk("IEND", [])
  }
}
