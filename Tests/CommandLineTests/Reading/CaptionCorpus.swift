// SPDX-License-Identifier: GPL-3.0-or-later
import PictureFixtures

/// The captions of the reading tests' memes: English words, numbers, German words (umlauts and ß)
/// and lower-case captions, picked by a fixed seed so every run renders the same memes.
struct CaptionCorpus {
  struct Meme {
    let top: [String]
    let bottom: [String]
    /// Drawn as typed, not upper-cased.
    let keepsCase: Bool
    var words: [String] { top + bottom }
  }

  static let english = [
    "when", "code", "compiles", "first", "nobody", "cat", "monday", "coffee", "boss", "weekend", "pizza",
    "meeting", "email", "deadline", "homework", "teacher", "summer", "winter", "friday", "sleep", "dog",
    "internet", "friends", "mother", "brain", "money", "party", "morning", "bug", "feature", "server",
    "keyboard", "printer", "office", "vacation", "dinner", "problem", "success", "always", "never",
  ]
  static let numbers = ["2024", "404", "9000", "100", "365", "42", "1999", "500", "24/7", "3am"]
  static let german = [
    "Ärger", "Straße", "Größe", "Brötchen", "müde", "Fußball", "schön", "Käse", "übermorgen", "Bahn",
    "Feierabend", "Montag", "Kaffee", "Urlaub", "Schule", "Hausaufgaben", "Chef", "Wochenende", "Döner",
    "Glück",
  ]

  let memes: [Meme]

  init(count: Int, seed: UInt64 = 56) {
    var random = SeededRandom(seed: seed)
    memes = (0..<count).map { index in
      let kind = index % 4
      func words(_ count: Int) -> [String] {
        (0..<count).map { position in
          switch kind {
          case 1 where position == 0: Self.numbers[random.next(below: Self.numbers.count)]
          case 2: Self.german[random.next(below: Self.german.count)]
          default: Self.english[random.next(below: Self.english.count)]
          }
        }
      }
      return Meme(
        top: words(2 + random.next(below: 2)), bottom: words(2 + random.next(below: 2)), keepsCase: kind == 3)
    }
  }
}
