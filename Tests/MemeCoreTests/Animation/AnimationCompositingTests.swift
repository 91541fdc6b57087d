// SPDX-License-Identifier: GPL-3.0-or-later
import DiskTestSupport
import Foundation
import PictureChecks
import Testing

@testable import MemeCore

/// GIF frames are composed as a viewer shows them: every frame of generated GIFs (each disposal
/// method, transparent colours, frames smaller than the screen and offset, interlacing, one frame,
/// zero delays) equals ImageMagick's `-coalesce` of the same file, pixel for pixel.
@Suite(.enabled(if: AnimationReferences.imageMagickAvailable || RequiredTools.areRequired))
struct AnimationCompositingTests {
  /// Red, green, blue, white, black.
  static let palette: [UInt8] = [255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255, 0, 0, 0]

  typealias Frame = GIFBuilder.Frame

  static func checker(_ x: Int, _ y: Int) -> UInt8 { UInt8((x / 3 + y / 2) % 4) }

  /// A square of one colour.
  static func square(x: Int, y: Int, side: Int, colour: UInt8, disposal: Int = 1) -> Frame {
    Frame(left: x, top: y, width: side, height: side, palette: palette, disposal: disposal) { _, _ in colour }
  }

  static let cases: [(name: String, gif: GIFBuilder)] = [
    (
      "offsets on a larger screen",
      GIFBuilder(
        width: 40, height: 30,
        frames: [
          Frame(left: 5, top: 5, width: 20, height: 10, palette: palette, index: checker),
          Frame(left: 25, top: 15, width: 10, height: 12, palette: palette) { x, _ in UInt8(x % 3) },
        ])
    ),
    (
      "transparent colour",
      GIFBuilder(
        width: 40, height: 30,
        frames: [
          Frame(width: 40, height: 30, palette: palette, index: checker),
          Frame(width: 40, height: 30, palette: palette, transparentIndex: 4) { x, y in
            (x + y) % 3 == 0 ? 4 : 2
          },
          Frame(left: 8, top: 4, width: 16, height: 16, palette: palette, transparentIndex: 0) { x, y in
            UInt8((x * y) % 5)
          },
        ])
    ),
    (
      "disposal to background",
      GIFBuilder(
        width: 40, height: 30,
        frames: [
          Frame(width: 40, height: 30, palette: palette, disposal: 1, index: checker),
          square(x: 10, y: 10, side: 10, colour: 3, disposal: 2),
          square(x: 0, y: 0, side: 5, colour: 1, disposal: 2),
          square(x: 30, y: 20, side: 10, colour: 2),
        ])
    ),
    (
      "disposal to previous",
      GIFBuilder(
        width: 40, height: 30,
        frames: [
          Frame(width: 40, height: 30, palette: palette, disposal: 1, index: checker),
          Frame(left: 5, top: 5, width: 20, height: 10, palette: palette, disposal: 3) { _, _ in 3 },
          Frame(left: 15, top: 8, width: 10, height: 10, palette: palette, disposal: 3, transparentIndex: 0) {
            x, _ in UInt8(x % 2 == 0 ? 0 : 4)
          },
          square(x: 20, y: 5, side: 10, colour: 1),
        ])
    ),
    (
      "disposal to previous on the first frame",
      GIFBuilder(
        width: 40, height: 30,
        frames: [
          Frame(left: 2, top: 2, width: 20, height: 20, palette: palette, disposal: 3, index: checker),
          Frame(left: 10, top: 10, width: 20, height: 20, palette: palette, disposal: 1) { _, _ in 2 },
        ])
    ),
    (
      "one frame",
      GIFBuilder(
        width: 33, height: 17, loopValue: nil,
        frames: [Frame(width: 33, height: 17, palette: palette, index: checker)])
    ),
    (
      "zero delays",
      GIFBuilder(
        width: 24, height: 24, loopValue: 3,
        frames: (0..<4).map { step in
          Frame(left: step * 4, top: step * 4, width: 8, height: 8, palette: palette, delay: 0) { _, _ in
            UInt8(step)
          }
        })
    ),
    (
      "interlaced frames",
      GIFBuilder(
        width: 21, height: 13,
        frames: [
          Frame(width: 21, height: 13, palette: palette, interlaced: true) { _, y in UInt8(y % 5) },
          Frame(left: 3, top: 1, width: 11, height: 11, palette: palette, interlaced: true) { x, y in
            UInt8((x + 2 * y) % 5)
          },
        ])
    ),
  ]

  @Test(arguments: cases.indices)
  func framesEqualImageMagicksCoalescedFrames(index: Int) throws {
    let (name, gif) = Self.cases[index]
    let file = ScratchFolder.unique("composite").appendingPathExtension("gif")
    try gif.write(to: file)
    let expected = try AnimationReferences.coalescedByImageMagick(file)
    let reader = try AnimationReader(contentsOf: file)
    #expect(reader.info.width == gif.width && reader.info.height == gif.height, "\(name)")
    #expect(reader.info.frameCount == gif.frames.count, "\(name)")
    #expect(expected.count == gif.frames.count, "\(name): ImageMagick made \(expected.count) frames")
    var frame = 0
    while let delay = try reader.nextFrame() {
      #expect(delay == gif.frames[frame].delay * 10, "\(name), frame \(frame)")
      if frame < expected.count {
        let differing = differingPixels(reader.canvas, expected[frame])
        #expect(differing == 0, "\(name), frame \(frame): \(differing) pixels differ from ImageMagick's")
      }
      frame += 1
    }
    #expect(frame == gif.frames.count, "\(name)")
  }

  /// The play count follows the loop extension: none plays once, 0 for ever, n repeats n times
  /// after the first play.
  @Test(arguments: [(nil, 1), (0, 0), (1, 2), (4, 5)] as [(Int?, Int)])
  func thePlayCountComesFromTheLoopExtension(loopValue: Int?, plays: Int) throws {
    let gif = GIFBuilder(
      width: 8, height: 8, loopValue: loopValue,
      frames: [
        Frame(width: 8, height: 8, palette: Self.palette, index: Self.checker),
        Frame(width: 8, height: 8, palette: Self.palette) { _, _ in 1 },
      ])
    let file = ScratchFolder.unique("loop").appendingPathExtension("gif")
    try gif.write(to: file)
    #expect(try AnimationReader(contentsOf: file).info.playCount == plays)
  }

  /// A frame reaching past the screen is cut at its edge, as every viewer does.
  @Test func aFrameLargerThanTheScreenIsCut() throws {
    let gif = GIFBuilder(
      width: 10, height: 10,
      frames: [
        Frame(width: 10, height: 10, palette: Self.palette) { _, _ in 0 },
        Frame(left: 6, top: 6, width: 30, height: 30, palette: Self.palette) { _, _ in 2 },
      ])
    let file = ScratchFolder.unique("past-edge").appendingPathExtension("gif")
    try gif.write(to: file)
    let reader = try AnimationReader(contentsOf: file)
    _ = try reader.nextFrame()
    _ = try reader.nextFrame()
    #expect(reader.canvas.color(atX: 5, y: 5) == RGBAColor(red: 1, green: 0, blue: 0, alpha: 1))
    #expect(reader.canvas.color(atX: 9, y: 9) == RGBAColor(red: 0, green: 0, blue: 1, alpha: 1))
  }
}
