// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GRDB
import MemeCore
import Testing

@testable import MemeStore

/// Text boxes are kept with their meme; a store made by the release before them opens as two-box
/// memes that render exactly as they did.
@Suite struct TextBoxStorageTests {
  /// The schema the release before text boxes wrote, verbatim (its migrations "v1 sent memes" and
  /// "v2 picture transform"), with GRDB's record of them: the fixture is made without the new code.
  static let releaseSchema = """
    CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
    CREATE TABLE sentMeme (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      topText TEXT NOT NULL,
      bottomText TEXT NOT NULL,
      style TEXT NOT NULL,
      sentAt REAL NOT NULL,
      position INTEGER NOT NULL,
      originalFile TEXT NOT NULL,
      renderedFile TEXT NOT NULL,
      thumbnailFile TEXT NOT NULL,
      deletedAt REAL
    );
    CREATE INDEX sentMeme_position ON sentMeme(position);
    ALTER TABLE sentMeme ADD COLUMN transform TEXT;
    INSERT INTO grdb_migrations VALUES ('v1 sent memes'), ('v2 picture transform');
    """

  @Test func aReleaseStoreOpensAsTwoBoxMemesThatRenderAsBefore() throws {
    let folder = try TemporaryFolder()
    try FileManager.default.createDirectory(at: folder.imagesURL, withIntermediateDirectories: true)
    for name in ["a.jpg", "a-meme.png", "a-thumb.png"] {
      try randomBytes(100).write(to: folder.imagesURL.appendingPathComponent(name))
    }
    let style =
      #"{"isUppercase":false,"outlineColor":{"alpha":1,"blue":0.5,"green":0,"red":0},"#
      + #""textColor":{"alpha":1,"blue":1,"green":1,"red":1}}"#
    let queue = try DatabaseQueue(path: folder.databaseURL.path)
    try queue.write { db in
      try db.execute(sql: Self.releaseSchema)
      try db.execute(
        sql: """
          INSERT INTO sentMeme (topText, bottomText, style, sentAt, position, originalFile, renderedFile,
            thumbnailFile, transform)
          VALUES ('One does not simply', 'migrate a meme', ?, 1000, 0, 'a.jpg', 'a-meme.png', 'a-thumb.png',
            '{"crop":{"x":0,"y":0,"width":300,"height":200},"flipsHorizontally":false,"flipsVertically":false,"quarterTurns":1}')
          """, arguments: [style])
    }
    try queue.close()

    let store = try SentMemeStore(directory: folder.url)
    let loaded = try #require(try store.allMemes().first)
    #expect(loaded.textBoxes.isEmpty)
    #expect(loaded.transform.quarterTurns == 1)
    let captions = loaded.meme.captions
    #expect(captions.top == "One does not simply" && captions.bottom == "migrate a meme")
    #expect(captions.style.isUppercase == false && captions.style.outlineColor.blue == 0.5)
    // Two boxes: the classic captions in their bands, in the stored style.
    let boxes = CaptionPosition.allCases.map {
      TextBox.classic($0, text: captions.text(at: $0), style: captions.style)
    }
    #expect(boxes.map(\.text) == ["One does not simply", "migrate a meme"])
    #expect(boxes.allSatisfy { $0.style == captions.style && $0.angle == 0 })
    // Drawn as two boxes, the meme is the one the release drew from the same row.
    let asBoxes = MemeCaptions(top: "", bottom: "", style: captions.style, layers: boxes.map(MemeLayer.text))
    let release = MemeCaptions(top: "One does not simply", bottom: "migrate a meme", style: captions.style)
    let picture = Self.picture(width: 300, height: 200)
    let drawn = try #require(MemeRenderer.rendered(asBoxes, image: picture))
    let before = try #require(MemeRenderer.rendered(release, image: picture))
    #expect(Self.samePixels(drawn, before))
    #expect(!Self.samePixels(drawn, picture))

    let migrated = try DatabaseQueue(path: folder.databaseURL.path).read { db in
      (
        try db.columns(in: "sentMeme").map(\.name),
        try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations"),
        try Row.fetchOne(db, sql: "SELECT textBoxes FROM sentMeme")
      )
    }
    #expect(migrated.0.contains("textBoxes"))
    #expect(migrated.1.contains("v3 text boxes"))
    let column: String? = migrated.2?["textBoxes"]
    #expect(column == nil)
  }

  /// Every box, with its frame, angle, style, alignment, anchor and fitting, reads back after
  /// reopening and reaches the editor's meme and a draft made from it (Edit & Resend).
  @Test func textBoxesReadBackAndTravelToTheResentDraft() throws {
    let folder = try TemporaryFolder()
    var draft = sampleDraft(1)
    draft.layers = [
      TextBox(
        text: "turned", frame: RelativeRect(x: 0.2, y: 0.3, width: 0.5, height: 0.25), angle: -12.5,
        style: CaptionStyle(
          fontFamily: "DejaVu Serif", textColor: .black, outlineColor: .white, isUppercase: false),
        alignment: .right, anchor: .top, fitting: .fixed(heightFraction: 0.07)),
      TextBox(text: "plain", frame: RelativeRect(x: -0.1, y: 0.8, width: 0.6, height: 0.3)),
    ].map(MemeLayer.text)
    let saved = try SentMemeStore(directory: folder.url).save(draft)
    #expect(saved.textBoxes == draft.textBoxes)
    let plain = try SentMemeStore(directory: folder.url).save(sampleDraft(2))

    let store = try SentMemeStore(directory: folder.url)
    let loaded = try #require(try store.meme(id: saved.id))
    #expect(loaded.textBoxes == draft.textBoxes)
    #expect(loaded.meme.captions.textBoxes == draft.textBoxes)
    #expect(loaded.meme.captions.layers.count == 2)
    #expect(try store.meme(id: plain.id)?.textBoxes == [])
    let resent = SentMemeDraft(
      meme: loaded.meme, rendered: .png(randomBytes(10)), thumbnail: .png(randomBytes(10)))
    #expect(resent.textBoxes == draft.textBoxes)
    let again = try store.save(resent)
    #expect(try store.meme(id: again.id)?.textBoxes == draft.textBoxes)
  }

  private static func picture(width: Int, height: Int) -> RasterImage {
    let image = RasterImage(width: width, height: height, hasAlpha: false)!
    for y in 0..<height {
      for x in 0..<width {
        image.pixels[y * image.stride + x * 4] = UInt8(x % 256)
        image.pixels[y * image.stride + x * 4 + 1] = UInt8(y % 256)
        image.pixels[y * image.stride + x * 4 + 2] = 128
        image.pixels[y * image.stride + x * 4 + 3] = 255
      }
    }
    image.markDirty()
    return image
  }

  private static func samePixels(_ first: RasterImage, _ second: RasterImage) -> Bool {
    first.width == second.width && first.height == second.height
      && (0..<first.height).allSatisfy { y in
        (0..<first.width).allSatisfy { x in first.color(atX: x, y: y) == second.color(atX: x, y: y) }
      }
  }
}
