// SPDX-License-Identifier: GPL-3.0-or-later
import CMemeGraphics

/// An emoji drawn large from the colour emoji font, as a sticker's picture.
enum EmojiPicture {
  /// The size the emoji is drawn at, in pixels: Noto Color Emoji's glyphs are 136-pixel bitmaps,
  /// so larger gains nothing but memory.
  static let pixelSize = 512.0

  /// Whether `text` is one emoji: a single character whose first scalar is an emoji that is not
  /// plain text (digits, `#` and `*` are emoji only as keycaps, which are more than one scalar).
  static func isOneEmoji(_ text: String) -> Bool {
    guard text.count == 1, let first = text.unicodeScalars.first, first.properties.isEmoji else {
      return false
    }
    return first.value > 0x7F || text.unicodeScalars.count > 1
  }

  /// `emoji` drawn through Pango and Cairo at `pixelSize`, cut to its ink.
  static func render(_ emoji: String) throws(ImageError) -> RasterImage {
    let name = "emoji:\(emoji)"
    guard isOneEmoji(emoji) else {
      throw ImageError(path: name, kind: .unsupported, reason: localized("not an emoji"))
    }
    let font = FontDescription(family: "Noto Color Emoji", bold: false, pixelSize: pixelSize)
    guard let surface = meme_text_ink_surface(PangoContextFactory.makeContext(), emoji, font.pointer) else {
      throw ImageError(
        path: name, kind: .unsupported, reason: localized("no font on this system draws this emoji"))
    }
    let image = RasterImage(adopting: surface, hasAlpha: true)
    return image
  }
}
