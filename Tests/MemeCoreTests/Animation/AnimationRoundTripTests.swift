// SPDX-License-Identifier: GPL-3.0-or-later
import DiskTestSupport
import Foundation
import PictureChecks
import Testing

@testable import MemeCore

/// An animation captioned and written as GIF or WebP, read back by Pillow: every frame, its delay
/// and the loop count are the source's; outside the caption bands every frame is the source frame
/// (within the GIF palette's error, or exactly for lossless WebP); and every line of every caption
/// is drawn on every frame, by the same line-by-line ink check as the still captions
/// (`CaptionLineTests`).
@Suite(.enabled(if: AnimationReferences.pillowAvailable || RequiredTools.areRequired))
struct AnimationRoundTripTests {
  static let captions = MemeCaptions(top: "moving square\nsecond line", bottom: "every frame\ncaptioned")

  struct Expectation: Sendable, CustomTestStringConvertible {
    let format: AnimationFormat
    /// The largest difference of a channel outside the captions, and of its mean over the frame.
    let largestError: Int
    let largestMeanError: Double
    /// The loop value Pillow reports (GIF: repeats after the first play; WebP: plays).
    let loop: Int
    var testDescription: String { "\(format)" }
  }

  static let expectations = [
    // The flat colours fit a palette exactly; the encoder leaves a pixel within 3 of what is shown.
    Expectation(format: .gif, largestError: 3, largestMeanError: 0.5, loop: AnimationSamples.loopValue),
    Expectation(format: .webp(lossless: true, quality: 50), largestError: 0, largestMeanError: 0, loop: 3),
    Expectation(
      format: .webp(lossless: false, quality: 90), largestError: 60, largestMeanError: 2.5, loop: 3),
  ]

  @Test(arguments: expectations)
  func framesDelaysAndLoopSurviveWithTheCaptionsOnEveryFrame(expectation: Expectation) throws {
    let source = try AnimationSamples.write(AnimationSamples.movingSquare())
    let output = ScratchFolder.unique("captioned").appendingPathExtension(expectation.format.fileExtension)
    let summary = try AnimationExporter.export(
      Self.captions, imageAt: source, to: .file(output), as: expectation.format)
    #expect(summary.frameCount == AnimationSamples.delays.count)
    #expect(summary.playCount == 3)

    let reading = try AnimationReferences.readByPillow(output)
    #expect(reading.frames.count == AnimationSamples.delays.count)
    #expect(reading.delays == AnimationSamples.delays.map { $0 * 10 })
    #expect(reading.loop == expectation.loop)
    // MemeMe reads its own file back the same way.
    let reread = try AnimationReader(contentsOf: output)
    #expect(reread.info.frameCount == AnimationSamples.delays.count && reread.info.playCount == 3)

    let sourceFrames = try AnimationSamples.frames(of: source)
    let layout = MemeLayout(captions: Self.captions, imageWidth: 160, imageHeight: 120)
    // The outline reaches half its width past a caption's band, and a pixel more for blending.
    let bands = CaptionPosition.allCases.map { position in
      let caption = layout.caption(at: position)
      let reach = caption.outlineWidth / 2 + 1
      return ImageRect(
        x: caption.band.x - reach, y: caption.band.y - reach, width: caption.band.width + 2 * reach,
        height: caption.band.height + 2 * reach)
    }
    for (index, (written, original)) in zip(reading.frames, sourceFrames).enumerated() {
      let error = Self.colourError(of: written, against: original, outside: bands)
      #expect(
        error.largest <= expectation.largestError,
        "frame \(index): a channel off by \(error.largest) at \(error.at), bands \(bands)")
      #expect(error.mean <= expectation.largestMeanError, "frame \(index): mean error \(error.mean)")
      Self.expectEveryLineDrawn(of: layout, on: written, over: original, frame: index)
    }
  }

  /// Crop, turn and flip and the Band layout apply to every frame: the picture part of each frame
  /// of a lossless WebP is the transformed source frame, pixel for pixel, under a band with its text.
  @Test func theTransformAndTheLayoutApplyToEveryFrame() throws {
    let source = try AnimationSamples.write(AnimationSamples.movingSquare())
    let output = ScratchFolder.unique("turned").appendingPathExtension("webp")
    let captions = MemeCaptions(
      top: "a band above", bottom: "", style: MemeLayoutKind.band.defaultStyle, layout: .band)
    let transform = PictureTransform(
      crop: PixelRect(x: 10, y: 5, width: 120, height: 100), quarterTurns: 1, flipsHorizontally: true)
    try AnimationExporter.export(
      captions, imageAt: source, to: .file(output), as: .webp(lossless: true, quality: 50),
      transform: transform)
    let reading = try AnimationReferences.readByPillow(output)
    let frame = MemeLayout(captions: captions, imageWidth: 100, imageHeight: 120).frame
    #expect(reading.frames.count == AnimationSamples.delays.count)
    for (index, (written, original)) in zip(reading.frames, try AnimationSamples.frames(of: source))
      .enumerated()
    {
      #expect(written.width == frame.width && written.height == frame.height, "frame \(index)")
      let turned = try #require(transform.render(original))
      guard let picture = Self.cut(written, x: frame.pictureX, y: frame.pictureY, width: 100, height: 120)
      else {
        Issue.record("frame \(index): no picture")
        continue
      }
      #expect(differingPixels(picture, turned) == 0, "frame \(index): the picture is not the turned source")
      // The band's text is drawn: the band above the picture is not one colour.
      let band = try #require(Self.cut(written, x: 0, y: 0, width: frame.width, height: frame.pictureY))
      #expect(Self.colours(in: band) > 2, "frame \(index): nothing drawn in the band")
    }
  }

  /// A free text box is drawn on every frame: its rectangle differs from the source on each.
  @Test func aTextBoxIsDrawnOnEveryFrame() throws {
    let source = try AnimationSamples.write(AnimationSamples.movingSquare())
    let output = ScratchFolder.unique("boxed").appendingPathExtension("gif")
    let box = TextBox(text: "boxed", frame: RelativeRect(x: 0.1, y: 0.35, width: 0.8, height: 0.3))
    let captions = MemeCaptions(top: "", bottom: "", layers: [box].map(MemeLayer.text))
    try AnimationExporter.export(captions, imageAt: source, to: .file(output), as: .gif)
    let reading = try AnimationReferences.readByPillow(output)
    for (index, (written, original)) in zip(reading.frames, try AnimationSamples.frames(of: source))
      .enumerated()
    {
      let changed = differingPixels(written, original, rows: 42..<78)
      #expect(changed > 200, "frame \(index): only \(changed) pixels of the box drawn")
    }
  }

  // MARK: Checks

  /// The largest channel difference (straight colour) and its mean, over the pixels outside `bands`.
  static func colourError(of image: RasterImage, against reference: RasterImage, outside bands: [ImageRect])
    -> (
      largest: Int, mean: Double, at: (x: Int, y: Int)
    )
  {
    var largest = 0
    var at = (x: 0, y: 0)
    var total = 0
    var count = 0
    for y in 0..<image.height {
      for x in 0..<image.width {
        let point = (x: Double(x) + 0.5, y: Double(y) + 0.5)
        if bands.contains(where: {
          point.x >= $0.x && point.x <= $0.maxX && point.y >= $0.y && point.y <= $0.maxY
        }) {
          continue
        }
        let (a, b) = (image.color(atX: x, y: y), reference.color(atX: x, y: y))
        for (p, q) in [(a.red, b.red), (a.green, b.green), (a.blue, b.blue), (a.alpha, b.alpha)] {
          let difference = Int((abs(p - q) * 255).rounded())
          if difference > largest { (largest, at) = (difference, (x, y)) }
          total += difference
          count += 1
        }
      }
    }
    return (largest, count > 0 ? Double(total) / Double(count) : 0, at)
  }

  /// Every non-empty line of every fitting caption of `layout` is drawn whole on `image` over
  /// `background`, as `CaptionLineTests` checks still captions (`CaptionInk`).
  static func expectEveryLineDrawn(
    of layout: MemeLayout, on image: RasterImage, over background: RasterImage, frame: Int
  ) {
    for fault in CaptionInk.faults(
      of: layout, on: image, over: background, linesPerCaption: 2, context: "frame \(frame)")
    {
      Issue.record(Comment(rawValue: fault))
    }
  }

  static func cut(_ image: RasterImage, x: Int, y: Int, width: Int, height: Int) -> RasterImage? {
    PictureTransform(crop: PixelRect(x: x, y: y, width: width, height: height)).render(image)
  }

  static func colours(in image: RasterImage) -> Int {
    var seen = Set<UInt32>()
    image.flush()
    for y in 0..<image.height {
      let row = UnsafeRawPointer(image.pixels + y * image.stride)
      for x in 0..<image.width { seen.insert(row.load(fromByteOffset: x * 4, as: UInt32.self)) }
    }
    return seen.count
  }
}
