// SPDX-License-Identifier: GPL-3.0-or-later

/// A meme's description: the text a screen reader says for the picture (alt text), written into
/// every exported file (see `ImageMetadata`) and kept in Sent Memes.
///
/// Every meme has one. The user may write their own; when they have not (nil, or only white space),
/// it is the meme's text in reading order (`MemeCaptions.defaultDescription`).
public enum MemeDescription {
  /// `custom` when it holds any text, else the captions' default description; either way cleaned
  /// for a file (see `cleaned(_:)`).
  public static func resolved(_ custom: String?, captions: MemeCaptions) -> String {
    if let custom, hasText(custom) { return cleaned(custom) }
    return captions.defaultDescription
  }

  /// `text` on one line: every run of white space (line breaks included) one space, none at the ends.
  static func oneLine(_ text: String) -> String {
    cleaned(text).split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
  }

  /// Whether `text` holds anything but white space: an empty or blank description means "the
  /// default".
  public static func hasText(_ text: String) -> Bool {
    text.unicodeScalars.contains { !$0.properties.isWhitespace }
  }

  /// `text` as files can carry it: line breaks as `\n` (a lone carriage return is one too), no
  /// control characters other than tab and line feed (XML 1.0, and so XMP, allows no others of C0,
  /// even escaped; a PNG text chunk no NUL), and without white space at either end. The C1 controls
  /// (U+0080 to U+009F, NEXT LINE among them) go too, as they do from captions (`CaptionText`): XML
  /// discourages them, readers break lines at NEXT LINE or show a box, and no one types them.
  public static func cleaned(_ text: String) -> String {
    var scalars = String.UnicodeScalarView()
    var previousWasReturn = false
    for scalar in text.unicodeScalars {
      defer { previousWasReturn = scalar == "\r" }
      switch scalar.value {
      case 0x0D: scalars.append("\n")
      case 0x0A: if !previousWasReturn { scalars.append(scalar) }
      case 0x09: scalars.append(scalar)
      case 0x00...0x1F, 0x7F...0x9F, 0xFFFE, 0xFFFF: continue
      default: scalars.append(scalar)
      }
    }
    return String(scalars).trimmingWhiteSpace
  }
}

extension MemeCaptions {
  /// The meme's text in reading order, one caption a line, as the layout places it: Classic reads the
  /// top caption, the text boxes from top to bottom (by their centres; left to right, then drawing
  /// order, where level), then the bottom caption; Band the band's text above the picture, the
  /// boxes on it, then the text of the band under it; Poster the boxes on the picture,
  /// then the title and the subtitle below it. A caption with no text is left out: the editor keeps a caption nobody typed empty (it
  /// only shows TOP, BOTTOM or TEXT in its place), so a placeholder is never part of it. The text is
  /// as typed, not upper-cased as drawn (a screen reader spells out capitals); a caption's own
  /// line breaks and runs of white space become single spaces, since they only shape the drawing.
  public var defaultDescription: String {
    let ordered = layers.enumerated().sorted { first, second in
      let (a, b) = (first.element.frame, second.element.frame)
      let (ay, by) = (a.y + a.height / 2, b.y + b.height / 2)
      if ay != by { return ay < by }
      let (ax, bx) = (a.x + a.width / 2, b.x + b.width / 2)
      if ax != bx { return ax < bx }
      return first.offset < second.offset
    }
    let described = ordered.compactMap(\.element.kind.describedText)
    let texts = layout.readingOrder(top: top, bottom: bottom, boxes: described)
    return texts.map(MemeDescription.oneLine).filter { !$0.isEmpty }.joined(separator: "\n")
  }

}

extension String {
  /// Without white space (line breaks included) at either end.
  var trimmingWhiteSpace: String {
    let scalars = unicodeScalars
    guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
      let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
    else { return "" }
    return String(scalars[first...last])
  }
}
