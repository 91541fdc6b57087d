// SPDX-License-Identifier: GPL-3.0-or-later

/// What is left of a meme's glyphs (`CaptionLimits.maximumGlyphsPerMeme`) while its captions are
/// traced: one is shared by every caption of a `MemeLayout`, on the thread that builds it, and spent
/// in drawing order (the top caption, the bottom one, then the boxes). The glyphs past it are not
/// traced, so not drawn, and the caption they belong to counts as cut off.
final class GlyphBudget {
  private(set) var left: Int
  /// Whether a caption was denied glyphs it would have traced.
  private(set) var ranOut = false

  init(glyphs: Int = CaptionLimits.maximumGlyphsPerMeme) {
    left = glyphs
  }

  /// Takes up to `count` glyphs; returns how many may be traced.
  func take(_ count: Int) -> Int {
    let granted = min(max(0, count), left)
    left -= granted
    if granted < count { ranOut = true }
    return granted
  }

  /// Whether `earlier` (a caption of a previous layout with the same text and place) may be taken
  /// over as it is: when it traced every glyph it wanted and this budget still has them, which it
  /// then spends. A caption that ran out is laid out again, since it may get more glyphs now.
  func reuses(_ earlier: CaptionLayout) -> Bool {
    guard !earlier.glyphsLeftOut, earlier.tracedGlyphs <= left else { return false }
    left -= earlier.tracedGlyphs
    return true
  }
}
