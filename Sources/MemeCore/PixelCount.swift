// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Sizes and pixel counts in messages, with the digits grouped the way the reader's locale groups
/// them: "900 megapixels (limit 100)" reads at a glance, "900000000" does not.
public enum PixelCount {
  /// `number` with the locale's digit grouping: 30000 → "30,000" (English), "30.000" (German).
  public static func grouped(_ number: Int, locale: Locale = .current) -> String {
    let formatter = NumberFormatter()
    formatter.locale = locale
    formatter.numberStyle = .decimal
    formatter.usesGroupingSeparator = true
    formatter.maximumFractionDigits = 0
    return formatter.string(from: NSNumber(value: number)) ?? String(number)
  }

  /// A pixel count in words: megapixels from a million up ("1.5 megapixels", "900 megapixels"),
  /// otherwise grouped pixels ("60,000 pixels").
  public static func described(_ pixels: Int, locale: Locale = .current) -> String {
    guard pixels >= 1_000_000 else {
      return String(format: localized("%@ pixels"), grouped(pixels, locale: locale))
    }
    let formatter = NumberFormatter()
    formatter.locale = locale
    formatter.numberStyle = .decimal
    formatter.usesGroupingSeparator = true
    // One decimal while it says something (1.5 megapixels), none from a hundred up.
    formatter.maximumFractionDigits = pixels < 100_000_000 ? 1 : 0
    let megapixels = Double(pixels) / 1_000_000
    let number = formatter.string(from: NSNumber(value: megapixels)) ?? String(megapixels)
    return String(format: localized("%@ megapixels"), number)
  }

  /// A count over a limit and the limit, in words that tell them apart: "100,010,000 pixels" and
  /// "100,000,000 pixels" rather than "100 megapixels" twice.
  public static func described(_ count: Int, overLimit limit: Int, locale: Locale = .current) -> (
    count: String, limit: String
  ) {
    let pair = (described(count, locale: locale), described(limit, locale: locale))
    guard pair.0 == pair.1 else { return pair }
    return (
      String(format: localized("%@ pixels"), grouped(count, locale: locale)),
      String(format: localized("%@ pixels"), grouped(limit, locale: locale))
    )
  }
}
