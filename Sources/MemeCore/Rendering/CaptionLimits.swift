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
///
/// A meme has a budget besides, over all its captions and text boxes together, since a meme may
/// have any number of boxes: thirty boxes at the limits took 22 s to draw turned, and a hundred
/// 428 MB. Its characters (`maximumCharactersPerMeme`) are spent in drawing order, the top caption,
/// the bottom one, then the boxes (`bounded(meme:)`), and the glyphs its captions trace for drawing
/// (`maximumGlyphsPerMeme`) in the same order while they are traced (`GlyphBudget`). The command line
/// refuses captions beyond the characters, the editor cuts what is typed or pasted to what the other
/// captions leave (`Excess.memeCharacters`), and the renderer cuts whatever else comes (a meme from
/// the store, boxes duplicated in the editor).
public enum CaptionLimits {
  /// Characters (Unicode code points, marks included) in one caption.
  public static let maximumCharacters = 10_000
  /// Lines, counting the explicit line breaks only (wrapping adds more).
  public static let maximumLines = 500
  /// Combining marks on one base character (Zalgo text stacks hundreds).
  public static let maximumMarksPerCharacter = 6
  /// Characters in all the captions and text boxes of one meme together: two captions at the limit,
  /// which the tests draw within two seconds, and far beyond any real meme's text.
  public static let maximumCharactersPerMeme = 20_000
  /// Glyphs traced for drawing in all the captions and text boxes of one meme together: as many as
  /// its characters, since outlining and stroking them is most of the cost of drawing text (a
  /// character is one glyph in most scripts; marks, ligatures and spaces make fewer, only a few
  /// scripts' split vowels more). Only the glyphs that can show in their box are traced.
  public static let maximumGlyphsPerMeme = 20_000

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
    cut(text, maximumCharacters: maximumCharacters).text
  }

  /// A meme's texts in drawing order (the top caption, the bottom one, then its boxes), each cut to
  /// the limits of a caption (`bounded(_:)`) and then to the characters the texts before it left of
  /// `maximumCharactersPerMeme`: the text that goes past it is cut there, and the texts after it are
  /// empty. Texts within the budget come back as `bounded(_:)` makes them. Reads no more of any text
  /// than it keeps, so a hundred boxes at the limit cost no more than the budget.
  public static func bounded(meme texts: [String]) -> [BoundedText] {
    var left = maximumCharactersPerMeme
    return texts.map { text in
      let limit = min(maximumCharacters, left)
      let (kept, count, excess) = cut(text, maximumCharacters: limit)
      left -= count
      return BoundedText(text: kept, isCutByBudget: excess == .characters && limit < maximumCharacters)
    }
  }

  /// `text` cut to the limits of a caption and to `room` characters (what a meme's other texts leave
  /// of its budget), and the limit it went beyond: `.memeCharacters` when the room cut it.
  public static func bounded(_ text: String, room: Int) -> (text: String, excess: Excess?) {
    let limit = min(maximumCharacters, max(0, room))
    let (kept, _, stop) = cut(text, maximumCharacters: limit)
    if stop == .characters, limit < maximumCharacters { return (kept, .memeCharacters) }
    guard let excess = excess(in: text) else { return (text, nil) }
    return (kept, excess)
  }

  /// A text of a meme within the limits (`bounded(meme:)`).
  public struct BoundedText: Sendable, Equatable {
    public let text: String
    /// Whether the meme's budget cut it (or left none of it), rather than only a caption's limits.
    public let isCutByBudget: Bool
  }

  /// Every character of `texts` together (Unicode code points), counting no further than one past
  /// `maximumCharactersPerMeme`: whether they go beyond the budget, and by how much up to there.
  public static func charactersInMeme(_ texts: [String]) -> Int {
    var count = 0
    for text in texts {
      for _ in text.unicodeScalars {
        count += 1
        if count > maximumCharactersPerMeme { return count }
      }
    }
    return count
  }

  /// `text` cut to the limits of a caption with `limit` characters, how many characters it kept, and
  /// the limit that ended it (marks dropped on the way do not end it).
  static func cut(_ text: String, maximumCharacters limit: Int) -> (
    text: String, characters: Int, excess: Excess?
  ) {
    var scan = Scan(maximumCharacters: limit)
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
      case let excess?:
        // The scalar that went past was counted, not kept.
        return (String(kept), scan.characters - 1, excess)
      }
      index = scalars.index(after: index)
    }
    return (scan.dropped ? String(kept) : text, scan.characters, nil)
  }

  /// A limit a caption's text goes beyond.
  public enum Excess: Sendable, Hashable {
    case characters
    case lines
    case marks
    /// The characters of all the meme's captions and boxes together (`maximumCharactersPerMeme`):
    /// judged over a whole meme, never by `excess(in:)`.
    case memeCharacters
  }

  /// Counts a text's characters, lines and the marks on its current character, one scalar at a time.
  private struct Scan {
    var maximumCharacters = CaptionLimits.maximumCharacters
    var characters = 0
    var lines = 1
    var marks = 0
    /// Whether the last scalar was a carriage return (a CR LF pair is one line break).
    var afterReturn = false
    var dropped = false

    /// Counts `scalar` in; the limit it goes beyond, if any.
    mutating func add(_ scalar: Unicode.Scalar) -> Excess? {
      characters += 1
      guard characters <= maximumCharacters else { return .characters }
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

extension MemeCaptions {
  /// The texts that spend the meme's character budget (`CaptionLimits.bounded(meme:)`), in drawing
  /// order: the top caption, the bottom one, then the boxes (every layout draws both captions).
  public var budgetedTexts: [String] {
    [top, bottom] + layerTexts
  }
}
