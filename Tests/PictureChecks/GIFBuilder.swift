// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeAnimation
import Foundation

/// GIFs made frame by frame exactly as described (rectangles, palettes, disposal methods,
/// transparent colours, delays), written by giflib: the inputs of the compositing tests, whose
/// expected frames come from ImageMagick, not from MemeMe's decoder.
public struct GIFBuilder: Sendable {
  public struct Frame: Sendable {
    public var left = 0
    public var top = 0
    public var width: Int
    public var height: Int
    /// RGB triples.
    public var palette: [UInt8]
    /// One palette index a pixel, row by row.
    public var indices: [UInt8]
    /// 0 unspecified, 1 leave, 2 clear to transparent, 3 restore the previous picture.
    public var disposal = 1
    public var transparentIndex = -1
    /// Hundredths of a second.
    public var delay = 10
    public var interlaced = false

    public init(
      left: Int = 0, top: Int = 0, width: Int, height: Int, palette: [UInt8], disposal: Int = 1,
      transparentIndex: Int = -1, delay: Int = 10, interlaced: Bool = false, index: (Int, Int) -> UInt8
    ) {
      self.left = left
      self.top = top
      self.width = width
      self.height = height
      self.palette = palette
      self.disposal = disposal
      self.transparentIndex = transparentIndex
      self.delay = delay
      self.interlaced = interlaced
      indices = (0..<height).flatMap { y in (0..<width).map { x in index(x, y) } }
    }
  }

  public var width: Int
  public var height: Int
  /// The NETSCAPE2.0 loop value (repeats after the first play; 0 for ever), or nil for none.
  public var loopValue: Int?
  public var frames: [Frame]

  public init(width: Int, height: Int, loopValue: Int? = 0, frames: [Frame]) {
    self.width = width
    self.height = height
    self.loopValue = loopValue
    self.frames = frames
  }

  public struct Failure: Error, CustomStringConvertible {
    public let description: String
  }

  public func bytes() throws -> [UInt8] {
    var error: Int32 = 0
    guard let writer = meme_gif_writer_new(Int32(width), Int32(height), Int32(loopValue ?? -1), &error) else {
      throw Failure(description: "giflib could not start a GIF (\(error))")
    }
    defer { meme_gif_writer_free(writer) }
    var output: [UInt8] = []
    func take() {
      var count = 0
      let bytes = meme_gif_writer_take(writer, &count)
      output += UnsafeBufferPointer(start: bytes, count: count)
    }
    for frame in frames {
      let status = frame.palette.withUnsafeBufferPointer { palette in
        frame.indices.withUnsafeBufferPointer { indices in
          var coded = meme_gif_frame(
            left: Int32(frame.left), top: Int32(frame.top), width: Int32(frame.width),
            height: Int32(frame.height),
            palette: palette.baseAddress, colors: Int32(frame.palette.count / 3),
            indices: indices.baseAddress,
            disposal: Int32(frame.disposal), transparent_index: Int32(frame.transparentIndex),
            delay_cs: Int32(frame.delay), interlaced: frame.interlaced ? 1 : 0)
          return meme_gif_writer_add(writer, &coded)
        }
      }
      guard Int(status) == MEME_ANIMATION_OK else {
        throw Failure(description: "giflib refused a frame (\(status))")
      }
      take()
    }
    guard Int(meme_gif_writer_finish(writer)) == MEME_ANIMATION_OK else {
      throw Failure(description: "giflib could not end the GIF")
    }
    take()
    return output
  }

  public func write(to url: URL) throws {
    try Data(bytes()).write(to: url)
  }
}

extension GIFBuilder {
  /// A GIF of `count` one-pixel frames, made by repeating one frame's bytes: a few bytes a frame,
  /// so a file of a million frames is quick to make (the hostile-file tests).
  public static func manyFrames(_ count: Int) throws -> [UInt8] {
    let one = try GIFBuilder(
      width: 1, height: 1, loopValue: nil,
      frames: [Frame(width: 1, height: 1, palette: [0, 0, 0, 255, 255, 255], delay: 0) { _, _ in 1 }]
    ).bytes()
    // The header and screen descriptor (13 bytes, no global colour table), then the frame, then the
    // trailer (1 byte).
    let frame = one[13..<(one.count - 1)]
    var bytes = Array(one[0..<13])
    bytes.reserveCapacity(13 + frame.count * count + 1)
    for _ in 0..<count { bytes += frame }
    bytes.append(0x3B)
    return bytes
  }
}

extension GIFBuilder {
  /// A GIF whose one `side` × `side` frame (blue, a red top-left pixel) comes after `blocks` empty
  /// comment extensions (3 bytes each): the extension flood of issue 48, which a loader that is
  /// handed everything up to the first frame reads in quadratic time.
  public static func extensionFlood(blocks: Int, side: Int) throws -> [UInt8] {
    let one = try GIFBuilder(
      width: side, height: side, loopValue: nil,
      frames: [
        Frame(width: side, height: side, palette: [0, 0, 255, 255, 0, 0]) { x, y in x == 0 && y == 0 ? 1 : 0 }
      ]
    ).bytes()
    // The header and screen descriptor (13 bytes, no global colour table), then the comments.
    var bytes = Array(one[0..<13])
    bytes.reserveCapacity(one.count + 3 * blocks)
    for _ in 0..<blocks { bytes += [0x21, 0xFE, 0x00] }
    bytes += one[13...]
    return bytes
  }
}
