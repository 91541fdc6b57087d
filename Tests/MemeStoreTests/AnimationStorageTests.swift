// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore
import Testing

@testable import MemeStore

/// A meme sent as an animation is stored as its files (no column says so): the source animation as
/// the original and the animation written as the rendered file, which after reopening still says
/// the meme is animated; a still meme's PNG or JPEG does not.
@Suite struct AnimationStorageTests {
  @Test(arguments: [("gif", true), ("webp", true), ("png", false), ("jpg", false)])
  func theRenderedFilesKindSaysWhetherTheMemeIsAnimated(fileExtension: String, isAnimated: Bool) throws {
    let folder = try TemporaryFolder()
    let source = folder.file("reaction.gif")
    let sourceBytes = randomBytes(4096)
    try sourceBytes.write(to: source)
    let rendered = randomBytes(2048)
    let meme = Meme(
      content: MemeContent(captions: MemeCaptions(top: "moving", bottom: "picture")), originalImage: source)
    let saved = try SentMemeStore(directory: folder.url).save(
      SentMemeDraft(
        meme: meme, rendered: EncodedImage(data: rendered, fileExtension: fileExtension),
        thumbnail: .png(randomBytes(256))))

    let loaded = try #require(try SentMemeStore(directory: folder.url).meme(id: saved.id))
    #expect(loaded.isAnimated == isAnimated)
    #expect(loaded.renderedImageURL.pathExtension == fileExtension)
    #expect(loaded.originalImageURL.pathExtension == "gif")
    #expect(try contents(loaded.originalImageURL) == sourceBytes)
    #expect(try contents(loaded.renderedImageURL) == rendered)
  }
}
