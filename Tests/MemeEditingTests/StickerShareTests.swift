// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore
import MemeStore
import PictureChecks
import PictureFixtures
import Testing

@testable import MemeEditing

/// Save as Sticker's pipeline without a window: the name it proposes, the file it writes and what
/// Sent Memes keeps of it.
@Suite struct StickerShareTests {
  private static func output(_ name: String) -> URL {
    Fixtures.folder.appendingPathComponent("\(UUID().uuidString)-\(name)")
  }

  @Test func aBandStillIsWrittenAsTheBytesSentMemesKeeps() throws {
    let picture = Fixtures.picture(width: 900, height: 600, name: "sticker-band.png")
    let snapshot = ShareSnapshot(
      captions: MemeCaptions(
        top: "a band", bottom: "", style: MemeLayoutKind.band.defaultStyle, layout: .band),
      picture: try EditorImage.load(contentsOf: picture), transform: .identity)
    #expect(SharePipeline.suggestedStickerName(for: snapshot).hasSuffix("-sticker.png"))
    let url = Self.output("band-sticker.png")
    let meme = try SharePipeline.runSticker(snapshot, to: url).get()
    #expect(meme.deliveredFile == url)
    #expect(meme.file.fileExtension == "png")
    #expect(meme.file.data == (try Data(contentsOf: url)))
    let sticker = try ImageLoader().load(contentsOf: url)
    #expect(sticker.width == 512 && sticker.hasAlpha)
    #expect(sticker.color(atX: 0, y: 0).alpha == 0)
  }

  /// An animated picture proposes a WebM; under a PNG name it is its first frame's still sticker.
  @Test func anAnimationProposesAWebMAndGivesAStillUnderAPNGName() throws {
    let source = try AnimationSamples.write(AnimationSamples.movingSquare())
    let snapshot = ShareSnapshot(
      captions: MemeCaptions(top: "moving", bottom: ""), picture: try EditorImage.load(contentsOf: source),
      transform: .identity)
    #expect(SharePipeline.stickerAnimates(snapshot))
    #expect(SharePipeline.suggestedStickerName(for: snapshot).hasSuffix("-sticker.webm"))
    let url = Self.output("first-frame-sticker.png")
    _ = try SharePipeline.runSticker(snapshot, to: url).get()
    let sticker = try ImageLoader().load(contentsOf: url)
    #expect(sticker.width == 512 && sticker.height == 384)
  }
}
