// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// What a layer is laid out for (see `LayerKind.laidOut`): the picture's size and place in the
/// output, and the share of the meme's budgets that is the layer's.
public struct LayerLayoutRequest {
  /// The picture's size in pixels: a layer's frame is in fractions of it.
  public let pictureWidth: Int
  public let pictureHeight: Int
  /// Where the picture's top left corner lies in the output (below Band's band, inside Poster's
  /// frame).
  public let pictureOrigin: (Double, Double)
  /// The layer's text within the meme's budget of characters (`CaptionLimits`), as typed: empty for
  /// a layer without text.
  public let text: String
  /// Upper-cases text by this locale's rules.
  public let locale: Locale
  /// How far into the meme's animation the layout is drawn, in milliseconds: an animated sticker
  /// shows its frame of that moment. Nil for a still meme (and the first frame).
  public let time: Int?
  /// The meme's glyphs left to trace, shared by every caption in drawing order.
  let glyphs: GlyphBudget
}
