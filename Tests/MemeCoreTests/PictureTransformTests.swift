// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore
import Testing

/// Crop, quarter turns and mirroring, checked pixel by pixel against a plain loop that moves each
/// pixel where the definition says it goes (no Cairo involved).
@Suite struct PictureTransformTests {
  /// A picture in which every pixel has its own colour.
  static func numbered(width: Int, height: Int) -> RasterImage {
    let image = RasterImage(width: width, height: height, hasAlpha: false)!
    for y in 0..<height {
      let row = UnsafeMutableRawPointer(image.pixels + y * image.stride).assumingMemoryBound(to: UInt32.self)
      for x in 0..<width {
        row[x] = 0xFF00_0000 | UInt32(x * 7 % 256) << 16 | UInt32(y * 13 % 256) << 8 | UInt32((x + y) % 256)
      }
    }
    image.markDirty()
    return image
  }

  /// The reference: crop, then `turns` clockwise quarter turns, then the mirrors, one pixel at a time.
  static func reference(_ source: RasterImage, _ transform: PictureTransform) -> RasterImage {
    let kept = transform.cropRect(sourceWidth: source.width, sourceHeight: source.height)
    let size = transform.outputSize(sourceWidth: source.width, sourceHeight: source.height)
    let output = RasterImage(width: size.width, height: size.height, hasAlpha: false)!
    for y in 0..<kept.height {
      for x in 0..<kept.width {
        var (ox, oy) = (x, y)
        switch transform.degrees {
        case 90: (ox, oy) = (kept.height - 1 - y, x)
        case 180: (ox, oy) = (kept.width - 1 - x, kept.height - 1 - y)
        case 270: (ox, oy) = (y, kept.width - 1 - x)
        default: break
        }
        if transform.flipsHorizontally { ox = size.width - 1 - ox }
        if transform.flipsVertically { oy = size.height - 1 - oy }
        let from = UnsafeRawPointer(source.pixels + (kept.y + y) * source.stride + (kept.x + x) * 4)
        let to = UnsafeMutableRawPointer(output.pixels + oy * output.stride + ox * 4)
        to.storeBytes(of: from.load(as: UInt32.self), as: UInt32.self)
      }
    }
    output.markDirty()
    return output
  }

  static func differingPixel(_ a: RasterImage, _ b: RasterImage) -> (Int, Int)? {
    guard a.width == b.width, a.height == b.height else { return (-1, -1) }
    for y in 0..<a.height {
      for x in 0..<a.width where a.color(atX: x, y: y) != b.color(atX: x, y: y) { return (x, y) }
    }
    return nil
  }

  static let cases: [PictureTransform] = {
    var all: [PictureTransform] = []
    for turns in 0..<4 {
      for (h, v) in [(false, false), (true, false), (false, true), (true, true)] {
        for crop in [nil, PixelRect(x: 3, y: 2, width: 11, height: 6)] {
          all.append(
            PictureTransform(crop: crop, quarterTurns: turns, flipsHorizontally: h, flipsVertically: v))
        }
      }
    }
    return all
  }()

  @Test(arguments: cases)
  func everyPixelGoesWhereTheDefinitionSays(transform: PictureTransform) throws {
    let source = Self.numbered(width: 17, height: 9)
    let rendered = try #require(transform.render(source))
    let expected = Self.reference(source, transform)
    #expect(Self.differingPixel(rendered, expected) == nil, "\(transform)")
  }

  /// A zoomed canvas draws a region magnified: every output pixel is one of the source's pixels.
  @Test func aMagnifiedRegionKeepsSharpPixels() throws {
    let source = Self.numbered(width: 40, height: 30)
    let region = ImageRect(x: 3.3, y: 2.7, width: 20.5, height: 12.25)
    let output = try #require(
      PictureTransform(quarterTurns: 1).render(source, region: region, outputWidth: 89, outputHeight: 53))
    let turned = Self.reference(source, PictureTransform(quarterTurns: 1))
    var colours = Set<UInt32>()
    for y in 0..<turned.height {
      for x in 0..<turned.width {
        colours.insert(UnsafeRawPointer(turned.pixels + y * turned.stride + x * 4).load(as: UInt32.self))
      }
    }
    for y in 0..<output.height {
      for x in 0..<output.width {
        let word = UnsafeRawPointer(output.pixels + y * output.stride + x * 4).load(as: UInt32.self)
        #expect(colours.contains(word), "pixel (\(x), \(y)) is a blend")
        if !colours.contains(word) { return }
      }
    }
  }

  @Test func turnsAndMirrorsFollowWhatIsSeen() {
    var transform = PictureTransform.identity
    transform.rotate(clockwise: true)
    #expect(transform.degrees == 90)
    transform.rotate(clockwise: false)
    transform.rotate(clockwise: false)
    #expect(transform.degrees == 270)
    // Mirrored left to right, a turn to the right of what is seen is a turn to the left underneath.
    transform = PictureTransform(flipsHorizontally: true)
    transform.rotate(clockwise: true)
    let source = Self.numbered(width: 5, height: 3)
    var seenThenTurned = Self.reference(source, PictureTransform(flipsHorizontally: true))
    seenThenTurned = Self.reference(seenThenTurned, PictureTransform(quarterTurns: 1))
    #expect(Self.differingPixel(Self.reference(source, transform), seenThenTurned) == nil)
    transform.flip(horizontally: true)
    #expect(!transform.flipsHorizontally)
  }

  @Test func aCropOutsideThePictureIsRefused() {
    let inside = PictureTransform(crop: PixelRect(x: 10, y: 10, width: 90, height: 40))
    #expect(inside.validated(sourceWidth: 100, sourceHeight: 50) != nil)
    for crop in [
      PixelRect(x: 11, y: 10, width: 90, height: 40), PixelRect(x: -1, y: 0, width: 5, height: 5),
      PixelRect(x: 0, y: 0, width: 0, height: 5), PixelRect(x: 0, y: 46, width: 5, height: 5),
    ] {
      #expect(PictureTransform(crop: crop).validated(sourceWidth: 100, sourceHeight: 50) == nil, "\(crop)")
    }
  }

  /// The export draws the cropped, turned region at the source's own pixels, and lays the captions
  /// out on it: the same as the reference transform with the engine's captions on top.
  @Test func aCroppedTurnedExportIsTheCropOfTheSourceWithCaptionsAtFullResolution() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("transform-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appendingPathComponent("in.png")
    let source = Self.numbered(width: 1600, height: 1000)
    try ImageWriter.write(source, to: input, as: .png)
    let transform = PictureTransform(
      crop: PixelRect(x: 200, y: 100, width: 900, height: 700), quarterTurns: 3, flipsVertically: true)
    let captions = MemeCaptions(top: "cropped", bottom: "and turned")
    let output = folder.appendingPathComponent("out.png")
    let summary = try MemeExporter.export(
      captions, imageAt: input, to: .file(output), as: .png, transform: transform)
    #expect(summary.width == 700 && summary.height == 900)
    let expected = Self.reference(try ImageLoader().load(contentsOf: input), transform)
    MemeRenderer.render(captions, onto: expected)
    let actual = try ImageLoader().load(contentsOf: output)
    #expect(Self.differingPixel(actual, expected) == nil)
  }
}
