// SPDX-License-Identifier: GPL-3.0-or-later

/// Which of the recognizer's words are kept, and how each is cleaned: on a photo Tesseract also
/// "reads" leaves, fur and noise, as short words it is unsure of.
enum WordFilter {
  /// The least confidence (of Tesseract's 0 to 100) a word needs to be kept.
  static let leastConfidence = 55.0
  /// A word of a single letter or digit needs this much (it is the commonest noise).
  static let leastConfidenceAlone = 85.0

  /// `word` cleaned, or nil when it is not kept.
  static func kept(_ word: ReadWord) -> ReadWord? {
    var word = word
    word.text = cleaned(word.text)
    let characters = word.text.unicodeScalars.filter {
      $0.properties.isAlphabetic || $0.properties.numericType != nil
    }
    guard !characters.isEmpty, word.confidence >= leastConfidence else { return nil }
    if characters.count == 1, word.confidence < leastConfidenceAlone { return nil }
    // Noise reads as a jumble of signs around a letter or two.
    guard characters.count * 2 >= word.text.unicodeScalars.count else { return nil }
    return word
  }

  /// `text` without the marks Tesseract reads at a word's edges (a caption's outline between two
  /// words reads as "|", a speck as "." or "~"), keeping a word's own punctuation inside it and at
  /// its end ("nobody:", "3am!").
  static func cleaned(_ text: String) -> String {
    let edges: Set<Character> = [
      "|", "~", "_", "—", "–", "-", "=", "«", "»", "‘", "’", "“", "”", "\"", "'", "`", "^", "*", "¢", "©",
      "®",
    ]
    var text = Substring(text.replacingOccurrences(of: "|", with: " "))
    while let first = text.first, edges.contains(first) || first.isWhitespace { text.removeFirst() }
    while let last = text.last, edges.contains(last) || last.isWhitespace { text.removeLast() }
    return String(text)
  }
}
