// SPDX-License-Identifier: GPL-3.0-or-later

/// Animated WebPs laid out chunk by chunk (RIFF, VP8X, ANIM, one ANMF a frame), with any canvas and
/// any number of frames: the hostile files of issue 48, where a few hundred kilobytes declare
/// thousands of frames or a gigapixel canvas. Every frame is the same 16 × 16 red square, lossless.
public enum WebPBuilder {
  /// A VP8L chunk (header, 15 bytes of data and a pad byte): a 16 × 16 opaque red square, as libwebp
  /// encodes it losslessly (Pillow's `Image.new("RGBA", (16, 16), "red").save(..., lossless=True)`).
  static let redSquareChunk: [UInt8] =
    Array("VP8L".utf8) + [15, 0, 0, 0, 47, 15, 192, 3, 0, 7, 16, 253, 143, 254, 7, 34, 162, 255, 1, 0]
  public static let squareSide = 16

  /// `frames` frames on a `width` × `height` canvas, each the red square at the top left corner
  /// (or at `offset`, in pixels, even), shown for `delay` milliseconds; `loopCount` 0 plays for ever.
  public static func animation(
    width: Int, height: Int, frames: Int, delay: Int = 100, loopCount: Int = 0,
    offset: (x: Int, y: Int) = (0, 0)
  ) -> [UInt8] {
    var body = Array("WEBP".utf8)
    // VP8X: the animation and alpha flags, three reserved bytes, the canvas less one (24 bits each).
    body += chunk("VP8X", [0x12, 0, 0, 0] + little24(width - 1) + little24(height - 1))
    // ANIM: a transparent background colour, then the loop count.
    body += chunk("ANIM", [0, 0, 0, 0, UInt8(loopCount & 0xFF), UInt8(loopCount >> 8 & 0xFF)])
    // ANMF: the offset (halved), the frame's size less one, its duration and its flags, then the frame.
    let frame = chunk(
      "ANMF",
      little24(offset.x / 2) + little24(offset.y / 2) + little24(squareSide - 1) + little24(squareSide - 1)
        + little24(delay) + [0] + redSquareChunk)
    body.reserveCapacity(body.count + frame.count * frames)
    for _ in 0..<frames { body += frame }
    return Array("RIFF".utf8) + little32(body.count) + body
  }

  private static func chunk(_ fourCC: String, _ payload: [UInt8]) -> [UInt8] {
    Array(fourCC.utf8) + little32(payload.count) + payload + (payload.count % 2 == 1 ? [0] : [])
  }

  private static func little24(_ value: Int) -> [UInt8] {
    [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF)]
  }

  private static func little32(_ value: Int) -> [UInt8] {
    little24(value) + [UInt8(value >> 24 & 0xFF)]
  }
}
