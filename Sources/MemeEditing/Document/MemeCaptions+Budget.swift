// SPDX-License-Identifier: GPL-3.0-or-later
import MemeCore

/// Text typed into a meme, kept within `CaptionLimits`.
extension MemeCaptions {
  /// `text` within `CaptionLimits`, and the limit it went beyond, if any.
  static func bounded(_ text: String) -> (text: String, excess: CaptionLimits.Excess?) {
    guard let excess = CaptionLimits.excess(in: text) else { return (text, nil) }
    return (CaptionLimits.bounded(text), excess)
  }

  /// `text` typed in place of the text at `index` of `budgetedTexts` (the top caption, the bottom
  /// one, then the boxes): within `CaptionLimits` and within what the other texts leave of the
  /// meme's budget, and the limit it went beyond, if any. It is never cut below the length of the
  /// text it replaces: a meme already beyond the budget (from the store, or boxes duplicated) keeps
  /// its texts, and the renderer cuts what it draws of them.
  func bounded(_ text: String, inPlaceOf index: Int) -> (text: String, excess: CaptionLimits.Excess?) {
    var others = budgetedTexts
    let replaced = others.indices.contains(index) ? others.remove(at: index) : ""
    let room = max(
      CaptionLimits.maximumCharactersPerMeme - CaptionLimits.charactersInMeme(others),
      replaced.unicodeScalars.count)
    return CaptionLimits.bounded(text, room: room)
  }
}
