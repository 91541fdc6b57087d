// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore
import PictureChecks
import Testing

/// An animated sticker: on a still picture it makes the meme animated with the sticker's frames and
/// delays; on an animated picture its frames follow the picture's timeline, looping. The pictures
/// are made, and the memes read back, by Pillow.
@Suite(.enabled(if: AnimationReferences.pillowAvailable, "needs Pillow"))
struct StickerAnimationTests {
  /// The sticker's frames: red for 100 ms, green for 200 ms, blue for 300 ms.
  static let stickerDelays = [100, 200, 300]

  /// Makes `sticker.gif` (3 frames, 40 × 40), `still.png` (160 × 120) and `clip.gif` (24 frames of
  /// 160 × 120, 40 ms each, each a different grey) in `folder`.
  static func makePictures(in folder: String) throws {
    let script = """
      import sys
      from PIL import Image
      folder = sys.argv[1]
      colours = [(255, 0, 0), (0, 255, 0), (0, 0, 255)]
      frames = [Image.new("RGB", (40, 40), c) for c in colours]
      frames[0].save(folder + "/sticker.gif", save_all=True, append_images=frames[1:],
                     duration=[100, 200, 300], loop=0)
      Image.new("RGB", (160, 120), (200, 200, 200)).save(folder + "/still.png")
      clip = [Image.new("RGB", (160, 120), (40 + 8 * i,) * 3) for i in range(24)]
      clip[0].save(folder + "/clip.gif", save_all=True, append_images=clip[1:], duration=40, loop=0)
      """
    try JPEGTools.run("python3", ["-c", script, folder])
  }

  /// Which of red, green and blue the sticker shows at the centre of `frame` (the box's centre).
  static func stickerColour(_ frame: RasterImage) -> Int? {
    let colour = frame.color(atX: 80, y: 60)
    let channels = [colour.red, colour.green, colour.blue]
    guard let strongest = channels.indices.max(by: { channels[$0] < channels[$1] }),
      channels[strongest] > 0.8, channels.filter({ $0 > 0.3 }).count == 1
    else { return nil }
    return strongest
  }

  @Test(arguments: ["gif", "webp"]) func onAStillPictureTheStickerMakesTheFrames(format: String) throws {
    let fixtures = try Fixtures()
    try Self.makePictures(in: fixtures.folder.path)
    let output = fixtures.path("meme.\(format)")
    let result = try CommandLineRunner.run(
      [
        "render", fixtures.path("still.png"), "-o", output, "--sticker", fixtures.path("sticker.gif"),
        "--box",
        "0.25,0.25,0.5,0.5",
      ])
    try #require(result.status == 0, "\(result.standardError)")
    let read = try AnimationReferences.readByPillow(URL(fileURLWithPath: output))
    #expect(read.frames.count == 3)
    #expect(read.delays == Self.stickerDelays)
    #expect(read.frames.map(Self.stickerColour) == [0, 1, 2])
    // Outside the sticker, every frame is the picture.
    for frame in read.frames {
      let corner = frame.color(atX: 5, y: 5)
      #expect(abs(corner.red - 200.0 / 255) < 0.03 && abs(corner.blue - 200.0 / 255) < 0.03, "\(corner)")
    }
  }

  @Test func onAnAnimatedPictureTheStickerFollowsItsTimeline() throws {
    let fixtures = try Fixtures()
    try Self.makePictures(in: fixtures.folder.path)
    let output = fixtures.path("meme.gif")
    let result = try CommandLineRunner.run(
      [
        "render", fixtures.path("clip.gif"), "-o", output, "--sticker", fixtures.path("sticker.gif"), "--box",
        "0.25,0.25,0.5,0.5",
      ])
    try #require(result.status == 0, "\(result.standardError)")
    let read = try AnimationReferences.readByPillow(URL(fileURLWithPath: output))
    #expect(read.frames.count == 24)
    #expect(read.delays == Array(repeating: 40, count: 24))
    // Frame i is shown at 40·i ms; the sticker's 600 ms loop shows red, then green, then blue.
    let expected = (0..<24).map { index -> Int? in
      let time = index * 40 % 600
      return time < 100 ? 0 : time < 300 ? 1 : 2
    }
    #expect(read.frames.map(Self.stickerColour) == expected)
    // And the picture's own frames are kept: the corner's grey grows frame by frame.
    let greys = read.frames.map { $0.color(atX: 5, y: 5).red }
    #expect(zip(greys, greys.dropFirst()).allSatisfy { $0 < $1 }, "\(greys)")
  }

  /// As PNG, the meme holds the sticker's first frame, and says so.
  @Test func aStillFormatGetsTheFirstFrameWithANote() throws {
    let fixtures = try Fixtures()
    try Self.makePictures(in: fixtures.folder.path)
    let result = try CommandLineRunner.run(
      [
        "render", fixtures.path("still.png"), "-o", fixtures.path("meme.png"), "--sticker",
        fixtures.path("sticker.gif"), "--box", "0.25,0.25,0.5,0.5",
      ])
    try #require(result.status == 0, "\(result.standardError)")
    #expect(result.standardError.contains("a sticker is animated"), "\(result.standardError)")
    #expect(Self.stickerColour(try fixtures.decode(fixtures.path("meme.png"))) == 0)
  }
}
