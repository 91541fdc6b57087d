// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import MemeCore

/// The captions and picture shapes every drawing path is checked with.
enum CaptionCases {
  /// A top and a bottom caption, with a name for messages.
  struct Pair: CustomTestStringConvertible, Sendable {
    let name: String
    let top: String
    let bottom: String
    var testDescription: String { name }
    var captions: MemeCaptions { MemeCaptions(top: top, bottom: bottom) }
    /// The pair as the texts of `layout`, in its default style.
    func captions(in layout: MemeLayoutKind) -> MemeCaptions {
      MemeCaptions(top: top, bottom: bottom, style: layout.defaultStyle, layout: layout)
    }
  }

  static let sentence =
    "when you finally get the meme renderer to compile and every test passes on the first try"

  /// `count` words of `sentence`, repeated as needed: longer captions wrap onto more lines.
  static func words(_ count: Int) -> String {
    let all = sentence.split(separator: " ")
    return (0..<count).map { String(all[$0 % all.count]) }.joined(separator: " ")
  }

  static let pairs: [Pair] = [
    Pair(name: "one short line", top: "top", bottom: "bottom"),
    Pair(name: "one full-width line", top: "when you see the cat on the roof", bottom: "测试全部通过"),
    Pair(name: "two lines", top: "when you finally get the meme renderer to compile", bottom: "and it works"),
    Pair(name: "three lines", top: words(14), bottom: words(3)),
    Pair(name: "four lines", top: words(20), bottom: words(20)),
    Pair(name: "five lines", top: words(26), bottom: words(26)),
    Pair(name: "six lines", top: words(34), bottom: words(8)),
    Pair(name: "eight lines", top: words(48), bottom: words(48)),
    Pair(
      name: "300 characters each", top: String(words(60).prefix(300)), bottom: String(words(61).prefix(300))),
    Pair(
      name: "punctuation", top: "\"quotes\" & ampersands (and brackets)",
      bottom: "100% of $5 — wait... what?!"),
    Pair(name: "more punctuation", top: "¿qué? ¡sí! «ok» {a|b} [c] #1 @me", bottom: "a/b\\c ~ ^ * _ + = < >"),
    Pair(name: "emoji", top: "when the build passes 😂🎉", bottom: "🔥🔥🔥"),
    Pair(name: "emoji only", top: "😂", bottom: "👀👀"),
    Pair(name: "ZWJ family", top: "family 👩‍👩‍👧‍👦 time", bottom: "🏳️‍🌈 pride 🧑‍💻"),
    Pair(name: "flags", top: "🇩🇪🇫🇷🇯🇵🇺🇸", bottom: "flags 🇧🇷 everywhere 🇨🇦"),
    Pair(name: "tag sequence", top: "🏴󠁧󠁢󠁳󠁣󠁴󠁿 scotland", bottom: "wales 🏴󠁧󠁢󠁷󠁬󠁳󠁿"),
    Pair(name: "skin tones", top: "👍🏽 👋🏿 👌🏻", bottom: "high five 🙌🏾"),
    Pair(name: "emoji wrapped", top: words(12) + " 😂🎉🔥", bottom: "👍🏽 " + words(10)),
    Pair(name: "Japanese", top: "吾輩は猫である。名前はまだ無い。", bottom: "どこで生れたかとんと見当がつかぬ。"),
    Pair(name: "Chinese", top: "当你终于让渲染器编译成功", bottom: "测试全部通过"),
    Pair(name: "Korean", top: "안녕하세요 세계", bottom: "밈을 만들자"),
    Pair(name: "Arabic", top: "مرحبا بالعالم، هذا ميم", bottom: "عندما ينجح البناء أخيرا"),
    Pair(name: "Hebrew", top: "שלום עולם זה מם", bottom: "כאשר הבנייה עוברת"),
    Pair(name: "mixed directions", top: "hello שלום world", bottom: "meme مرحبا 2024"),
    Pair(
      name: "combining marks", top: "A\u{0301}E\u{0301}I\u{0301} Z̤̈ a͞b", bottom: "n\u{0303}o\u{0308}u\u{0300}"),
    Pair(name: "Vietnamese", top: "Tiếng Việt có dấu", bottom: "Người ta nói"),
    Pair(name: "accents", top: "Çà et là, ñandú, straße", bottom: "ÅÉÎÕÜ gjpqy $$$ |||"),
    Pair(name: "Greek and Cyrillic", top: "Γειά σου κόσμε", bottom: "Привет, мир"),
    Pair(name: "Devanagari", top: "नमस्ते दुनिया", bottom: "मीम बनाओ"),
    Pair(name: "Thai", top: "สวัสดีชาวโลก", bottom: "ทดสอบผ่าน"),
    Pair(name: "explicit newlines", top: "first line\nsecond line\nthird", bottom: "a\n\nb"),
    Pair(name: "newline and wrap", top: words(9) + "\n" + words(2), bottom: "one\n" + words(9)),
    Pair(
      name: "a long word", top: String(repeating: "x", count: 60),
      bottom: "supercalifragilisticexpialidocious"),
    Pair(
      name: "long word and sentence", top: "pneumonoultramicroscopicsilicovolcanoconiosis is a word",
      bottom: words(5)),
    Pair(name: "one letter", top: "a", bottom: "i"),
    Pair(name: "digits", top: "0123456789", bottom: "3.14159 26535 89793"),
    Pair(name: "M W V spikes", top: "MWV AVA WMW", bottom: "VVVV MMMM"),
    Pair(name: "empty top", top: "", bottom: words(7)),
    Pair(name: "empty bottom", top: words(7), bottom: ""),
    Pair(name: "spaces inside", top: "wide     gaps    here", bottom: "  padded  "),
    Pair(name: "symbols", top: "★ ♥ → ∞ ≠ ✓", bottom: "© ® ™ € £ ¥"),
    Pair(name: "emoji and CJK", top: "猫 🐱 ねこ", bottom: "犬 🐶 いぬ"),
    Pair(name: "Latin extended", top: "Ærøskøbing Łódź Ğüşiçö", bottom: "œuvre ǆ ẞ ŉ"),
    Pair(name: "typographic quotes", top: "it’s “fine” ‘really’", bottom: "don’t — can’t… won’t"),
    Pair(name: "numbers and units", top: "42 km/h 3×4 ½ 90°", bottom: "10:30 am – 5 pm"),
    Pair(name: "tabs and control characters", top: "tab\there", bottom: "bell\u{07}gone\u{1B}[2J"),
    Pair(
      name: "an emoji on every word", top: "cats 🐱 love 😻 boxes 📦 and naps 😴 all day ☀️ long",
      bottom: "dogs 🐶 too"),
  ]

  struct Shape: CustomTestStringConvertible, Sendable {
    let width: Int
    let height: Int
    var testDescription: String { "\(width)×\(height)" }
  }

  static let tiny = Shape(width: 24, height: 18)
  static let small = Shape(width: 640, height: 427)
  static let landscape = Shape(width: 1920, height: 1080)
  static let portrait = Shape(width: 1080, height: 1920)
  static let twelveMegapixels = Shape(width: 4000, height: 3000)
  static let veryWide = Shape(width: 4000, height: 300)
  static let veryTall = Shape(width: 300, height: 4000)
  static let shapes = [tiny, small, landscape, portrait, twelveMegapixels, veryWide, veryTall]
}
