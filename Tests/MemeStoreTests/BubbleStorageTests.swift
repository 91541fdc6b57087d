// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore
import MemeStore
import Testing

/// Speech bubbles in the store: a sent meme keeps both kinds as they were, and a template keeps them
/// as forms to fill, a comic bubble without its text.
@Suite struct BubbleStorageTests {
  static let reaction = MemeLayer.bubble(
    .reaction(transparent: true, flipped: true, atBottom: true, size: 0.35))
  static let comic = SpeechBubble(
    shape: .ellipse, frame: RelativeRect(x: 0.2, y: 0.1, width: 0.5, height: 0.3), angle: -8, tailX: 0.7,
    tailY: 0.9, text: "مرحبا 😀")

  @Test func aTemplateKeepsTheBubblesWithoutTheComicBubblesText() throws {
    let folder = try TemporaryFolder()
    let box = MemeLayer.text(
      TextBox(text: "one meme's", frame: RelativeRect(x: 0, y: 0, width: 0.5, height: 0.5)))
    let draft = MemeTemplateDraft(
      name: "bubbles", picture: .png(randomBytes(120)), thumbnail: .png(randomBytes(40)),
      content: MemeContent(
        captions: MemeCaptions(top: "dropped", bottom: "", layers: [Self.reaction, box, .bubble(Self.comic)]))
    )
    let saved = try SentMemeStore(directory: folder.url).saveTemplate(draft)
    var form = Self.comic
    form.text = ""
    let template = try #require(try SentMemeStore(directory: folder.url).template(id: saved.id))
    #expect(template.content.layers == [Self.reaction, .bubble(form)])
  }
}
