// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Turns what a person typed into the text a caption shows.
public enum CaptionText {
  /// Trims surrounding white space, keeps explicit newlines as line breaks, drops other control
  /// characters (they have no glyphs and would render as boxes), and upper-cases with the full
  /// Unicode mapping of `locale` when asked to ("straße" becomes "STRASSE", Turkish "i" becomes "İ").
  public static func normalized(_ text: String, uppercase: Bool, locale: Locale = .current) -> String {
    let trimmed = keptCharacters(of: text).trimmingCharacters(in: .whitespacesAndNewlines)
    return uppercase ? trimmed.uppercased(with: locale) : trimmed
  }

  /// Where the caret after the first `offset` Unicode scalars of `text` (a GTK entry's character
  /// position) falls in the drawn text, as a UTF-8 byte index (Pango's): the typed prefix is turned
  /// into drawn text the same way, so dropped control characters, trimmed leading spaces and case
  /// mappings that change the length ("ß" → "SS") move it with the text.
  public static func drawnIndex(
    ofOffset offset: Int, in text: String, uppercase: Bool, locale: Locale = .current
  ) -> Int {
    let drawn = normalized(text, uppercase: uppercase, locale: locale)
    let prefix = String(String.UnicodeScalarView(text.unicodeScalars.prefix(max(0, offset))))
    var kept = Substring(keptCharacters(of: prefix))
    kept = kept.drop { $0.isWhitespace || $0.isNewline }
    let mapped = uppercase ? String(kept).uppercased(with: locale) : String(kept)
    var index = min(mapped.utf8.count, drawn.utf8.count)
    // A case mapping that depends on what follows could land inside a character: step back to the
    // start of one.
    let bytes = Array(drawn.utf8)
    while index > 0, index < bytes.count, bytes[index] & 0xC0 == 0x80 { index -= 1 }
    return index
  }

  /// The entry position (in Unicode scalars of `text`) whose caret falls at `drawnIndex` of the drawn
  /// text, or the first one past it: where a click on the drawn caption puts the caret.
  public static func offset(
    ofDrawnIndex index: Int, in text: String, uppercase: Bool, locale: Locale = .current
  ) -> Int {
    let count = text.unicodeScalars.count
    for offset in 0...count
    where drawnIndex(ofOffset: offset, in: text, uppercase: uppercase, locale: locale) >= index {
      return offset
    }
    return count
  }

  /// `text` with newlines unified, tabs made spaces and other control characters dropped: C0 and C1
  /// alike (general category Cc), so NEXT LINE (U+0085) never reaches Pango as a line break.
  private static func keptCharacters(of text: String) -> String {
    let unifiedNewlines = text.replacingOccurrences(of: "\r\n", with: "\n")
      .replacingOccurrences(of: "\r", with: "\n")
    var kept = String.UnicodeScalarView()
    for scalar in unifiedNewlines.unicodeScalars {
      if scalar == "\n" {
        kept.append(scalar)
      } else if scalar == "\t" {
        kept.append(" ")
      } else if scalar.properties.generalCategory != .control {
        kept.append(scalar)
      }
    }
    return String(kept)
  }
}
