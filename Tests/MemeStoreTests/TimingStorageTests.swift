// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GRDB
import MemeCore
import Testing

@testable import MemeStore

/// How Sent Memes keeps how a moving picture plays: its `PlaybackTiming` as JSON in the `timing`
/// column, NULL when it plays as its source does. A store made before timing migrates with every
/// meme played as its source.
@Suite struct TimingStorageTests {
  static let timing = PlaybackTiming(start: 0.3, end: 1.25, speed: 2, isReversed: true, playCount: 3)

  static func draft(_ timing: PlaybackTiming) -> SentMemeDraft {
    var draft = sampleDraft(0)
    draft.content.timing = timing
    return draft
  }

  @Test func theTimingReadsBackAsItWasSaved() throws {
    let folder = try TemporaryFolder()
    let (timed, untimed): (SentMeme, SentMeme)
    do {
      let store = try SentMemeStore(directory: folder.url)
      timed = try store.save(Self.draft(Self.timing))
      untimed = try store.save(Self.draft(PlaybackTiming()))
      #expect(try store.column("timing", ofRowWithID: untimed.id) == nil)
      #expect(try store.column("timing", ofRowWithID: timed.id) != nil)
    }
    let store = try SentMemeStore(directory: folder.url)
    #expect(try store.meme(id: timed.id)?.content.timing == Self.timing)
    #expect(try store.meme(id: untimed.id)?.content.timing == PlaybackTiming())
  }

  @Test func aTimingThatNoLongerDecodesPlaysAsTheSource() throws {
    let folder = try TemporaryFolder()
    let store = try SentMemeStore(directory: folder.url)
    let id = try store.save(Self.draft(Self.timing)).id
    try store.database.writing {
      try $0.execute(sql: "UPDATE sentMeme SET timing = ? WHERE id = ?", arguments: ["{speed", id])
    }
    let read = try #require(try store.meme(id: id))
    #expect(read.content.timing == PlaybackTiming() && read.top == "Top 0")
  }

  @Test func aStoreMadeBeforeTimingMigrates() throws {
    let folder = try TemporaryFolder()
    try StickerStorageTests.makeReleaseStoreWithATemplate(in: folder, upTo: "v11 effects")
    let store = try SentMemeStore(directory: folder.url)
    let meme = try #require(try store.allMemes().first)
    #expect(meme.top == "top" && meme.content.timing == PlaybackTiming())
    let saved = try store.save(Self.draft(Self.timing))
    #expect(try store.meme(id: saved.id)?.content.timing == Self.timing)
  }
}
