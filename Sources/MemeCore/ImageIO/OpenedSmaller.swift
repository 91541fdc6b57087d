// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A picture over the pixel limit that opened smaller (see `ImageLimits+Fitting`): its upright size
/// in the file and the size it opened at, for the editor's notice and the command line's warning.
public struct OpenedSmaller: Sendable, Equatable {
  public let fileWidth: Int
  public let fileHeight: Int
  public let width: Int
  public let height: Int

  /// The opened size in megapixels as the reader's locale writes numbers: whole from 10 up ("83"),
  /// with one decimal below ("7.5", "7,5"), where a rounded number would say too little.
  public func megapixels(locale: Locale = .current) -> String {
    let megapixels = Double(width) * Double(height) / 1e6
    let formatter = NumberFormatter()
    formatter.locale = locale
    formatter.numberStyle = .decimal
    formatter.usesGroupingSeparator = true
    formatter.maximumFractionDigits = megapixels < 10 ? 1 : 0
    return formatter.string(from: NSNumber(value: megapixels)) ?? String(megapixels)
  }

  /// "Opened at 83 MP".
  public func message(locale: Locale = .current) -> String {
    String(format: localized("Opened at %@ MP"), megapixels(locale: locale))
  }
}
