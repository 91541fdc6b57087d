// SPDX-License-Identifier: GPL-3.0-or-later

/// Captions made of everyday words, the same for the same meme number on every run: what a search
/// benchmark needs, a store where a word matches some memes and not all (a numbered caption would
/// match every meme by "seeded" and one by its number). A few words carry accents, a few are
/// Chinese or Japanese, as a real collection would.
enum SeedWords {
  static let vocabulary: [String] = """
    when you the boss monday friday weekend coffee cat dog pizza code bug deploy meeting email \
    nobody me my face every time finally again still trying explain mom dad teacher student exam \
    homework sleep wake alarm late early traffic bus train plane vacation beach rain snow summer \
    winter birthday party cake diet gym running pizza burger salad tea wine beer monkey banana \
    computer phone battery charger wifi password update restart server database query index \
    works fails why how what really literally absolutely never always sometimes tomorrow today \
    yesterday weekend sunday saturday dance sing happy sad angry tired hungry bored excited \
    café déjà naïve über piñata crème jalapeño résumé façade señor \
    东京 猫 月曜日 咖啡 ラーメン 週末 先生 学校
    """.split(whereSeparator: \.isWhitespace).map(String.init)

  /// Three words on top, three and the number below.
  static func captions(number: Int) -> (top: String, bottom: String) {
    var state = UInt64(truncatingIfNeeded: number) &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    func word() -> String {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return vocabulary[Int((state >> 33) % UInt64(vocabulary.count))]
    }
    return ("\(word()) \(word()) \(word())", "\(word()) \(word()) \(word()) \(number)")
  }
}
