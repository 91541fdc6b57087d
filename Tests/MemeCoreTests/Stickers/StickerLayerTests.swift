// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import PictureFixtures
import Testing

@testable import MemeCore

/// The sticker layer's own answers: its name in the description, its picture decoded once however
/// often it is laid out (a drag lays it out for every move), read again when the file changes, its
/// flip and opacity as drawn, and the timeline an animated sticker gives.
@Suite struct StickerLayerTests {
  static func pictureFile(width: Int = 60, height: Int = 40) -> URL {
    PictureFixtures.Fixtures.picture(width: width, height: height, name: "sticker-\(width)x\(height).png")
  }

  @Test func theDescriptionNamesTheFileOrTheEmoji() {
    let file = StickerLayer(
      source: .picture(StickerPicture(path: "/somewhere/deal with it.png")),
      frame: RelativeRect(x: 0, y: 0, width: 0.5, height: 0.5))
    #expect(file.describedText == "Sticker: deal with it.png")
    let emoji = StickerLayer(source: .emoji("😎"), frame: RelativeRect(x: 0, y: 0.5, width: 0.5, height: 0.5))
    #expect(emoji.describedText == "Sticker: smiling face with sunglasses")
    #expect(StickerSource.emoji("👍🏽").name == "thumbs up sign")
    let captions = MemeCaptions(top: "top", bottom: "", layers: [.sticker(emoji), .sticker(file)])
    #expect(captions.defaultDescription.contains("Sticker: deal with it.png"))
  }

  @Test func aPictureIsDecodedOnceHoweverOftenItIsLaidOut() throws {
    let url = Self.pictureFile()
    var sticker = StickerLayer(
      source: .picture(StickerPicture(path: url.path)),
      frame: RelativeRect(x: 0.1, y: 0.1, width: 0.3, height: 0.3))
    let first = MemeLayout(
      captions: MemeCaptions(top: "", bottom: "", layers: [.sticker(sticker)]), imageWidth: 400,
      imageHeight: 300)
    sticker.frame.x = 0.4
    let moved = MemeLayout(
      captions: MemeCaptions(top: "", bottom: "", layers: [.sticker(sticker)]), imageWidth: 400,
      imageHeight: 300,
      reusing: first)
    let a = try #require(first.layers[0].drawing as? PictureDrawing)
    let b = try #require(moved.layers[0].drawing as? PictureDrawing)
    #expect(a !== b, "the moved sticker is laid out again")
    #expect(a.image === b.image, "and drawn from the same decoded pixels")
    #expect(a.place.x == 40 && b.place.x == 160)
  }

  @Test func aChangedFileIsReadAgain() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sticker-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("s.png").path
    try FileManager.default.copyItem(atPath: Self.pictureFile(width: 60, height: 40).path, toPath: path)
    let source = StickerSource.picture(StickerPicture(path: path))
    #expect(try StickerPictures.shared.picture(of: source).width == 60)
    try FileManager.default.removeItem(atPath: path)
    try FileManager.default.copyItem(atPath: Self.pictureFile(width: 30, height: 20).path, toPath: path)
    #expect(try StickerPictures.shared.picture(of: source).width == 30)
    try FileManager.default.removeItem(atPath: path)
    #expect(throws: ImageError.self) { try StickerPictures.shared.picture(of: source) }
  }

  /// Flipped, the sticker's left edge is drawn on the right; at half opacity, half as strongly.
  @Test func flipAndOpacityAreDrawn() throws {
    // Red on the left half, blue on the right.
    let picture = try #require(RasterImage(width: 20, height: 10, hasAlpha: false))
    for y in 0..<10 {
      let row = UnsafeMutableRawPointer(picture.pixels + y * picture.stride).assumingMemoryBound(
        to: UInt32.self)
      for x in 0..<20 { row[x] = x < 10 ? 0xFFFF_0000 : 0xFF00_00FF }
    }
    picture.markDirty()
    func drawn(flipped: Bool, opacity: Double) throws -> RasterImage {
      let canvas = try #require(RasterImage(width: 200, height: 100, hasAlpha: true))
      let drawing = PictureDrawing(
        picture, place: ImageRect(x: 0, y: 0, width: 200, height: 100), angle: 0, opacity: opacity,
        isFlipped: flipped, clip: nil)
      drawing.draw(onRowsOf: canvas)
      return canvas
    }
    let plain = try drawn(flipped: false, opacity: 1)
    let flipped = try drawn(flipped: true, opacity: 1)
    let faint = try drawn(flipped: false, opacity: 0.5)
    #expect(plain.color(atX: 20, y: 50).red > 0.99 && plain.color(atX: 180, y: 50).blue > 0.99)
    #expect(flipped.color(atX: 20, y: 50).blue > 0.99 && flipped.color(atX: 180, y: 50).red > 0.99)
    #expect(abs(faint.color(atX: 20, y: 50).alpha - 0.5) < 0.01)
  }

  @Test func anAnimatedStickerSetsTheStillPicturesTimeline() throws {
    let frames = try (0..<3).map { _ in try #require(RasterImage(width: 4, height: 4, hasAlpha: true)) }
    let animation = StickerFrames(frames: frames, delays: [100, 200, 300])
    #expect(animation.frame(atMilliseconds: nil) === frames[0])
    #expect(animation.frame(atMilliseconds: 99) === frames[0])
    #expect(animation.frame(atMilliseconds: 100) === frames[1])
    #expect(animation.frame(atMilliseconds: 599) === frames[2])
    #expect(animation.frame(atMilliseconds: 650) === frames[0], "it loops")
    #expect(LayerTimeline(MemeCaptions(top: "a", bottom: "b"), maximumFrames: 10) == nil)
  }
}
