// SPDX-License-Identifier: GPL-3.0-or-later
import DiskTestSupport
import Foundation
import PictureChecks
import Testing

@testable import MemeCore

/// After its first frame, a captioned opaque GIF writes only the pixels the source changes. The
/// captions' edges over a background of 255 colours are more than a palette holds, so the first
/// frame is dithered; what the frames leave alone must not be written again to undo that dithering
/// (which costs bytes and time on every frame, and moves the pixels it touches).
@Suite(.enabled(if: AnimationReferences.pillowAvailable || RequiredTools.areRequired))
struct GIFFrameRectangleTests {
  static let (width, height) = (160, 120)
  static let square = (top: 45, side: 30, step: 20)

  /// A diagonal ramp of 255 colours, and a square (the 256th) moving right by `step` a frame.
  static func rampWithAMovingSquare(frames: Int) -> GIFBuilder {
    let ramp = (0..<255).flatMap { index -> [UInt8] in
      [UInt8(index), UInt8(255 - index), UInt8((index * 7) % 256)]
    }
    let palette = ramp + [250, 250, 40]
    return GIFBuilder(
      width: width, height: height,
      frames: (0..<frames).map { step in
        GIFBuilder.Frame(width: width, height: height, palette: palette) { x, y in
          let left = step * square.step
          let inSquare =
            x >= left && x < left + square.side && y >= square.top && y < square.top + square.side
          return inSquare ? 255 : UInt8((x + 2 * y) % 255)
        }
      })
  }

  @Test func aFrameWritesOnlyWhereTheSquareWasAndIs() throws {
    let frameCount = 5
    let source = try AnimationSamples.write(Self.rampWithAMovingSquare(frames: frameCount))
    let output = ScratchFolder.unique("rectangles").appendingPathExtension("gif")
    try AnimationExporter.export(
      MemeCaptions(top: "a caption on top", bottom: "and one below"), imageAt: source, to: .file(output),
      as: .gif)

    let rectangles = try AnimationReferences.gifFrameRectanglesByPillow(output)
    #expect(rectangles.count == frameCount)
    #expect(rectangles.first == ImageRect(x: 0, y: 0, width: Double(Self.width), height: Double(Self.height)))
    for (index, rectangle) in rectangles.enumerated().dropFirst() {
      // Where the square was on the frame before and where it is now.
      let moved = ImageRect(
        x: Double((index - 1) * Self.square.step), y: Double(Self.square.top),
        width: Double(Self.square.side + Self.square.step), height: Double(Self.square.side))
      #expect(moved.contains(rectangle), "frame \(index) covers \(rectangle), beyond the square's \(moved)")
    }
    // And the frames still show the source there: the square is where it should be.
    let reading = try AnimationReferences.readByPillow(output)
    let sourceFrames = try AnimationSamples.frames(of: source)
    for (index, (written, original)) in zip(reading.frames, sourceFrames).enumerated().dropFirst() {
      let centre = (
        x: index * Self.square.step + Self.square.side / 2, y: Self.square.top + Self.square.side / 2
      )
      let (shown, given) = (
        written.color(atX: centre.x, y: centre.y), original.color(atX: centre.x, y: centre.y)
      )
      let difference = max(
        abs(shown.red - given.red), abs(shown.green - given.green), abs(shown.blue - given.blue))
      #expect(difference <= 3 / 255, "frame \(index): the square is \(shown), not \(given)")
    }
  }
}
