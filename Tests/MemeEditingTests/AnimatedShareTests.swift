// SPDX-License-Identifier: GPL-3.0-or-later
import DiskTestSupport
import Foundation
import MemeCore
import MemeStore
import PictureChecks
import PictureFixtures
import Testing

@testable import MemeEditing

/// Shares of an animated picture, without a window: the editor's picture is the first frame the
/// animation reader composes; an animated format writes every frame (checked by Pillow, not by
/// MemeMe's reader), a still one the first.
@Suite(.enabled(if: AnimationReferences.pillowAvailable || RequiredTools.areRequired))
struct AnimatedShareTests {
  private static let captions = MemeCaptions(
    top: "moving square\nsecond line", bottom: "every frame\ncaptioned")

  private static func snapshot(transform: PictureTransform = .identity) throws -> ShareSnapshot {
    let source = try AnimationSamples.write(AnimationSamples.movingSquare())
    return ShareSnapshot(
      captions: captions, picture: try EditorImage.load(contentsOf: source), transform: transform)
  }

  @Test func theEditorsPictureIsTheFirstFrameOfAnAnimation() throws {
    let source = try AnimationSamples.write(AnimationSamples.movingSquare())
    let picture = try EditorImage.load(contentsOf: source)
    #expect(picture.isAnimated && picture.animationFormat == .gif)
    #expect(picture.animation?.frameCount == AnimationSamples.delays.count)
    #expect(picture.animation?.playCount == AnimationSamples.loopValue + 1)
    let first = try #require(try AnimationReferences.coalescedByImageMagick(source).first)
    #expect(differingPixels(picture.full, first) == 0)
    // A still picture is not an animation.
    let still = try EditorImage.load(contentsOf: Fixtures.picture(width: 64, height: 48, name: "still.png"))
    #expect(!still.isAnimated && still.animationFormat == nil)
  }

  /// The meme's description travels in the animation as in a still share: its XMP packet, read
  /// back by exiftool, and nothing else of the source.
  @Test(arguments: [AnimationFormat.gif, .webp(lossless: true, quality: 50)])
  func anAnimatedShareCarriesTheDescription(format: AnimationFormat) throws {
    try ExifToolReader.require()
    let source = try AnimationSamples.write(AnimationSamples.movingSquare())
    let text = "A square crosses the screen, \"twice\" & <fast>"
    let snapshot = ShareSnapshot(
      captions: Self.captions, picture: try EditorImage.load(contentsOf: source), transform: .identity,
      customDescription: text)
    let url = Fixtures.folder.appendingPathComponent("\(UUID().uuidString).\(format.fileExtension)")
    _ = try SharePipeline.run(snapshot, as: .animated(format), to: .file(url)).get()
    let tags = try ExifToolReader.read(url)
    #expect(tags.xmpDescription == text && tags.altTextAccessibility == text)
    #expect(
      tags.unexpected(allowingICCProfile: false).isEmpty, "\(tags.unexpected(allowingICCProfile: false))")
  }

  /// GIF and WebP: every frame, each frame's delay and the loop count are the source's, and every
  /// caption line is drawn on every frame; Sent Memes gets the very file, as a GIF or WebP.
  @Test(arguments: [AnimationFormat.gif, .webp(lossless: false, quality: 90)])
  func anAnimatedShareWritesEveryFrame(format: AnimationFormat) throws {
    let snapshot = try Self.snapshot()
    let url = Fixtures.folder.appendingPathComponent("\(UUID().uuidString).\(format.fileExtension)")
    let meme = try SharePipeline.run(snapshot, as: .animated(format), to: .file(url)).get()
    #expect(meme.deliveredFile == url)
    #expect(try Data(contentsOf: url) == meme.file.data)
    #expect(meme.file.fileExtension == format.fileExtension)
    #expect(meme.thumbnail.width == 160 && meme.thumbnail.height == 120)

    let reading = try AnimationReferences.readByPillow(url)
    #expect(reading.frames.count == AnimationSamples.delays.count)
    #expect(reading.delays == AnimationSamples.delays.map { $0 * 10 })
    #expect(reading.loop == (format == .gif ? AnimationSamples.loopValue : AnimationSamples.loopValue + 1))
    let layout = MemeLayout(captions: Self.captions, imageWidth: 160, imageHeight: 120)
    let sources = try AnimationSamples.frames(of: snapshot.picture.url)
    for (index, (written, source)) in zip(reading.frames, sources).enumerated() {
      let faults = CaptionInk.faults(
        of: layout, on: written, over: source, linesPerCaption: 2, context: "frame \(index)")
      #expect(faults.isEmpty, "\(faults)")
    }
  }

  /// Crop and a quarter turn apply to every frame: each frame has the turned size.
  @Test func theTransformAppliesToEveryFrame() throws {
    let transform = PictureTransform(crop: PixelRect(x: 10, y: 0, width: 100, height: 120), quarterTurns: 1)
    let snapshot = try Self.snapshot(transform: transform)
    let meme = try SharePipeline.run(snapshot, as: .animated(.gif), to: .caller).get()
    let file = try #require(meme.deliveredFile)
    let reading = try AnimationReferences.readByPillow(file)
    #expect(reading.frames.count == AnimationSamples.delays.count)
    #expect(reading.frames.allSatisfy { $0.width == 120 && $0.height == 100 })
  }

  /// A still format writes the first frame, captioned as the still share draws it.
  @Test func aStillFormatWritesTheFirstFrame() throws {
    let snapshot = try Self.snapshot()
    let meme = try SharePipeline.run(snapshot, as: .still(.png), to: .caller).get()
    let decoded = try ImageLoader().load(data: [UInt8](meme.file.data), name: "first")
    let expected = try #require(MemeRenderer.rendered(Self.captions, image: snapshot.picture.full))
    #expect(differingPixels(decoded, expected) == 0)
    #expect(meme.file.fileExtension == "png")
  }

  /// A stop before the first frame delivers nothing and leaves no file.
  @Test func aStoppedAnimatedShareLeavesNoFile() throws {
    let snapshot = try Self.snapshot()
    let url = Fixtures.folder.appendingPathComponent("\(UUID().uuidString).gif")
    let cancellation = Cancellation()
    cancellation.cancel()
    let result = SharePipeline.run(snapshot, as: .animated(.gif), to: .file(url), cancellation: cancellation)
    guard case .failure(let error) = result else {
      Issue.record("a stopped share succeeded")
      return
    }
    #expect(error.kind == .cancelled)
    #expect(!FileManager.default.fileExists(atPath: url.path))
  }

  /// Save As's name decides: `.gif` and `.webp` animate, `.png` and `.jpg` are still, and a name
  /// without a known extension gets the source's kind (or PNG for a still picture).
  @Test func theChosenNameDecidesTheFormat() {
    let folder = URL(fileURLWithPath: "/tmp/memes")
    func destination(_ name: String, _ animation: AnimationFormat?) -> (String, ShareFormat) {
      let (url, format) = ShareFormat.destination(
        for: folder.appendingPathComponent(name), animation: animation)
      return (url.lastPathComponent, format)
    }
    #expect(destination("cat.gif", .webp(lossless: false, quality: 90)) == ("cat.gif", .animated(.gif)))
    #expect(destination("cat.WEBP", .gif) == ("cat.WEBP", .animated(.webp(lossless: false, quality: 90))))
    #expect(destination("cat.png", .gif) == ("cat.png", .still(.png)))
    #expect(destination("cat.jpg", .gif) == ("cat.jpg", .still(.jpeg(quality: 90))))
    #expect(destination("cat", .gif) == ("cat.gif", .animated(.gif)))
    #expect(destination("cat", nil) == ("cat.png", .still(.png)))
    #expect(destination("cat.gif", nil) == ("cat.gif.png", .still(.png)))
  }
}
