// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore

/// What the captions of one render may hold, as `--help` says it and a refusal repeats it.
enum CaptionLimitsCheck {
  /// What one caption may hold, as `--help` and the refusal of a longer caption say it.
  static let captionSentence =
    "A caption holds at most \(CaptionLimits.maximumCharacters) characters (Unicode code points), "
    + "\(CaptionLimits.maximumLines) lines and \(CaptionLimits.maximumMarksPerCharacter) combining marks on one "
    + "character."

  /// What all the captions of a meme may hold together, as `--help` and the refusal of more say it.
  static let memeSentence =
    "All the captions and text boxes of a meme hold at most \(CaptionLimits.maximumCharactersPerMeme) "
    + "characters together, and at most \(CaptionLimits.maximumGlyphsPerMeme) of their glyphs are drawn "
    + "(text past that is cut off, with a warning)."

  /// Refuses a caption beyond `CaptionLimits`, naming it and the limit, and captions beyond the
  /// meme's budget together, rather than cutting them.
  static func check(top: String, bottom: String, captions: [String], panelCaptions: [String] = []) throws {
    let named =
      [("--top", top), ("--bottom", bottom)] + captions.indices.map { ("--caption #\($0 + 1)", captions[$0]) }
      + panelCaptions.indices.map { ("--panel-caption #\($0 + 1)", panelCaptions[$0]) }
    for (name, text) in named {
      guard let excess = CaptionLimits.excess(in: text) else { continue }
      let what =
        switch excess {
        // (A caption alone is never beyond the meme's budget: that is judged below.)
        case .characters, .memeCharacters: "more than \(CaptionLimits.maximumCharacters) characters"
        case .lines: "more than \(CaptionLimits.maximumLines) lines"
        case .marks: "more than \(CaptionLimits.maximumMarksPerCharacter) combining marks on one character"
        }
      throw CommandFailure("\(name) has \(what); \(captionSentence.lowercasedFirst)")
    }
    // Within a caption's limits, they may still be too many together (a hundred boxes).
    if CaptionLimits.charactersInMeme(named.map(\.1)) > CaptionLimits.maximumCharactersPerMeme {
      throw CommandFailure(
        "--top, --bottom, the --caption boxes and the --panel-caption texts have more than \(CaptionLimits.maximumCharactersPerMeme) "
          + "characters together; \(memeSentence.lowercasedFirst)")
    }
  }
}

extension String {
  fileprivate var lowercasedFirst: String { prefix(1).lowercased() + dropFirst() }
}
