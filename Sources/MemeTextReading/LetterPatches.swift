// SPDX-License-Identifier: GPL-3.0-or-later

/// The patches of ink (pixels joined by their sides) in a picture of white letters, and which of
/// them can be letters. An outlined caption's letters are each a patch of their own, parted from the
/// photo by their outline; what else is white is a patch too: a light sky joined up across the
/// picture, or specks of light in the photo.
enum LetterPatches {
  /// The largest share of the picture's width or height a letter's patch spans.
  static let largestLetter = 0.3
  /// The fewest pixels a letter's patch has, as a share of the picture's (and at least 20).
  static let smallestLetter = 1.0 / 20_000

  /// Turns every patch of ink in `picture` that cannot be a letter into paper.
  static func keepLetters(in picture: inout GrayPicture) {
    let (width, height) = (picture.width, picture.height)
    let fewest = max(20, Int(Double(width * height) * smallestLetter))
    let (widest, tallest) = (Int(Double(width) * largestLetter), Int(Double(height) * largestLetter))
    picture.bytes.withUnsafeMutableBufferPointer { bytes in
      // 0 ink not yet seen, 255 paper; a patch seen is marked 1 (kept) or 254 (dropped) as it is
      // walked, so every pixel is visited once.
      var stack: [Int] = []
      var patch: [Int] = []
      func visit(_ pixel: Int) {
        bytes[pixel] = 1
        stack.append(pixel)
      }
      for start in 0..<bytes.count where bytes[start] == 0 {
        visit(start)
        var (left, right, top, bottom) = (width, 0, height, 0)
        while let pixel = stack.popLast() {
          patch.append(pixel)
          let (x, y) = (pixel % width, pixel / width)
          (left, right, top, bottom) = (min(left, x), max(right, x), min(top, y), max(bottom, y))
          // The four neighbours, without an array made for every pixel of ink.
          if x > 0, bytes[pixel - 1] == 0 { visit(pixel - 1) }
          if x < width - 1, bytes[pixel + 1] == 0 { visit(pixel + 1) }
          if y > 0, bytes[pixel - width] == 0 { visit(pixel - width) }
          if y < height - 1, bytes[pixel + width] == 0 { visit(pixel + width) }
        }
        let isLetter = patch.count >= fewest && right - left < widest && bottom - top < tallest
        if !isLetter { for pixel in patch { bytes[pixel] = 254 } }
        patch.removeAll(keepingCapacity: true)
      }
      // Kept patches back to ink, dropped ones to paper.
      for index in 0..<bytes.count { bytes[index] = bytes[index] == 1 ? 0 : 255 }
    }
  }
}
