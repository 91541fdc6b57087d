// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GRDB
import MemeCore
import Testing

@testable import MemeStore

/// A stored style that lacks a field (written before the field existed) keeps the fields it has:
/// only the missing one takes the classic value, and the meme is not shown in the classic style.
@Suite struct StyleStorageTests {
  @Test func aStyleWithoutSomeFieldsKeepsTheOnesItHas() throws {
    let folder = try TemporaryFolder()
    do {
      let store = try SentMemeStore(directory: folder.url)
      try store.save(sampleDraft(1))
      // Red text in a serif face, and nothing said about the outline or the letter case.
      try store.database.writing { db in
        try db.execute(
          sql:
            #"UPDATE sentMeme SET style = '{"fontFamily":"Serif","textColor":{"alpha":1,"blue":0,"green":0,"red":1}}'"#
        )
      }
    }

    let loaded = try #require(try SentMemeStore(directory: folder.url).allMemes().first)
    #expect(loaded.style.fontFamily == "Serif")
    #expect(loaded.style.textColor == RGBAColor(red: 1, green: 0, blue: 0))
    #expect(loaded.style.outlineColor == CaptionStyle.classic.outlineColor)
    #expect(loaded.style.isUppercase == CaptionStyle.classic.isUppercase)
  }

  @Test func anEmptyStyleIsTheClassicStyleAndADamagedOneToo() throws {
    let decoder = JSONDecoder()
    #expect(try decoder.decode(CaptionStyle.self, from: Data("{}".utf8)) == .classic)
    // A field of the wrong kind is damage, not absence: the decoder still fails, and the store shows
    // the classic style for it.
    #expect(throws: DecodingError.self) {
      try decoder.decode(CaptionStyle.self, from: Data(#"{"isUppercase":"yes"}"#.utf8))
    }
  }

  @Test(arguments: [
    CaptionStyle.classic,
    CaptionStyle(fontFamily: "Serif", textColor: .black, outlineColor: .white, isUppercase: false),
  ])
  func aStyleRoundTripsThroughItsJSON(style: CaptionStyle) throws {
    let json = try SentMemeDecoder.json(for: style)
    #expect(try JSONDecoder().decode(CaptionStyle.self, from: Data(json.utf8)) == style)
  }
}
