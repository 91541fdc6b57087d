// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeEffects

/// Which parts of a meme a sticker makes transparent, beyond the picture's own transparency (a PNG's
/// or a GIF's, which is always kept).
///
/// The rule: what the layout adds around the picture becomes transparent, and what the layout draws
/// there stays readable by getting the outline its colour gave it. Band's bands and Poster's black
/// matte are each one colour (the style's outline colour) behind texts drawn without an outline:
/// on a sticker that colour is taken out (colour to alpha, so anti-aliased edges keep their
/// softness) and laid back as a halo a few pixels wide under the texts' ink. Black band text thus
/// becomes black text outlined in white, the poster's white title white text outlined in black, and
/// either reads on a light or a dark chat as it read on its band. Poster's thin white line stays,
/// around the picture. Classic draws on the picture itself: a photo under Classic stays an opaque
/// rectangle, since there is nothing around it to take away, and its captions keep their own
/// outline. Panels are one picture by then: their gutters stay as drawn.
enum StickerMatte {
  /// The halo's width at a sticker's size, in pixels.
  static let haloWidth = 3

  /// Makes the surroundings of `sticker`, the meme of `frame` scaled to the sticker's size,
  /// transparent (see above); nothing for a layout that has none. False when out of memory.
  @discardableResult
  static func apply(to sticker: RasterImage, frame: MemeFrame) -> Bool {
    guard !frame.isPictureOnly else { return true }
    let scaleX = Double(sticker.width) / Double(frame.width)
    let scaleY = Double(sticker.height) / Double(frame.height)
    let border = Double(frame.border)
    // The picture (and its line) in the sticker, every pixel that shows any of it included.
    let kept = meme_pixel_rect(
      x0: Int32(((Double(frame.pictureX) - border) * scaleX).rounded(.down)),
      y0: Int32(((Double(frame.pictureY) - border) * scaleY).rounded(.down)),
      x1: Int32(((Double(frame.pictureX + frame.pictureWidth) + border) * scaleX).rounded(.up)),
      y1: Int32(((Double(frame.pictureY + frame.pictureHeight) + border) * scaleY).rounded(.up)))
    sticker.flush()
    let done = meme_sticker_matte(
      sticker.pixels, sticker.stride, Int32(sticker.width), Int32(sticker.height), kept,
      rgb(frame.background), Int32(haloWidth))
    sticker.markDirty()
    sticker.hasAlpha = true
    return done != 0
  }

  /// `color` as 0xRRGGBB.
  private static func rgb(_ color: RGBAColor) -> UInt32 {
    func byte(_ value: Double) -> UInt32 { UInt32((min(1, max(0, value)) * 255).rounded()) }
    return byte(color.red) << 16 | byte(color.green) << 8 | byte(color.blue)
  }
}
