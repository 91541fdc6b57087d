// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore
import PictureChecks
import Testing

/// `mememe render --panels` written as GIF with an animated cell, read back by ImageMagick
/// (`convert -coalesce`): every frame of the animation in its cell, the still picture in every
/// frame of its own.
@Suite(.enabled(if: AnimationReferences.imageMagickAvailable, "needs ImageMagick"))
struct AnimatedPanelTests {
  /// Ten frames of 160 × 120, each one flat colour of the palette.
  static let frameCount = 10
  static let palette: [UInt8] = (0..<frameCount).flatMap { (step: Int) -> [UInt8] in
    let red: Int = step * 25
    let green: Int = 200 - step * 15
    let blue: Int = 40 + step * 20
    return [UInt8(red), UInt8(green), UInt8(blue)]
  }

  static func colour(ofFrame step: Int) -> RGBAColor {
    RGBAColor(
      red: Double(palette[step * 3]) / 255, green: Double(palette[step * 3 + 1]) / 255,
      blue: Double(palette[step * 3 + 2]) / 255)
  }

  static func isClose(_ first: RGBAColor, _ second: RGBAColor, within tolerance: Double = 0.04) -> Bool {
    abs(first.red - second.red) <= tolerance && abs(first.green - second.green) <= tolerance
      && abs(first.blue - second.blue) <= tolerance
  }

  @Test func aStackOfAnAnimationAndAStillHasEveryFrameWithTheStillInEach() throws {
    let fixtures = try Fixtures()
    let frames = (0..<Self.frameCount).map { step in
      GIFBuilder.Frame(width: 160, height: 120, palette: Self.palette, delay: 10) { _, _ in UInt8(step) }
    }
    let animation = try AnimationSamples.write(GIFBuilder(width: 160, height: 120, frames: frames))
    let still = try fixtures.write(fixtures.image(width: 160, height: 120), as: "still.png", format: .png)
    let output = fixtures.path("panels.gif")
    let result = try CommandLineRunner.run(
      ["render", "--panels", "2x1", animation.path, still, "-o", output])
    try #require(result.status == 0, "\(result.standardError)")
    let written = try AnimationReferences.coalescedByImageMagick(URL(fileURLWithPath: output))
    try #require(written.count == Self.frameCount, "\(written.count) frames")
    for (step, frame) in written.enumerated() {
      #expect(frame.width == 160 && frame.height == 240)
      // The animated cell above shows the frame of the moment.
      let shown = frame.color(atX: 80, y: 60)
      #expect(
        Self.isClose(shown, Self.colour(ofFrame: step)), "frame \(step): the animation's cell is \(shown)")
      // The still below, in every frame: its grey, and its red corner.
      let grey = frame.color(atX: 80, y: 180)
      #expect(
        Self.isClose(grey, RGBAColor(red: 0.5, green: 0.5, blue: 0.5)), "frame \(step): the still is \(grey)")
      #expect(Self.isClose(frame.color(atX: 4, y: 124), RGBAColor(red: 1, green: 0, blue: 0)))
    }
  }

  /// The shorter animation loops under the longer one's timeline.
  @Test func theShorterAnimationLoopsOnTheLongestsTimeline() throws {
    let fixtures = try Fixtures()
    func gif(_ steps: [Int]) throws -> URL {
      try AnimationSamples.write(
        GIFBuilder(
          width: 160, height: 120,
          frames: steps.map { step in
            GIFBuilder.Frame(width: 160, height: 120, palette: Self.palette, delay: 10) { _, _ in UInt8(step)
            }
          }))
    }
    let long = try gif(Array(0..<6))
    let short = try gif([7, 8])
    let output = fixtures.path("panels.gif")
    let result = try CommandLineRunner.run(["render", "--panels", "1x2", short.path, long.path, "-o", output])
    try #require(result.status == 0, "\(result.standardError)")
    let written = try AnimationReferences.coalescedByImageMagick(URL(fileURLWithPath: output))
    try #require(written.count == 6)
    for (step, frame) in written.enumerated() {
      #expect(
        Self.isClose(frame.color(atX: 80, y: 60), Self.colour(ofFrame: [7, 8][step % 2])), "frame \(step)")
      #expect(Self.isClose(frame.color(atX: 240, y: 60), Self.colour(ofFrame: step)), "frame \(step)")
    }
  }
}
