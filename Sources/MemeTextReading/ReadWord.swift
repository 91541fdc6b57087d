// SPDX-License-Identifier: GPL-3.0-or-later
import MemeCore

/// A word read in a picture: its text, where it is (in fractions of the picture, so a word read on
/// a smaller copy places itself on the original) and how sure the recognizer was of it.
public struct ReadWord: Sendable, Hashable {
  public var text: String
  public var frame: RelativeRect
  /// From 0 to 100, as Tesseract rates a word.
  public var confidence: Double
  /// The line it belongs to, counted from 0 in reading order; words on one line share it.
  public var line: Int

  public init(text: String, frame: RelativeRect, confidence: Double, line: Int) {
    self.text = text
    self.frame = frame
    self.confidence = confidence
    self.line = line
  }

  /// How many letters it holds (digits and punctuation not counted).
  public var letterCount: Int { text.unicodeScalars.filter(\.properties.isAlphabetic).count }
}
