// SPDX-License-Identifier: GPL-3.0-or-later
import MemeCore

/// The words read in a picture, in reading order (top to bottom, then left to right on a line), and
/// its text: the words of a line joined by spaces, one line of text for each.
public struct PictureText: Sendable, Hashable {
  public let words: [ReadWord]

  public static let empty = PictureText(ordering: [])

  /// `words` put in reading order, their `line` counted again: words whose middles are closer in
  /// height than half the taller one's height are on one line.
  public init(ordering words: [ReadWord]) {
    let byHeight = words.sorted { $0.frame.y + $0.frame.height / 2 < $1.frame.y + $1.frame.height / 2 }
    var lines: [[ReadWord]] = []
    for word in byHeight {
      let middle = word.frame.y + word.frame.height / 2
      if let last = lines.last?.last,
        abs(last.frame.y + last.frame.height / 2 - middle) < max(last.frame.height, word.frame.height) / 2
      {
        lines[lines.count - 1].append(word)
      } else {
        lines.append([word])
      }
    }
    self.words = lines.enumerated().flatMap { index, line in
      line.sorted { $0.frame.x < $1.frame.x }.map { word in
        var word = word
        word.line = index
        return word
      }
    }
  }

  public var isEmpty: Bool { words.isEmpty }

  /// The lines of text, each its words joined by spaces.
  public var lines: [String] {
    var lines: [String] = []
    var current = -1
    for word in words {
      if word.line != current {
        lines.append(word.text)
        current = word.line
      } else {
        lines[lines.count - 1] += " " + word.text
      }
    }
    return lines
  }

  /// The lines, one a line.
  public var text: String { lines.joined(separator: "\n") }

  /// Whether any word of at least `letters` letters was read: a hidden area that still shows one is
  /// not hidden well enough.
  public func hasWord(ofAtLeast letters: Int) -> Bool {
    words.contains { $0.letterCount >= letters }
  }
}
