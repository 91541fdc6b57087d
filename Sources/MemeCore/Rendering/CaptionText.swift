// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Turns what a person typed into the text a caption shows.
public enum CaptionText {
  /// Trims surrounding white space, keeps explicit newlines as line breaks, drops other control
  /// characters (they have no glyphs and would render as boxes), and upper-cases with the full
  /// Unicode mapping of `locale` when asked to ("straße" becomes "STRASSE", Turkish "i" becomes "İ").
  public static func normalized(_ text: String, uppercase: Bool, locale: Locale = .current) -> String {
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
    let trimmed = String(kept).trimmingCharacters(in: .whitespacesAndNewlines)
    return uppercase ? trimmed.uppercased(with: locale) : trimmed
  }
}
