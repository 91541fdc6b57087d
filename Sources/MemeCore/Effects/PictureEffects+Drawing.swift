// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeEffects
import CMemeGraphics

/// The effects drawn on pixels: on the picture's part of an export's output, or on the picture the
/// editor shows (the same code, at the size shown).
extension PictureEffects {
  /// The effects that go under the captions, on `buffer`: deep-fry (unless it fries the text too,
  /// see `drawOverCaptions`), black and white, then More JPEG's passes. False when out of memory
  /// (what was drawn by then stays).
  @discardableResult
  func drawUnderCaptions(on buffer: PixelBuffer) -> Bool {
    var done = true
    if let strength = drawnDeepFry, !friesText { done = fry(buffer, strength: strength) && done }
    if isBlackAndWhite {
      meme_black_and_white(buffer.pixels, buffer.stride, Int32(buffer.width), Int32(buffer.height))
    }
    if let passes = drawnMoreJPEG { done = MoreJPEG.degrade(buffer, passes: passes) && done }
    return done
  }

  /// Deep-fry over the captions too, on the whole output, when `friesText` is on.
  @discardableResult
  func drawOverCaptions(on buffer: PixelBuffer) -> Bool {
    guard friesOverCaptions, let strength = drawnDeepFry else { return true }
    return fry(buffer, strength: strength)
  }

  private func fry(_ buffer: PixelBuffer, strength: Int) -> Bool {
    meme_deep_fry(
      buffer.pixels, buffer.stride, Int32(buffer.width), Int32(buffer.height),
      Double(strength) / Double(Self.strengths.upperBound), seed) != 0
  }
}

extension PixelBuffer {
  /// The pixels of `image`, or of its part `x`, `y`, `width`, `height` (which must lie inside it).
  init(_ image: RasterImage, x: Int = 0, y: Int = 0, width: Int? = nil, height: Int? = nil) {
    self.init(
      pixels: image.pixels + y * image.stride + x * 4, stride: image.stride, width: width ?? image.width - x,
      height: height ?? image.height - y)
  }
}

/// "Needs more JPEG": the pixels encoded as a low-quality JPEG and decoded again, pass after pass.
enum MoreJPEG {
  /// Degrades `buffer` in place by `passes` passes (see `PictureEffects.moreJPEGQualities`); alpha
  /// is kept. False when a pass could not be made (out of memory).
  static func degrade(_ buffer: PixelBuffer, passes: Int) -> Bool {
    // Over the buffer's own pixels: decoded passes are copied back into them.
    guard buffer.width > 0, buffer.height > 0, let view = RasterImage(over: buffer) else { return false }
    for quality in PictureEffects.moreJPEGQualities(passes: passes) {
      guard let encoded = try? JPEGCodec.encode(view, quality: quality, name: "more-jpeg"),
        let decoded = try? encoded.withBytes({ bytes throws(ImageError) in
          try JPEGCodec.decode(bytes, name: "more-jpeg", maxPixels: Int.max, targetWidth: nil)
        }),
        decoded.width == buffer.width, decoded.height == buffer.height
      else { return false }
      decoded.flush()
      meme_copy_colour_under_alpha(
        buffer.pixels, buffer.stride, decoded.pixels, decoded.stride, Int32(buffer.width),
        Int32(buffer.height))
    }
    view.markDirty()
    return true
  }
}
