// SPDX-License-Identifier: GPL-3.0-or-later
import DiskTestSupport
import Foundation
import MemeCore
import PictureChecks
import Testing

/// Deep-fry as export draws it (fixed-point loops the compiler vectorises) against deep-fry as its
/// definition reads, computed here plainly in floating point: the colour sums, the unsharp mask over
/// the four neighbours, and the seeded grain with its tint. They may differ only by rounding.
@Suite(.enabled(if: JPEGTools.shouldRun, "needs cjpeg (libjpeg-turbo-progs) for the test photo"))
final class DeepFryReferenceTests {
  let folder = Fixtures.temporaryFolder()

  deinit { Fixtures.remove(folder) }

  @Test(arguments: [1, 5, 10])
  func exportFriesAsTheDefinitionSays(strength: Int) throws {
    let photo = try JPEGTools.photo(width: 240, height: 160, options: ["-sample", "1x1"], in: folder)
    let input = try ImageLoader().load(contentsOf: photo)
    let output = folder.appendingPathComponent("fried-\(strength).png")
    let effects = PictureEffects(deepFry: strength, seed: 11)
    try MemeExporter.export(
      MemeCaptions(top: "", bottom: "", effects: effects), imageAt: photo, to: .file(output), as: .png)
    let fried = PixelSamples(try ImageLoader().load(contentsOf: output))
    let expected = PlainDeepFry(
      strength: Double(strength) / Double(PictureEffects.strengths.upperBound), seed: effects.seed
    ).fried(PixelSamples(input))
    #expect(fried.rgb.count == expected.count)
    let differences = zip(fried.rgb, expected).map { abs($0 - $1) }
    let mean = differences.reduce(0, +) / Double(differences.count)
    let largest = differences.max() ?? 0
    // Rounding: the export's fixed point rounds the sharpening's halves (frequent where the amount
    // is a multiple of a quarter) one way or the other, and a channel's step of 1 grows with it.
    let withinOne = Double(differences.count(where: { $0 <= 1 })) / Double(differences.count)
    #expect(mean <= 0.3, "mean difference \(mean)")
    #expect(withinOne >= 0.995, "\(withinOne * 100)% of the channels within 1")
    #expect(largest <= 4, "largest difference \(largest)")
    // The effect is there at all: most channels moved.
    let moved = zip(fried.rgb, PixelSamples(input).rgb).count(where: { abs($0 - $1) >= 2 })
    #expect(moved > fried.rgb.count / 2)
  }
}

/// Deep-fry on an opaque picture, step by step in floating point.
struct PlainDeepFry {
  /// 0 to 1.
  let strength: Double
  let seed: UInt32

  /// The noise's hash of a pixel's place: its definition (the same place and seed, the same grain).
  func hash(_ x: Int, _ y: Int) -> UInt32 {
    var value = UInt32(x) &* 0x9E37_79B1 ^ (UInt32(y) &+ 0x7F4A_7C15) &* 0x85EB_CA77 ^ seed &* 0xC2B2_AE3D
    value ^= value >> 15
    value = value &* 0x2C1B_3C6D
    value ^= value >> 12
    value = value &* 0x297A_2D39
    value ^= value >> 15
    return value
  }

  /// The fried picture's red, green and blue, pixel by pixel, as `PixelSamples` holds them.
  func fried(_ picture: PixelSamples) -> [Double] {
    let (width, height) = (picture.width, picture.height)
    func clamped(_ value: Double) -> Double { min(255, max(0, value.rounded())) }
    // Saturation, contrast and warmth.
    let saturation = 1 + 2.5 * strength
    let contrast = 1 + 0.8 * strength
    let warmth = 24 * strength
    let offsets = [warmth, 0, -warmth].map { 128 * (1 - contrast) + $0 }
    var colours = [Double](repeating: 0, count: width * height * 3)
    for pixel in 0..<width * height {
      let (red, green, blue) = picture.color(pixel % width, pixel / width)
      let grey = 0.299 * red + 0.587 * green + 0.114 * blue
      for (channel, value) in [red, green, blue].enumerated() {
        colours[pixel * 3 + channel] = clamped(
          contrast * saturation * value + contrast * (1 - saturation) * grey + offsets[channel])
      }
    }
    // The unsharp mask over the four neighbours (the edge pixels repeated), then the grain.
    let amount = 1 + 2 * strength
    let noise = (48 * strength).rounded()
    func colour(_ x: Int, _ y: Int, _ channel: Int) -> Double {
      colours[(min(max(y, 0), height - 1) * width + min(max(x, 0), width - 1)) * 3 + channel]
    }
    var result = colours
    for y in 0..<height {
      for x in 0..<width {
        let hash = hash(x, y)
        let grain = (Double(hash & 0xFFFF) * (2 * noise + 1) / 65536).rounded(.down) - noise
        for channel in 0..<3 {
          let centre = colour(x, y, channel)
          let mean =
            (colour(x - 1, y, channel) + colour(x + 1, y, channel) + colour(x, y - 1, channel)
              + colour(x, y + 1, channel)) / 4
          let tint =
            noise > 0 ? (Double(hash >> UInt32(8 + 8 * channel) & 0xFF) * 9 / 256).rounded(.down) - 4 : 0
          result[(y * width + x) * 3 + channel] = clamped(
            (centre + amount * (centre - mean)).rounded() + grain + tint)
        }
      }
    }
    return result
  }
}
