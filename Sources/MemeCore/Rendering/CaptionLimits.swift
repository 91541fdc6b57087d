// SPDX-License-Identifier: GPL-3.0-or-later

/// What one caption (a classic caption or a text box) may hold, so that laying it out and drawing it
/// is bounded whatever its text.
///
/// Pango's work grows with the characters and the lines of a caption, and a stack of combining
/// marks on one letter is one glyph per mark, piled up: 100 letters with 500 marks each took 23 s
/// and 670 MB to draw. The limits are far above any real caption: the longest caption in the tests
/// and the fuzzing seeds is about 6,000 characters on 127 lines, and real text stacks at most four
/// or five marks on a letter (Hebrew with cantillation, Tibetan, Myanmar). The marks limit is the
/// tightest, because a turned box stroked with full antialiasing costs the most per glyph: 100
/// letters with 4, 8, 12 and 16 marks each took 0.7, 1.3, 2.0 and 2.9 s in a turned box on an
/// 800×600 picture (debug build, two cores). See Benchmarks/caption-limits for the cases at the limits.
///
/// The renderer cuts any text to the limits (`bounded(_:)`) before laying it out, whatever path it
/// came by (the store, the fuzzer); the command line refuses such text with a one-line message and
/// the editor cuts what is typed or pasted and says so on the field (`excess(in:)`).
public enum CaptionLimits {
  /// Characters (Unicode code points, marks included) in one caption.
  public static let maximumCharacters = 10_000
  /// Lines, counting the explicit line breaks only (wrapping adds more).
  public static let maximumLines = 500
  /// Combining marks on one base character (Zalgo text stacks hundreds).
  public static let maximumMarksPerCharacter = 6

  /// The first limit `text` goes beyond, or `nil` when it holds to all three. Stops reading at the
  /// character limit, so a megabyte of text costs no more than the limit.
  public static func excess(in text: String) -> Excess? {
    var scan = Scan()
    for scalar in text.unicodeScalars {
      if let excess = scan.add(scalar) { return excess }
    }
    return nil
  }

  /// `text` cut to the limits: the marks past the limit on a character are dropped, and the text
  /// ends before the first character or line break that would go past the character or line limit.
  /// Text within every limit comes back as it is.
  public static func bounded(_ text: String) -> String {
    var scan = Scan()
    var kept = String.UnicodeScalarView()
    var index = text.unicodeScalars.startIndex
    let scalars = text.unicodeScalars
    while index < scalars.endIndex {
      let scalar = scalars[index]
      switch scan.add(scalar) {
      case nil:
        kept.append(scalar)
      case .marks:
        // Dropped; the character it was on keeps the marks within the limit.
        scan.dropLastMark()
      case .characters, .lines:
        return String(kept)
      }
      index = scalars.index(after: index)
    }
    return scan.dropped ? String(kept) : text
  }

  /// A limit a caption's text goes beyond.
  public enum Excess: Sendable, Hashable {
    case characters
    case lines
    case marks
  }

  /// Counts a text's characters, lines and the marks on its current character, one scalar at a time.
  private struct Scan {
    var characters = 0
    var lines = 1
    var marks = 0
    /// Whether the last scalar was a carriage return (a CR LF pair is one line break).
    var afterReturn = false
    var dropped = false

    /// Counts `scalar` in; the limit it goes beyond, if any.
    mutating func add(_ scalar: Unicode.Scalar) -> Excess? {
      characters += 1
      guard characters <= CaptionLimits.maximumCharacters else { return .characters }
      let value = scalar.value
      // Line breaks as `CaptionText` and Pango take them: LF, CR, CR LF, and the Unicode line and
      // paragraph separators.
      if value == 0x0A, afterReturn {
        afterReturn = false
        marks = 0
        return nil
      }
      afterReturn = value == 0x0D
      if value == 0x0A || value == 0x0D || value == 0x2028 || value == 0x2029 {
        lines += 1
        marks = 0
        return lines <= CaptionLimits.maximumLines ? nil : .lines
      }
      // Below U+0300 there are no marks: ASCII and Latin-1 text is counted without a table lookup.
      guard value >= 0x300 else {
        marks = 0
        return nil
      }
      switch scalar.properties.generalCategory {
      case .nonspacingMark, .spacingMark, .enclosingMark:
        marks += 1
        return marks <= CaptionLimits.maximumMarksPerCharacter ? nil : .marks
      default:
        marks = 0
        return nil
      }
    }

    /// Forgets the mark just counted, which is dropped.
    mutating func dropLastMark() {
      characters -= 1
      marks -= 1
      dropped = true
    }
  }
}
