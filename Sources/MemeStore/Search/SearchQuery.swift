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
///
/// The work a query costs is bounded whatever its text (anyone on the session bus may send the
/// desktop's search a hundred thousand terms): the first `maximumWords` words are kept and the rest
/// ignored, and a word longer than `maximumWordLength` characters is cut to that length. Both keep
/// what a person would expect: a sentence pasted whole still finds its meme by its first 32 words,
/// and a word matches by prefix, so its first 256 characters find every meme the whole word would.
/// Refusing instead would find nothing for a search that has an answer.
struct SearchQuery: Equatable {
  /// Words read from a query; those past it are ignored.
  static let maximumWords = 32
  /// Characters (graphemes) of one word that are looked for; the rest is ignored.
  static let maximumWordLength = 256

  /// The words, as typed (segmented), without those that cannot match anything: of the first
  /// `maximumWords` words of the text, each cut to `maximumWordLength` characters before segmenting.
  let words: [String]

  init(_ text: String) {
    // Read word by word up to the limit, so that a megabyte of text costs no more than finding
    // where its first words end.
    var words: [String] = []
    var rest = Substring(text)
    for _ in 0..<Self.maximumWords {
      rest = rest.drop(while: \.isWhitespace)
      guard !rest.isEmpty else { break }
      let end = rest.firstIndex(where: \.isWhitespace) ?? rest.endIndex
      let word = SearchText.segmented(String(rest[..<end].prefix(Self.maximumWordLength)))
      if word.unicodeScalars.contains(where: Self.isSearchable) { words.append(word) }
      rest = rest[end...]
    }
    self.words = words
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
