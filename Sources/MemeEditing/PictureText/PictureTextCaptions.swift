// SPDX-License-Identifier: GPL-3.0-or-later
import MemeCore
import MemeTextReading

/// The captions a picture's own words make, for "Use the picture's text": an existing meme opened
/// to be captioned again starts from what it said.
///
/// Lines in the top half of the picture make the top caption and lines in the bottom half the
/// bottom one, in every layout (Band's upper and lower bands, Poster's title and subtitle read the
/// same way); a Poster picture, whose title and subtitle both lie under its picture, makes its first
/// line the title and the rest the subtitle. The lines of one caption are joined by spaces, so the
/// engine wraps them anew at the new width, unless a gap taller than a line parts them, which a
/// new line keeps.
public struct PictureTextCaptions: Sendable, Hashable {
  /// One line of words: its text and the union of its words' frames, in fractions of the picture.
  public struct Line: Sendable, Hashable {
    public var text: String
    public var frame: RelativeRect
  }

  public var top: String
  public var bottom: String
  /// Every line read, in reading order: what the old captions covered.
  public let lines: [Line]

  public init(_ text: PictureText, layout: MemeLayoutKind) {
    lines = Self.lines(of: text)
    var upper = lines.filter { $0.frame.y + $0.frame.height / 2 < 0.5 }
    var lower = lines.filter { $0.frame.y + $0.frame.height / 2 >= 0.5 }
    if layout == .poster, upper.isEmpty || lower.isEmpty, lines.count > 1 {
      (upper, lower) = ([lines[0]], Array(lines.dropFirst()))
    }
    top = Self.joined(upper)
    bottom = Self.joined(lower)
  }

  public var isEmpty: Bool { lines.isEmpty }

  /// The words of each line, joined by spaces, and the frame they cover together.
  static func lines(of text: PictureText) -> [Line] {
    var lines: [Line] = []
    var current = -1
    for word in text.words {
      if word.line == current, var last = lines.popLast() {
        last.text += " " + word.text
        last.frame = last.frame.union(word.frame)
        lines.append(last)
      } else {
        lines.append(Line(text: word.text, frame: word.frame))
        current = word.line
      }
    }
    return lines
  }

  /// `lines` as one caption: a space between lines that follow closely (one wrapped sentence), a
  /// new line across a gap taller than the lines.
  static func joined(_ lines: [Line]) -> String {
    var text = ""
    for (index, line) in lines.enumerated() {
      if index > 0 {
        let above = lines[index - 1].frame
        let gap = line.frame.y - (above.y + above.height)
        text += gap > max(above.height, line.frame.height) ? "\n" : " "
      }
      text += line.text
    }
    return text
  }
}

extension RelativeRect {
  /// The smallest rectangle holding both.
  func union(_ other: RelativeRect) -> RelativeRect {
    let (left, top) = (min(x, other.x), min(y, other.y))
    let right = max(x + width, other.x + other.width)
    let bottom = max(y + height, other.y + other.height)
    return RelativeRect(x: left, y: top, width: right - left, height: bottom - top)
  }
}
