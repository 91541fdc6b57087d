// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// File sizes as people write and read them: "8M" for a size limit, "7.8 MB" in a confirmation.
///
/// The units are decimal, as file managers, chat services and "under 8 MB" mean them: a kilobyte
/// (K, KB) is 1,000 bytes, a megabyte (M, MB) 1,000,000, a gigabyte (G, GB) 1,000,000,000. The
/// binary units are there for who wants them, spelt as such: KiB (1,024), MiB (1,048,576), GiB.
public enum ByteSize {
  /// The bytes `text` says: a number (decimals allowed: "2.5M"), optionally followed by a unit
  /// (case does not matter, a space may come between); nil for anything else, or for less than one
  /// byte.
  public static func parse(_ text: String) -> Int? {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    let numberEnd = trimmed.firstIndex { !($0.isASCII && ($0.isNumber || $0 == ".")) } ?? trimmed.endIndex
    let number = String(trimmed[..<numberEnd])
    let unit = trimmed[numberEnd...].trimmingCharacters(in: .whitespaces).lowercased()
    guard !number.isEmpty, number.filter({ $0 == "." }).count <= 1, number != ".",
      let value = Double(number), let multiplier = multipliers[unit]
    else { return nil }
    let bytes = (value * multiplier).rounded(.down)
    guard bytes >= 1, bytes < 9.2e18 else { return nil }
    return Int(bytes)
  }

  private static let multipliers: [String: Double] = [
    "": 1, "b": 1, "byte": 1, "bytes": 1,
    "k": 1e3, "kb": 1e3, "m": 1e6, "mb": 1e6, "g": 1e9, "gb": 1e9,
    "kib": 1024, "mib": 1_048_576, "gib": 1_073_741_824,
  ]

  /// `bytes` in decimal units with one decimal, as a confirmation says it: "950 bytes", "12.3 kB",
  /// "7.8 MB", "1.2 GB" (the decimal separator the locale's).
  public static func described(_ bytes: Int, locale: Locale = .current) -> String {
    described(bytes, locale: locale, wholeWithoutTenth: false)
  }

  /// A limit as people write one: a whole number of units without its ".0" ("25 MB", not
  /// "25.0 MB"), else as `described` ("2.5 MB", "2,5 MB" in German).
  public static func limitDescribed(_ bytes: Int, locale: Locale = .current) -> String {
    described(bytes, locale: locale, wholeWithoutTenth: true)
  }

  private static func described(_ bytes: Int, locale: Locale, wholeWithoutTenth: Bool) -> String {
    guard bytes >= 1000 else {
      return String(
        format: localizedPlural("%@ byte", "%@ bytes", bytes), PixelCount.grouped(bytes, locale: locale))
    }
    // Tenths, rounded down: a file just under 8 MB never reads "8.0 MB".
    let (unit, format): (Int, String) =
      bytes < 1_000_000
      ? (1_000, localized("%@ kB"))
      : bytes < 1_000_000_000 ? (1_000_000, localized("%@ MB")) : (1_000_000_000, localized("%@ GB"))
    let tenths = bytes / (unit / 10)
    let separator = locale.decimalSeparator ?? "."
    if wholeWithoutTenth, tenths % 10 == 0 {
      return String(format: format, PixelCount.grouped(tenths / 10, locale: locale))
    }
    return String(
      format: format, "\(PixelCount.grouped(tenths / 10, locale: locale))\(separator)\(tenths % 10)")
  }
}
