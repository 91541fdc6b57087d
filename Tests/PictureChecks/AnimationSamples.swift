// SPDX-License-Identifier: GPL-3.0-or-later
import DiskTestSupport
import Foundation
import MemeCore

/// The animation the round-trip tests and the editor's window tests caption: flat colours (so a
/// GIF palette holds them exactly), a square moving over a changing background, delays that differ,
/// zero among them, and a loop.
public enum AnimationSamples {
  /// Eight colours: the backgrounds and the square.
  public static let palette: [UInt8] = [
    40, 90, 160, 200, 60, 60, 70, 150, 80, 230, 200, 90, 120, 60, 140, 20, 20, 20, 250, 250, 250, 90, 200,
    220,
  ]
  /// Hundredths of a second.
  public static let delays = [7, 0, 12, 30, 5, 100]
  /// Plays three times (two repeats).
  public static let loopValue = 2

  public static func movingSquare(width: Int = 160, height: Int = 120) -> GIFBuilder {
    let frames = delays.indices.map { step in
      let (upper, lower) = (UInt8(step % 4), UInt8((step + 1) % 4 + 4))
      return GIFBuilder.Frame(width: width, height: height, palette: palette, delay: delays[step]) { x, y in
        let squareLeft = step * 20
        if x >= squareLeft, x < squareLeft + 30, y >= height / 3, y < height / 3 + 30 { return 5 }
        return y < height / 2 ? upper : lower
      }
    }
    return GIFBuilder(width: width, height: height, loopValue: loopValue, frames: frames)
  }

  /// Noise in a palette of 256 colours, a new pattern every frame (which compresses badly, so a size
  /// limit bites), with `delays` over and over, played for ever.
  public static func noise(width: Int, height: Int, frames: Int = delays.count) -> GIFBuilder {
    var state: UInt32 = 2_463_534_242
    let next = { () -> UInt8 in
      state ^= state << 13
      state ^= state >> 17
      state ^= state << 5
      return UInt8(truncatingIfNeeded: state)
    }
    let palette = (0..<768).map { _ in next() }
    return GIFBuilder(
      width: width, height: height, loopValue: 0,
      frames: (0..<frames).map { step in
        GIFBuilder.Frame(width: width, height: height, palette: palette, delay: delays[step % delays.count]) {
          _, _ in next()
        }
      })
  }

  /// How many frames `colourSteps` has.
  public static let stepCount = 10

  /// Step `index`'s colour: far from every other step's in red and green, so that no pixel of one
  /// step is within the GIF encoder's tolerance of another's, whichever comes first.
  public static func colour(ofStep index: Int) -> [UInt8] {
    [UInt8(25 * index), UInt8(250 - 25 * index), UInt8(index * 97 % 256)]
  }

  /// `stepCount` frames, each of one colour of its own, for the timing tests: with the default
  /// delays of 7 hundredths, step i is shown from 70·i to 70·i + 70 ms.
  public static func colourSteps(
    width: Int = 80, height: Int = 60, loopValue: Int? = 0,
    delays: [Int] = Array(repeating: 7, count: stepCount)
  ) -> GIFBuilder {
    let palette = (0..<stepCount).flatMap(colour(ofStep:))
    let frames = delays.indices.map { step in
      GIFBuilder.Frame(width: width, height: height, palette: palette, delay: delays[step]) { _, _ in
        UInt8(step % stepCount)
      }
    }
    return GIFBuilder(width: width, height: height, loopValue: loopValue, frames: frames)
  }

  /// Which of `colourSteps`' frames `frame` shows, told by the colour of its centre (where no top
  /// or bottom caption reaches); nil for none.
  public static func step(shownBy frame: RasterImage) -> Int? {
    let pixel = frame.color(atX: frame.width / 2, y: frame.height / 2)
    return (0..<stepCount).first { index in
      let expected = colour(ofStep: index).map { Double($0) / 255 }
      return abs(pixel.red - expected[0]) < 0.02 && abs(pixel.green - expected[1]) < 0.02
        && abs(pixel.blue - expected[2]) < 0.02
    }
  }

  public static func write(_ gif: GIFBuilder) throws -> URL {
    let file = ScratchFolder.unique("animation").appendingPathExtension("gif")
    try gif.write(to: file)
    return file
  }

  /// Every frame of the picture at `url` as MemeMe composes it (checked against ImageMagick by
  /// `AnimationCompositingTests`), copied.
  public static func frames(of url: URL) throws -> [RasterImage] {
    let reader = try AnimationReader(contentsOf: url)
    var frames: [RasterImage] = []
    while try reader.nextFrame() != nil {
      guard let frame = reader.canvas.copy() else {
        throw AnimationReferences.ReadingFailure(description: "no memory for a copy of a frame")
      }
      frames.append(frame)
    }
    return frames
  }
}
