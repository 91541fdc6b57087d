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
    let store = try SentMemeStore(directory: folder.url)
    let box = MemeLayer.text(
      TextBox(text: "one meme's", frame: RelativeRect(x: 0, y: 0, width: 0.5, height: 0.5)))
    let captions = MemeCaptions(
      top: "dropped", bottom: "", layers: [Self.reaction, box, .bubble(Self.comic)])
    let id = try store.saveTemplate(templateDraft(named: "bubbles", captions)).id
    var form = Self.comic
    form.text = ""
    #expect(try store.template(id: id)?.content.layers == [Self.reaction, .bubble(form)])
  }
}
