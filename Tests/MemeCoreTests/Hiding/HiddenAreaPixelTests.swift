import DiskTestSupport
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore
import PictureChecks
import Testing

/// A hidden area in what export writes, measured from the files: Pixelate's blocks are one colour
/// each and as ImageMagick's scaling down and up makes them, Blur leaves almost no edge, every pixel
/// outside is the picture's, and a JPEG photo keeps every block outside the area's MCUs.
@Suite(.enabled(if: JPEGTools.shouldRun, "needs cjpeg, djpeg and jpegtran (libjpeg-turbo-progs)"))
final class HiddenAreaPixelTests {
  let folder = Fixtures.temporaryFolder()

  deinit { Fixtures.remove(folder) }

  static let width = 512
  static let height = 384

  /// A photo-like PNG (cjpeg's test photo, decoded) and the picture it holds.
  func photo() throws -> (url: URL, image: RasterImage) {
    let jpeg = try JPEGTools.photo(
      width: Self.width, height: Self.height, options: ["-sample", "1x1"], in: folder)
    let image = try ImageLoader().load(contentsOf: jpeg)
    let png = folder.appendingPathComponent("photo.png")
    try ImageWriter.write(image, to: .file(png), as: .png)
    return (png, image)
  }

  /// `area` alone drawn on `input` and written as `format`, decoded again.
  func export(_ area: HiddenArea, on input: URL, as format: ImageFormat = .png, name: String) throws
    -> (url: URL, image: RasterImage)
  {
    let output = folder.appendingPathComponent(name)
    try MemeExporter.export(
      MemeCaptions(top: "", bottom: "", layers: [.hidden(area)]), imageAt: input, to: .file(output),
      as: format)
    return (output, try ImageLoader().load(contentsOf: output))
  }

  /// The area's pixels and its blocks' side, as the engine places them on the test picture.
  static func place(of area: HiddenArea) -> (rect: ImageRect, side: Int) {
    let rect = area.pixelRect(pictureWidth: width, pictureHeight: height)
    return (rect, Int(area.blockSide(forHeight: rect.height)))
  }

  @Test(arguments: HiddenArea.strengths.map { $0 })
  func pixelateMakesEveryBlockOneColourAndLeavesTheRest(strength: Int) throws {
    let (input, picture) = try photo()
    let area = HiddenArea(
      frame: RelativeRect(x: 0.1, y: 0.3, width: 0.55, height: 0.2), method: .pixelate, strength: strength)
    let (_, meme) = try export(area, on: input, name: "pixelate-\(strength).png")
    let (rect, side) = Self.place(of: area)
    #expect(Double(side) >= HiddenArea.minimumBlockSide && Double(side) >= rect.height / 3)
    let samples = PixelSamples(meme)
    let (x0, y0, x1, y1) = (Int(rect.x), Int(rect.y), Int(rect.maxX), Int(rect.maxY))
    for blockY in stride(from: y0, to: y1, by: side) {
      for blockX in stride(from: x0, to: x1, by: side) {
        let deviation = samples.standardDeviation(
          xs: blockX..<min(blockX + side, x1), ys: blockY..<min(blockY + side, y1))
        #expect(deviation == 0, "the block at \(blockX), \(blockY) holds more than one colour")
      }
    }
    // Outside the area every pixel is the picture's.
    let original = PixelSamples(picture)
    let outside = (0..<Self.height).flatMap { y in (0..<Self.width).map { (x: $0, y: y) } }
      .filter { !((x0..<x1).contains($0.x) && (y0..<y1).contains($0.y)) }
    #expect(outside.allSatisfy { samples.color($0.x, $0.y) == original.color($0.x, $0.y) })
    #expect(samples.standardDeviation(xs: x0..<x1, ys: y0..<y1) > 0, "the area is one flat colour")
  }

  /// ImageMagick's `-region … -scale P% -scale Q%` at the same block size is the reference.
  @Test func pixelateMatchesImageMagicksScalingDownAndUp() throws {
    try RequiredTools.require(AnimationReferences.imageMagickAvailable, "needs ImageMagick's convert")
    let (input, _) = try photo()
    // Strength 1 on a 96-pixel-high area: blocks of 32, which divide its 160 × 96 pixels.
    let area = HiddenArea(
      frame: RelativeRect(x: 64.0 / 512, y: 96.0 / 384, width: 160.0 / 512, height: 96.0 / 384), strength: 1)
    let (rect, side) = Self.place(of: area)
    try #require(side == 32 && Int(rect.width) % side == 0 && Int(rect.height) % side == 0)
    let (_, meme) = try export(area, on: input, name: "pixelate-reference.png")
    let reference = folder.appendingPathComponent("imagemagick.png")
    _ = try JPEGTools.run(
      "convert",
      [
        input.path, "-region", "\(Int(rect.width))x\(Int(rect.height))+\(Int(rect.x))+\(Int(rect.y))",
        "-scale", "\(100.0 / Double(side))%", "-scale", "\(100 * side)%", reference.path,
      ])
    let ours = PixelSamples(meme)
    let theirs = PixelSamples(try ImageLoader().load(contentsOf: reference))
    let inside = (xs: Int(rect.x)..<Int(rect.maxX), ys: Int(rect.y)..<Int(rect.maxY))
    let psnr = ours.psnr(against: theirs, xs: inside.xs, ys: inside.ys)
    #expect(psnr >= 40, "PSNR \(psnr) dB against ImageMagick")
  }

  @Test func blurTakesAwayNearlyAllTheAreasEdges() throws {
    let (input, picture) = try photo()
    let area = HiddenArea(frame: RelativeRect(x: 0.2, y: 0.2, width: 0.5, height: 0.4), method: .blur)
    let (_, meme) = try export(area, on: input, name: "blur.png")
    let rect = Self.place(of: area).rect
    let xs = Int(rect.x)..<Int(rect.maxX)
    let ys = Int(rect.y)..<Int(rect.maxY)
    let before = PixelSamples(picture).laplacianVariance(xs: xs, ys: ys)
    let after = PixelSamples(meme).laplacianVariance(xs: xs, ys: ys)
    #expect(before > 10, "the photo has no detail to take away")
    #expect(after <= before * 0.05, "Laplacian variance \(before) → \(after)")
  }

  @Test func solidCoversTheAreaWithItsColour() throws {
    let (input, _) = try photo()
    let color = RGBAColor(red: 1, green: 0, blue: 1)
    let area = HiddenArea(frame: RelativeRect(x: 0.5, y: 0.5, width: 0.7, height: 0.7), method: .solid(color))
    let (_, meme) = try export(area, on: input, name: "solid.png")
    // Cut at the picture's edges.
    let rect = Self.place(of: area).rect
    #expect(rect.maxX == Double(Self.width) && rect.maxY == Double(Self.height))
    let samples = PixelSamples(meme)
    #expect(samples.standardDeviation(xs: Int(rect.x)..<Self.width, ys: Int(rect.y)..<Self.height) == 0)
    #expect(samples.color(Int(rect.x), Int(rect.y)) == (255, 0, 255))
  }

  /// On a JPEG photo written as JPEG at quality 90, the block path re-encodes only the area's MCUs:
  /// every coefficient outside them is the photo's, and inside each block is one colour up to the
  /// JPEG's rounding.
  @Test func aJPEGPhotoKeepsEveryBlockOutsideTheArea() throws {
    let photo = try JPEGTools.photo(
      width: Self.width, height: Self.height, options: ["-sample", "1x1"], in: folder)
    let area = HiddenArea(frame: RelativeRect(x: 0.25, y: 0.3, width: 0.4, height: 0.15))
    let meme = folder.appendingPathComponent("hidden.jpg")
    let summary = try MemeExporter.export(
      MemeCaptions(top: "", bottom: "", layers: [.hidden(area)]), imageAt: photo, to: .file(meme),
      as: .jpeg(quality: 90))
    guard case .keptBlocks = summary.encoding else {
      Issue.record("fell back: \(summary.encoding.explanation)")
      return
    }
    let (rect, side) = Self.place(of: area)
    let x0 = Int(rect.x) / 8 * 8
    let y0 = Int(rect.y) / 8 * 8
    let x1 = min(Self.width, (Int(rect.maxX) + 7) / 8 * 8)
    let y1 = min(Self.height, (Int(rect.maxY) + 7) / 8 * 8)
    let kept = try JPEGTools.keptBlocks(
      of: meme, from: photo, width: Self.width, height: Self.height, outside: x0, y0, x1, y1)
    #expect(
      kept.regionsWithOtherCoefficients.isEmpty, "coefficients changed: \(kept.regionsWithOtherCoefficients)")
    #expect(kept.strayBlocks.isEmpty, "blocks outside the area changed: \(kept.strayBlocks.prefix(5))")
    #expect(kept.changedInside > 20, "the area was not hidden")
    let samples = PixelSamples(try ImageLoader().load(contentsOf: meme))
    let (ax0, ay0, ax1, ay1) = (Int(rect.x), Int(rect.y), Int(rect.maxX), Int(rect.maxY))
    for blockY in stride(from: ay0, to: ay1, by: side) {
      for blockX in stride(from: ax0, to: ax1, by: side) {
        let deviation = samples.standardDeviation(
          xs: blockX..<min(blockX + side, ax1), ys: blockY..<min(blockY + side, ay1))
        #expect(deviation <= 2, "the block at \(blockX), \(blockY) varies by \(deviation)")
      }
    }
  }
}
