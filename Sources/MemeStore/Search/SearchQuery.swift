// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// What the user typed in a search field, as an FTS5 query that can never be a syntax error.
///
/// Every word the user typed must be found (in any of a meme's texts), by word prefix: "mon" finds
/// "Monday". Each word goes in as a quoted phrase with its inner quotes doubled, so FTS5's operators
/// (AND, OR, NOT, NEAR, `*`, `^`, `:`, parentheses) typed by the user are plain text. Inside the
/// quotes the tokenizer splits the word as it split the memes' texts: "don't" is the phrase "don t",
/// and a run of Chinese characters (segmented by `SearchText`) is a phrase of single characters,
/// which finds it anywhere in a sentence.
///
/// A query with no letters, digits or symbols in it ("", "  ", "!?") has no words and matches every
/// meme: punctuation separates words, as spaces do.
struct SearchQuery: Equatable {
  /// The words, as typed (segmented), without those that cannot match anything.
  let words: [String]

  init(_ text: String) {
    words = text.split(whereSeparator: \.isWhitespace).map { SearchText.segmented(String($0)) }
      .filter { word in word.unicodeScalars.contains(where: Self.isSearchable) }
  }

  /// Matches every meme.
  var isEmpty: Bool { words.isEmpty }

  /// The FTS5 MATCH expression: every word as a prefix phrase. Nil for the empty query.
  var matchExpression: String? {
    guard !isEmpty else { return nil }
    return words.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"*" }
      .joined(separator: " AND ")
  }

  /// What unicode61 keeps as part of a token with the categories the index uses (letters, numbers,
  /// marks, private use and other symbols). A word without any such character would be an empty
  /// phrase, which matches nothing.
  private static func isSearchable(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
      .decimalNumber, .letterNumber, .otherNumber, .nonspacingMark, .spacingMark, .enclosingMark,
      .privateUse, .otherSymbol:
      return true
    default:
      return false
    }
  }
}
