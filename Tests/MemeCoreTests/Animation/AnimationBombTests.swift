// SPDX-License-Identifier: GPL-3.0-or-later
import DiskTestSupport
import Foundation
import PictureChecks
import Testing

@testable import MemeCore

/// Issue 48: the hostile animations of the outside probe go through the one animation reader on the
/// still path too (`ImageLoader`, which exports as PNG or JPEG, thumbnails, icons and pastes use):
/// its frame and memory limits refuse them before a pixel is decoded, or only their first frame is.
@Suite struct AnimationBombTests {
  static func write(_ bytes: [UInt8], _ name: String, _ fileExtension: String = "webp") throws -> URL {
    let file = ScratchFolder.unique(name).appendingPathExtension(fileExtension)
    try Data(bytes).write(to: file)
    return file
  }

  /// 480 KB that took a 24 GB machine down: refused from the structure, on the still path as on the
  /// animated one.
  @Test func tenThousandFramesAreRefusedOnTheStillPath() throws {
    let file = try Self.write(WebPBuilder.animation(width: 999, height: 999, frames: 10_000), "ten-thousand")
    let still = #expect(throws: ImageError.self) { try ImageLoader().load(contentsOf: file) }
    #expect(still?.kind == .tooLarge)
    #expect(still?.reason == "the animation has more than 6,000 frames")
    let animated = #expect(throws: ImageError.self) { try AnimationReader(contentsOf: file) }
    #expect(animated?.reason == still?.reason)
  }

  /// 2,000 frames within the limits: only the first is decoded, onto the canvas, where the file
  /// places it (the red square at the top left), the rest of the canvas transparent.
  @Test func twoThousandFramesGiveTheirFirstFrame() throws {
    let file = try Self.write(WebPBuilder.animation(width: 999, height: 999, frames: 2_000), "two-thousand")
    let picture = try ImageLoader().load(contentsOf: file)
    #expect((picture.width, picture.height) == (999, 999))
    #expect(picture.hasAlpha)
    #expect(picture.color(atX: 0, y: 0) == RGBAColor(red: 1, green: 0, blue: 0, alpha: 1))
    #expect(picture.color(atX: 15, y: 15) == RGBAColor(red: 1, green: 0, blue: 0, alpha: 1))
    #expect(picture.color(atX: 16, y: 16).alpha == 0)
    #expect(picture.color(atX: 998, y: 998).alpha == 0)
    let size = try ImageLoader().pixelSize(ofImageAt: file)
    #expect(size.width == 999 && size.height == 999)
  }

  /// The first frame may be placed anywhere on the canvas: it is drawn at its offset.
  @Test func theFirstFrameIsDrawnAtItsOffset() throws {
    let file = try Self.write(
      WebPBuilder.animation(width: 64, height: 48, frames: 2, offset: (x: 20, y: 30)), "offset")
    let picture = try ImageLoader().load(contentsOf: file)
    #expect(picture.color(atX: 20, y: 30) == RGBAColor(red: 1, green: 0, blue: 0, alpha: 1))
    #expect(picture.color(atX: 35, y: 45) == RGBAColor(red: 1, green: 0, blue: 0, alpha: 1))
    #expect(picture.color(atX: 19, y: 30).alpha == 0)
    #expect(picture.color(atX: 36, y: 46).alpha == 0)
    // The animation reader composes the same first frame.
    let reader = try AnimationReader(contentsOf: file)
    _ = try reader.nextFrame()
    #expect(differingPixels(picture, reader.canvas) == 0)
  }

  /// 1 KB declaring a 10000 × 10000 canvas: within the pixel and frame limits, but reading it takes
  /// five canvases of 400 MB: refused in one line by the memory budget, on every path.
  @Test func aGigapixelCanvasIsRefusedByTheMemoryBudget() throws {
    let file = try Self.write(WebPBuilder.animation(width: 10_000, height: 10_000, frames: 21), "gigapixel")
    let still = #expect(throws: ImageError.self) { try ImageLoader().load(contentsOf: file) }
    #expect(still?.kind == .tooLarge)
    #expect(
      still?.reason
        == "the animation's 10,000 × 10,000 canvas needs 2.0 GB of memory to work on, more than the limit of 800.0 MB",
      "\(String(describing: still))")
    let animated = #expect(throws: ImageError.self) { try AnimationReader(contentsOf: file) }
    #expect(animated?.reason == still?.reason)
  }

  /// A canvas whose reading fits the budget can still be refused before an export whose encoder
  /// keeps more copies of it, before any frame is decoded.
  @Test func anExportIsRefusedWhenItsEncoderWouldPassTheBudget() throws {
    let file = try Self.write(WebPBuilder.animation(width: 3500, height: 3500, frames: 2), "encoder")
    #expect(throws: Never.self) { try AnimationReader(contentsOf: file) }
    let output = ScratchFolder.unique("encoder-out").appendingPathExtension("webp")
    let error = #expect(throws: ImageError.self) {
      try AnimationExporter.export(
        MemeCaptions(top: "A", bottom: ""), imageAt: file, to: .file(output),
        as: .webp(lossless: false, quality: 90))
    }
    #expect(error?.kind == .tooLarge)
    #expect(error?.reason.contains("of memory to work on") == true, "\(String(describing: error))")
    #expect(!FileManager.default.fileExists(atPath: output.path))
  }

  @Test func aCanvasSixteenMillionPixelsHighIsRefused() throws {
    let file = try Self.write(WebPBuilder.animation(width: 16, height: 16_777_215, frames: 2), "tall")
    let error = #expect(throws: ImageError.self) { try ImageLoader().load(contentsOf: file) }
    #expect(error?.kind == .tooLarge)
    #expect(error?.description.contains("\n") == false)
  }

  /// Two million empty comment blocks before a GIF's only frame: read by giflib's walk, once.
  @Test func anExtensionFloodGivesItsFrame() throws {
    let file = try Self.write(try GIFBuilder.extensionFlood(blocks: 2_000_000, side: 100), "flood", "gif")
    let picture = try ImageLoader().load(contentsOf: file)
    #expect((picture.width, picture.height) == (100, 100))
    #expect(!picture.hasAlpha)
    #expect(picture.color(atX: 0, y: 0) == RGBAColor(red: 1, green: 0, blue: 0, alpha: 1))
    #expect(picture.color(atX: 50, y: 50) == RGBAColor(red: 0, green: 0, blue: 1, alpha: 1))
  }

  /// A GIF without its trailer byte is whole: read alike as a still and as an animation.
  @Test func aGIFWithoutItsTrailerIsReadOnBothPaths() throws {
    let whole = try AnimationSamples.movingSquare(width: 40, height: 30).bytes()
    #expect(whole.last == 0x3B)
    let file = try Self.write(Array(whole.dropLast()), "no-trailer", "gif")
    let picture = try ImageLoader().load(contentsOf: file)
    #expect(picture.damage == nil)
    let reader = try AnimationReader(contentsOf: file)
    #expect(!reader.info.isTruncated)
    #expect(reader.info.frameCount == AnimationSamples.delays.count)
    _ = try reader.nextFrame()
    #expect(differingPixels(picture, reader.canvas) == 0)
  }

  /// A GIF cut inside its second frame: the first is whole, and is drawn as the reader draws it.
  @Test func aGIFCutAfterItsFirstFrameGivesThatFrame() throws {
    let whole = try AnimationSamples.movingSquare(width: 40, height: 30).bytes()
    let file = try Self.write(Array(whole[0..<(whole.count - 40)]), "cut", "gif")
    let picture = try ImageLoader().load(contentsOf: file)
    #expect(picture.damage == nil)
    let reader = try AnimationReader(contentsOf: file)
    #expect(reader.info.isTruncated)
    _ = try reader.nextFrame()
    #expect(differingPixels(picture, reader.canvas) == 0)
  }

  @Test func aGIFWithNoScreenSaysSo() throws {
    var bytes = try AnimationSamples.movingSquare(width: 40, height: 30).bytes()
    bytes.replaceSubrange(6..<10, with: [0, 0, 0, 0])
    let file = try Self.write(bytes, "zero-screen", "gif")
    for load in [
      { _ = try ImageLoader().load(contentsOf: file) }, { _ = try AnimationReader(contentsOf: file) },
    ] {
      let error = #expect(throws: ImageError.self) { try load() }
      #expect(error?.kind == .corrupt)
      #expect(error?.reason == "the animation's canvas is 0 × 0 pixels: it has no picture")
    }
  }

  /// A GIF that repeats 65,535 times plays 65,536 times, one more than a WebP can say: the WebP says
  /// the most it can rather than failing.
  @Test func theMostRepeatsAGIFCanSayAreWrittenAsWebP() throws {
    var gif = AnimationSamples.movingSquare(width: 40, height: 30)
    gif.loopValue = 65535
    let source = try AnimationSamples.write(gif)
    #expect(try AnimationReader(contentsOf: source).info.playCount == 65536)
    let output = ScratchFolder.unique("loops").appendingPathExtension("webp")
    try AnimationExporter.export(
      MemeCaptions(top: "A", bottom: ""), imageAt: source, to: .file(output),
      as: .webp(lossless: false, quality: 80))
    #expect(try AnimationReader(contentsOf: output).info.playCount == 65535)
  }
}
