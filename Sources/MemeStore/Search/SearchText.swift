// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore

/// The text the search index holds for a meme, and the segmenting that makes every script searchable
/// with SQLite's unicode61 tokenizer.
///
/// unicode61 splits words at spaces and punctuation, which leaves a Chinese, Japanese or Thai sentence
/// (written without spaces) one long token that only a query for its first characters would find.
/// So each character (grapheme) of those scripts, and each emoji, becomes a token of its own, on both
/// sides: the document and the query (`SearchQuery`). A query then finds any run of such characters
/// as a phrase of adjacent tokens, which is substring search, at any length (FTS5's trigram tokenizer
/// needs three characters, and most Chinese and Japanese words are two).
enum SearchText {
  /// Every text a meme has: both captions, what its layers add to its description (a text box's
  /// text), the user's description and the words read in its picture (a received meme's).
  static func indexed(
    topText: String, bottomText: String, layers: [MemeLayer], description: String?, readText: String?
  ) -> String {
    let texts =
      [topText, bottomText] + layers.compactMap(\.kind.describedText) + [description ?? "", readText ?? ""]
    return segmented(texts.filter { !$0.isEmpty }.joined(separator: "\n"))
  }

  /// `text` without accents, with a space around every character that must be a token of its own.
  static func segmented(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    var lastWasAlone = false
    for character in withoutSharpS(withoutAccents(text)) {
      let alone = standsAlone(character)
      if alone || lastWasAlone, let last = result.last, !last.isWhitespace { result.append(" ") }
      result.append(character)
      lastWasAlone = alone
    }
    return result
  }

  /// `text` without the combining accents of Latin, Greek and Cyrillic letters (the Combining
  /// Diacritical Marks block), composed again. unicode61's `remove_diacritics` folds Latin letters
  /// only: "καφές" would not be found by "καφες". The marks of other scripts (Devanagari's vowel
  /// signs, Thai's tone marks) are letters' parts there, and stay.
  static func withoutAccents(_ text: String) -> String {
    let decomposed = text.decomposedStringWithCanonicalMapping.unicodeScalars
    guard decomposed.contains(where: isAccent) else { return text.precomposedStringWithCanonicalMapping }
    var scalars = String.UnicodeScalarView()
    scalars.append(contentsOf: decomposed.filter { !isAccent($0) })
    return String(scalars).precomposedStringWithCanonicalMapping
  }

  /// `text` with German's sharp s written as "ss", as capitals write it: a caption drawn upper-cased
  /// shows "STRASSE" for "Straße", so the words read in a picture say "STRASSE", and "straße" must
  /// find them (unicode61 folds case, not this).
  static func withoutSharpS(_ text: String) -> String {
    guard text.contains(where: { $0 == "ß" || $0 == "ẞ" }) else { return text }
    return text.replacingOccurrences(of: "ß", with: "ss").replacingOccurrences(of: "ẞ", with: "ss")
  }

  private static func isAccent(_ scalar: Unicode.Scalar) -> Bool {
    (0x0300...0x036F).contains(scalar.value)
  }

  /// Whether `character` belongs to a script written without spaces between words, or is an emoji.
  static func standsAlone(_ character: Character) -> Bool {
    guard let first = character.unicodeScalars.first else { return false }
    if first.properties.isEmojiPresentation
      || (first.properties.isEmoji && character.unicodeScalars.count > 1 && first.value > 0x7F)
    {
      return true
    }
    return unspacedScripts.contains { $0.contains(first.value) }
  }

  /// Blocks of the scripts that do not put spaces between words: CJK ideographs and their
  /// punctuation-free neighbours (kana, Bopomofo, Hangul syllables and jamo), Thai, Lao, Khmer,
  /// Myanmar and Tibetan. (Korean does use spaces, but attaches particles to nouns: "학교에서".)
  private static let unspacedScripts: [ClosedRange<UInt32>] = [
    0x0E00...0x0EFF,  // Thai, Lao
    0x0F00...0x0FFF,  // Tibetan
    0x1000...0x109F,  // Myanmar
    0x1100...0x11FF,  // Hangul Jamo
    0x1780...0x17FF,  // Khmer
    0x2E80...0x2FDF,  // CJK radicals, Kangxi radicals
    0x3040...0x31FF,  // Hiragana, Katakana, Bopomofo, Hangul compatibility jamo, Kanbun
    0x3400...0x4DBF,  // CJK extension A
    0x4E00...0x9FFF,  // CJK unified ideographs
    0xA960...0xA97F,  // Hangul Jamo extended A
    0xAC00...0xD7FF,  // Hangul syllables, Jamo extended B
    0xF900...0xFAFF,  // CJK compatibility ideographs
    0xFF66...0xFFDC,  // Halfwidth katakana and Hangul
    0x20000...0x3134F,  // CJK extensions B to G
  ]
}
