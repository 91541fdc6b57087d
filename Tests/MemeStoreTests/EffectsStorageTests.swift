// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GRDB
import MemeCore
import Testing

@testable import MemeStore

/// How Sent Memes and the templates keep a meme's effects and hidden areas: the effects as JSON in
/// the `effects` column (NULL for none), the hidden areas among the layers; a template keeps both,
/// since they belong to the picture it keeps. A store made before effects migrates with none.
@Suite struct EffectsStorageTests {
  static let effects = PictureEffects(
    deepFry: 7, moreJPEG: 4, isBlackAndWhite: true, friesText: true, seed: 42)
  static let area = MemeLayer.hidden(
    HiddenArea(
      frame: RelativeRect(x: 0.1, y: 0.2, width: 0.3, height: 0.1),
      method: .solid(RGBAColor(red: 0.2, green: 0.4, blue: 0.6)), strength: 8))

  static func draft(_ effects: PictureEffects, layers: [MemeLayer] = []) -> SentMemeDraft {
    var draft = sampleDraft(0)
    draft.content.captions.effects = effects
    draft.content.captions.layers = layers
    return draft
  }

  static func effectsColumn(of id: Int64, _ store: SentMemeStore) throws -> String? {
    try store.column("effects", ofRowWithID: id)
  }

  @Test func effectsAndHiddenAreasReadBackAsTheyWereSaved() throws {
    let folder = try TemporaryFolder()
    let (withEffects, without): (SentMeme, SentMeme)
    do {
      let store = try SentMemeStore(directory: folder.url)
      withEffects = try store.save(Self.draft(Self.effects, layers: [Self.area]))
      without = try store.save(Self.draft(.none))
      #expect(try Self.effectsColumn(of: without.id, store) == nil)
      #expect(try Self.effectsColumn(of: withEffects.id, store) != nil)
    }
    let store = try SentMemeStore(directory: folder.url)
    let read = try #require(try store.meme(id: withEffects.id))
    #expect(read.content.effects == Self.effects)
    #expect(read.content.layers == [Self.area])
    #expect(try store.meme(id: without.id)?.content.effects == PictureEffects.none)
  }

  @Test func aTemplateKeepsTheEffectsAndHiddenAreasButNotTheTexts() throws {
    let folder = try TemporaryFolder()
    let box = MemeLayer.text(
      TextBox(text: "one meme's", frame: RelativeRect(x: 0, y: 0, width: 0.5, height: 0.5)))
    let draft = MemeTemplateDraft(
      name: "fried", picture: .png(randomBytes(120)), thumbnail: .png(randomBytes(40)),
      content: MemeContent(
        captions: MemeCaptions(top: "dropped", bottom: "", layers: [box, Self.area], effects: Self.effects)))
    let saved = try SentMemeStore(directory: folder.url).saveTemplate(draft)
    #expect(saved.content.effects == Self.effects)
    let template = try #require(try SentMemeStore(directory: folder.url).template(id: saved.id))
    #expect(template.content.effects == Self.effects)
    #expect(template.content.layers == [Self.area])
    #expect(template.content.top == "")
  }

  @Test func effectsThatNoLongerDecodeReadAsNone() throws {
    let folder = try TemporaryFolder()
    let store = try SentMemeStore(directory: folder.url)
    let id = try store.save(Self.draft(Self.effects)).id
    try store.database.writing {
      try $0.execute(sql: "UPDATE sentMeme SET effects = ? WHERE id = ?", arguments: ["[not effects", id])
    }
    let read = try #require(try store.meme(id: id))
    #expect(read.content.effects == PictureEffects.none && read.top == "Top 0")
  }

  @Test func aStoreMadeBeforeEffectsMigrates() throws {
    let folder = try TemporaryFolder()
    try StickerStorageTests.makeReleaseStoreWithATemplate(in: folder, upTo: "v10 panels")
    let store = try SentMemeStore(directory: folder.url)
    let meme = try #require(try store.allMemes().first)
    #expect(meme.top == "top" && meme.content.effects == PictureEffects.none)
    #expect(try store.templates().first?.content.effects == PictureEffects.none)
    let saved = try store.save(Self.draft(Self.effects))
    #expect(try store.meme(id: saved.id)?.content.effects == Self.effects)
  }
}
