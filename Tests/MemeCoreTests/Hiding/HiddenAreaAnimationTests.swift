// SPDX-License-Identifier: GPL-3.0-or-later
import DiskTestSupport
import Foundation
import MemeCore
import PictureChecks
import Testing

/// Hiding and effects on an animated GIF apply to every frame, read back by Pillow (a decoder that is
/// not MemeMe's): the hidden area's blocks are one colour in each frame (and follow what moves
/// beneath), and deep-fry changes every frame, whose GIF palettes (made quickly, undithered, for
/// grainy frames) keep the fried colours.
@Suite(.enabled(if: AnimationReferences.pillowAvailable || RequiredTools.areRequired, "needs Pillow"))
struct HiddenAreaAnimationTests {
  static let area = HiddenArea(frame: RelativeRect(x: 0, y: 0, width: 1, height: 0.8), strength: 1)

  func exported(_ captions: MemeCaptions, name: String, as format: AnimationFormat = .gif) throws
    -> [RasterImage]
  {
    let source = try AnimationSamples.write(AnimationSamples.movingSquare())
    let output = ScratchFolder.unique(name).appendingPathExtension(format.fileExtension)
    try AnimationExporter.export(captions, imageAt: source, to: .file(output), as: format)
    return try AnimationReferences.readByPillow(output).frames
  }

  @Test func everyFrameIsPixelated() throws {
    let frames = try exported(MemeCaptions(top: "", bottom: "", layers: [.hidden(Self.area)]), name: "hidden")
    try #require(frames.count == AnimationSamples.delays.count)
    let first = try #require(frames.first)
    let rect = Self.area.pixelRect(pictureWidth: first.width, pictureHeight: first.height)
    let side = Int(Self.area.blockSide(forHeight: rect.height))
    var blockMeans: [[Double]] = []
    for (number, frame) in frames.enumerated() {
      let samples = PixelSamples(frame)
      var means: [Double] = []
      for blockY in stride(from: Int(rect.y), to: Int(rect.maxY), by: side) {
        for blockX in stride(from: Int(rect.x), to: Int(rect.maxX), by: side) {
          let xs = blockX..<min(blockX + side, Int(rect.maxX))
          let ys = blockY..<min(blockY + side, Int(rect.maxY))
          #expect(
            samples.standardDeviation(xs: xs, ys: ys) == 0, "frame \(number), block at \(blockX), \(blockY)")
          means.append(samples.luma(blockX, blockY))
        }
      }
      blockMeans.append(means)
    }
    #expect(
      Set(blockMeans.map { $0.map { Int($0) } }).count > 1, "the blocks did not follow the moving square")
  }

  @Test func deepFryChangesEveryFrame() throws {
    let plain = try exported(MemeCaptions(top: "", bottom: ""), name: "plain")
    let fried = try exported(
      MemeCaptions(top: "", bottom: "", effects: PictureEffects(deepFry: 6)), name: "fried")
    try #require(plain.count == fried.count && !plain.isEmpty)
    for (number, (a, b)) in zip(plain, fried).enumerated() {
      #expect(differingPixels(a, b) > a.width * a.height / 4, "frame \(number) was not fried")
    }
  }

  @Test func aFriedGIFKeepsTheFriedColours() throws {
    let captions = MemeCaptions(top: "", bottom: "", effects: PictureEffects(deepFry: 6))
    let gif = try exported(captions, name: "fried-gif")
    // Lossless WebP keeps every colour: the frames as drawn.
    let drawn = try exported(captions, name: "fried-webp", as: .webp(lossless: true, quality: 50))
    try #require(gif.count == drawn.count && !gif.isEmpty)
    for (number, (ours, exact)) in zip(gif, drawn).enumerated() {
      let (a, b) = (PixelSamples(ours), PixelSamples(exact))
      let error = zip(a.rgb, b.rgb).map { abs($0 - $1) }.reduce(0, +) / Double(a.rgb.count)
      #expect(error < 6, "frame \(number): mean error \(error) of 255")
    }
  }
}
