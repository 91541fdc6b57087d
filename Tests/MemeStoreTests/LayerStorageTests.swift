// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GRDB
import MemeCore
import Testing

@testable import MemeStore

/// How the store keeps layers: each with its kind's name beside its fields, and the text boxes
/// stored before there were kinds read as text boxes.
@Suite struct LayerStorageTests {
  static let boxes = [
    TextBox(text: "first", frame: RelativeRect(x: 0.1, y: 0.2, width: 0.5, height: 0.25), angle: 12),
    TextBox(text: "second", frame: RelativeRect(x: -0.2, y: 0.6, width: 0.8, height: 0.3), alignment: .right),
  ]

  /// Each stored layer names its kind; its own fields are those the kind's type writes.
  @Test func aStoredLayerNamesItsKind() throws {
    let json = try #require(try SentMemeDecoder.json(for: Self.boxes.map(MemeLayer.text)))
    let objects = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
    #expect(objects.map { $0["kind"] as? String } == ["text", "text"])
    #expect(objects.map { $0["text"] as? String } == ["first", "second"])
    #expect(SentMemeDecoder.layers(fromJSON: json) == Self.boxes.map(MemeLayer.text))
  }

  /// A sticker is kept as its kind, its source (a picture by path, name and, once the store keeps
  /// the file, its content hash; or an emoji), its place, turn, opacity and flip, and read back the
  /// same among text boxes.
  @Test func stickersAreKeptWithTheirSourceAmongTextBoxes() throws {
    let layers: [MemeLayer] = [
      .text(Self.boxes[0]),
      .sticker(
        StickerLayer(
          source: .picture(StickerPicture(path: "/pictures/deal with it.png", contentHash: "ab12")),
          frame: RelativeRect(x: 0.2, y: 0.1, width: 0.3, height: 0.2), angle: -15, opacity: 0.75,
          isFlipped: true)),
      .sticker(
        StickerLayer(source: .emoji("😎"), frame: RelativeRect(x: 0.5, y: 0.5, width: 0.2, height: 0.2))),
    ]
    let json = try #require(try SentMemeDecoder.json(for: layers))
    let objects = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
    #expect(objects.map { $0["kind"] as? String } == ["text", "sticker", "sticker"])
    let picture = try #require((objects[1]["source"] as? [String: Any])?["picture"] as? [String: Any])
    #expect(picture["path"] as? String == "/pictures/deal with it.png")
    #expect(picture["name"] as? String == "deal with it.png")
    #expect(picture["sha256"] as? String == "ab12")
    #expect(objects[1]["opacity"] as? Double == 0.75 && objects[1]["flipped"] as? Bool == true)
    #expect((objects[2]["source"] as? [String: Any])?["emoji"] as? String == "😎")
    #expect(SentMemeDecoder.layers(fromJSON: json) == layers)
  }

  /// The column as earlier releases wrote it, an array of bare text boxes, reads as text layers.
  @Test func textBoxesStoredBeforeLayersReadAsTextLayers() throws {
    let earlier = String(decoding: try JSONEncoder().encode(Self.boxes), as: UTF8.self)
    #expect(!earlier.contains("\"kind\""))
    #expect(SentMemeDecoder.layers(fromJSON: earlier) == Self.boxes.map(MemeLayer.text))
  }

  /// A kind this version does not know (written by a later one) leaves the layers out rather than
  /// hiding the meme, as a damaged column does.
  @Test func anUnknownKindLeavesTheLayersOut() throws {
    let later = #"[{"kind": "hologram", "frame": {"x": 0, "y": 0, "width": 1, "height": 1}, "angle": 0}]"#
    #expect(SentMemeDecoder.layers(fromJSON: later) == [])
    #expect(SentMemeDecoder.layers(fromJSON: "not json") == [])
    #expect(SentMemeDecoder.layers(fromJSON: nil) == [])
  }
}
