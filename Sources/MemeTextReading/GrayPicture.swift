// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore

/// An 8-bit grey picture, one byte a pixel, rows packed: what the recognizer is given. Dark is ink.
struct GrayPicture: Sendable {
  let width: Int
  let height: Int
  var bytes: [UInt8]

  init(width: Int, height: Int, bytes: [UInt8]) {
    precondition(bytes.count == width * height, "a grey picture has one byte a pixel")
    self.width = width
    self.height = height
    self.bytes = bytes
  }

  /// The picture's lightness, as dark ink on light paper: black captions on white (Band, Poster,
  /// a screenshot) read as they are. Transparent pixels are white paper.
  init(lightnessOf image: RasterImage) {
    self.init(image) { red, green, blue, alpha in
      let lightness = (red * 54 + green * 183 + blue * 19) >> 8
      return UInt8(clamping: lightness * alpha / 255 + 255 - alpha)
    }
  }

  /// Classic captions (white letters with a dark outline over a photo) as dark ink on white paper:
  /// a pixel is ink when it is nearly white and nearly grey, paper otherwise. The photo under the
  /// letters, whatever its colours, becomes paper, which Tesseract's binarization cannot do for a
  /// busy one. Then the white patches that cannot be letters go (see `LetterPatches`): a light sky
  /// or wall around the captions (a patch wider or taller than a letter can be), and specks.
  init(whiteLettersOf image: RasterImage) {
    self.init(image) { red, green, blue, alpha in
      let lowest = min(red, green, blue)
      let spread = max(red, green, blue) - lowest
      return alpha > 128 && lowest >= Self.whiteLevel && spread <= Self.greyTolerance ? 0 : 255
    }
    LetterPatches.keepLetters(in: &self)
  }

  /// The lightest channel value a pixel of white letters has (anti-aliased edges fall below it).
  static let whiteLevel = 200
  /// How far apart a white letter's channels may be (JPEG's colour noise).
  static let greyTolerance = 40

  /// Every pixel of `image` (premultiplied BGRA, Cairo's order in memory) as `shade` makes it; the
  /// channels are given straight (alpha undone), 0 to 255.
  private init(_ image: RasterImage, shade: (Int, Int, Int, Int) -> UInt8) {
    image.flush()
    let (width, height, stride) = (image.width, image.height, image.stride)
    let pixels = image.pixels
    var bytes = [UInt8](repeating: 255, count: width * height)
    bytes.withUnsafeMutableBufferPointer { out in
      for y in 0..<height {
        let row = pixels + y * stride
        for x in 0..<width {
          let pixel = row + x * 4
          let alpha = Int(pixel[3])
          guard alpha > 0 else { continue }
          // Cairo's channels are premultiplied: undo it, rounding.
          let unpremultiply = { (value: UInt8) in min(255, (Int(value) * 255 + alpha / 2) / alpha) }
          out[y * width + x] = shade(
            unpremultiply(pixel[2]), unpremultiply(pixel[1]), unpremultiply(pixel[0]), alpha)
        }
      }
    }
    self.init(width: width, height: height, bytes: bytes)
  }
}
