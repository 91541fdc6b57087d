// SPDX-License-Identifier: GPL-3.0-or-later
import DiskTestSupport
import Foundation
import MemeCore
import PictureChecks
import Testing

/// The effects as export writes them, measured from the files: deep-fry gives the same bytes for one
/// seed, raises the saturation and leaves the captions' ink as it was unless it fries the text too;
/// More JPEG makes the 8 × 8 grid's edges show; black and white leaves no colour; a JPEG photo with
/// an effect is encoded whole.
@Suite(.enabled(if: JPEGTools.shouldRun, "needs cjpeg, djpeg and jpegtran (libjpeg-turbo-progs)"))
final class PictureEffectsTests {
  let folder = Fixtures.temporaryFolder()

  deinit { Fixtures.remove(folder) }

  /// cjpeg's test photo as a PNG, `smoothed` first (a photo without grain, whose block edges show
  /// once JPEG damages it) or `muted` (half grey: the colours of an everyday photo, where the test
  /// photo's are as strong as can be).
  func photo(smoothed: Bool = false, muted: Bool = false) throws -> URL {
    let jpeg = try JPEGTools.photo(width: 480, height: 320, options: ["-sample", "1x1"], in: folder)
    var image = try ImageLoader().load(contentsOf: jpeg)
    if smoothed {
      let small = try #require(image.scaled(toWidth: 60, height: 40))
      image = try #require(small.scaled(toWidth: 480, height: 320))
    }
    if muted {
      let grey = try #require(RasterImage(width: 480, height: 320, hasAlpha: true))
      grey.fill(with: RGBAColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 0.5))
      image.draw(grey, atX: 0, y: 0)
    }
    let png = folder.appendingPathComponent("photo-\(smoothed)-\(muted).png")
    try ImageWriter.write(image, to: .file(png), as: .png)
    return png
  }

  /// `captions` on `input`, written as PNG, as bytes and decoded.
  func export(_ captions: MemeCaptions, on input: URL, name: String) throws -> (
    bytes: Data, image: RasterImage
  ) {
    let output = folder.appendingPathComponent(name)
    try MemeExporter.export(captions, imageAt: input, to: .file(output), as: .png)
    return (try Data(contentsOf: output), try ImageLoader().load(contentsOf: output))
  }

  static func captions(_ effects: PictureEffects, top: String = "", bottom: String = "") -> MemeCaptions {
    MemeCaptions(top: top, bottom: bottom, effects: effects)
  }

  @Test func deepFryGivesTheSameBytesForOneSeedAndOthersForAnother() throws {
    let input = try photo()
    let fried = PictureEffects(deepFry: PictureEffects.defaultDeepFry, seed: 3)
    let first = try export(Self.captions(fried), on: input, name: "fried-1.png")
    let second = try export(Self.captions(fried), on: input, name: "fried-2.png")
    var reseeded = fried
    reseeded.seed = 4
    let other = try export(Self.captions(reseeded), on: input, name: "fried-other.png")
    #expect(first.bytes == second.bytes)
    #expect(first.bytes != other.bytes)
  }

  @Test func deepFryRaisesTheSaturation() throws {
    let input = try photo(muted: true)
    let plain = try export(Self.captions(.none), on: input, name: "plain.png")
    let fried = try export(
      Self.captions(PictureEffects(deepFry: PictureEffects.defaultDeepFry)), on: input, name: "fried.png")
    let before = PixelSamples(plain.image).meanSaturation
    let after = PixelSamples(fried.image).meanSaturation
    #expect(after >= 1.8 * before, "mean saturation \(before) → \(after)")
  }

  /// The pixels the captions cover wholly (the same drawn over black and over white): their ink.
  static func inkPixels(of captions: MemeCaptions, width: Int, height: Int) throws -> [(x: Int, y: Int)] {
    func drawn(over color: RGBAColor) throws -> PixelSamples {
      let picture = try #require(RasterImage(width: width, height: height, hasAlpha: false))
      picture.fill(with: color)
      var plain = captions
      plain.effects = .none
      return PixelSamples(try #require(MemeRenderer.rendered(plain, image: picture)))
    }
    let (black, white) = (try drawn(over: .black), try drawn(over: .white))
    return (0..<height).flatMap { y in (0..<width).map { (x: $0, y: y) } }.filter {
      black.color($0.x, $0.y) == white.color($0.x, $0.y)
    }
  }

  @Test func theCaptionsStayCrispUnlessTheTextIsFriedToo() throws {
    let input = try photo()
    let effects = PictureEffects(deepFry: 8)
    let captions = Self.captions(effects, top: "Fried", bottom: "Crisp text")
    let ink = try Self.inkPixels(of: captions, width: 480, height: 320)
    #expect(ink.count > 2000)
    let plain = PixelSamples(
      try export(Self.captions(.none, top: "Fried", bottom: "Crisp text"), on: input, name: "p.png").image)
    let fried = PixelSamples(try export(captions, on: input, name: "f.png").image)
    var withText = effects
    withText.friesText = true
    let friedText = PixelSamples(
      try export(Self.captions(withText, top: "Fried", bottom: "Crisp text"), on: input, name: "t.png").image)
    #expect(ink.allSatisfy { fried.color($0.x, $0.y) == plain.color($0.x, $0.y) })
    let changed = ink.count(where: { friedText.color($0.x, $0.y) != plain.color($0.x, $0.y) })
    #expect(changed > ink.count * 2 / 5, "frying the text changed \(changed) of \(ink.count) ink pixels")
  }

  @Test func moreJPEGMakesTheBlocksShow() throws {
    let input = try photo(smoothed: true)
    let plain = try export(Self.captions(.none), on: input, name: "smooth-plain.png")
    let damaged = try export(
      Self.captions(PictureEffects(moreJPEG: PictureEffects.defaultMoreJPEG)), on: input,
      name: "more-jpeg.png")
    let before = PixelSamples(plain.image).blockEdgeStep
    let after = PixelSamples(damaged.image).blockEdgeStep
    #expect(after >= 3 * before, "mean 8×8 edge step \(before) → \(after)")
  }

  @Test func blackAndWhiteLeavesNoColour() throws {
    let input = try photo()
    let image = try export(Self.captions(PictureEffects(isBlackAndWhite: true)), on: input, name: "bw.png")
      .image
    let samples = PixelSamples(image)
    let rgb = samples.rgb
    let coloured = stride(from: 0, to: rgb.count, by: 3).filter { (index: Int) -> Bool in
      rgb[index] != rgb[index + 1] || rgb[index + 1] != rgb[index + 2]
    }
    #expect(coloured.isEmpty, "\(coloured.count) pixels have colour")
    #expect(samples.standardDeviation(xs: 0..<480, ys: 0..<320) > 10, "the picture went flat")
  }

  @Test func aJPEGPhotoWithAnEffectIsEncodedWhole() throws {
    let photo = try JPEGTools.photo(width: 480, height: 320, options: [], in: folder)
    let summary = try MemeExporter.export(
      Self.captions(PictureEffects(isBlackAndWhite: true)), imageAt: photo,
      to: .file(folder.appendingPathComponent("bw.jpg")), as: .jpeg(quality: 90))
    guard case .encoded(let reason) = summary.encoding else {
      Issue.record("kept the photo's blocks under an effect")
      return
    }
    #expect(reason.contains("effects"))
  }
}
