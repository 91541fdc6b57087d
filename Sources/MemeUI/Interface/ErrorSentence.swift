// SPDX-License-Identifier: GPL-3.0-or-later

/// A reason the engine gives ("corrupt JPEG data"), as a sentence in an error dialog's body.
enum ErrorSentence {
  /// "corrupt JPEG data" → "Corrupt JPEG data."
  static func from(_ reason: String) -> String {
    guard let first = reason.first else { return reason }
    let capitalised = first.uppercased() + reason.dropFirst()
    return capitalised.hasSuffix(".") ? capitalised : capitalised + "."
  }
}
