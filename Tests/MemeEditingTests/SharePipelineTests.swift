import Foundation
import MemeCore
import MemeStore
// SPDX-License-Identifier: GPL-3.0-or-later
import PictureChecks
import PictureFixtures
import Testing

@testable import MemeEditing

/// The Share pipeline without a window: each stage checked against an independent route (the
/// renderer on its own, the command line's exporter, a decoder, the store read back).
@Suite struct SharePipelineTests {
  private static let captions = MemeCaptions(top: "Shared once", bottom: "kept as it is")

  private static func snapshot(
    _ picture: URL, transform: PictureTransform = .identity, captions: MemeCaptions = captions
  ) throws -> ShareSnapshot {
    ShareSnapshot(
      captions: captions, picture: try EditorImage.load(contentsOf: picture), transform: transform)
  }

  private static func output(_ name: String) -> URL {
    Fixtures.folder.appendingPathComponent("\(UUID().uuidString)-\(name)")
  }

  /// Save As: the file written holds the very bytes the meme carries for Sent Memes, and they decode
  /// to what the renderer draws on its own.
  @Test func aFileGetsTheSameBytesSentMemesKeeps() throws {
    let picture = Fixtures.picture(width: 900, height: 600, name: "pipeline.png")
    let url = Self.output("saved.png")
    let meme = try SharePipeline.run(try Self.snapshot(picture), as: .png, to: .file(url)).get()
    #expect(try Data(contentsOf: url) == meme.file.data)
    #expect(meme.file.fileExtension == "png")
    let expected = try #require(
      MemeRenderer.rendered(Self.captions, image: try ImageLoader().load(contentsOf: picture)))
    #expect(differingPixels(try ImageLoader().load(contentsOf: url), expected) == 0)
    #expect(meme.originalImage == picture && meme.captions == Self.captions && meme.transform == .identity)
  }

  /// Copy Image: nothing is written; the bytes are a PNG of the rendered meme, cut and turned as the
  /// snapshot says.
  @Test func theCallerGetsTheBytesAndNoFileIsWritten() throws {
    let picture = Fixtures.picture(width: 600, height: 400, name: "pipeline-turned.png")
    let transform = PictureTransform(crop: nil, quarterTurns: 1)
    let before = try FileManager.default.contentsOfDirectory(atPath: Fixtures.folder.path).count
    let meme = try SharePipeline.run(try Self.snapshot(picture, transform: transform), as: .png, to: .caller)
      .get()
    #expect(try FileManager.default.contentsOfDirectory(atPath: Fixtures.folder.path).count == before)
    let decoded = try ImageLoader().load(data: [UInt8](meme.file.data), name: "copied")
    #expect(decoded.width == 400 && decoded.height == 600)
    let expected = try #require(
      MemeRenderer.rendered(
        Self.captions, image: try ImageLoader().load(contentsOf: picture), transform: transform))
    #expect(differingPixels(decoded, expected) == 0)
  }

  /// The thumbnail is made on the same hop: 256 pixels wide, the rendered meme scaled, and its PNG
  /// is that image.
  @Test func theThumbnailIsTheRenderedMemeScaled() throws {
    let picture = Fixtures.picture(width: 1024, height: 768, name: "pipeline-thumb.png")
    let meme = try SharePipeline.run(try Self.snapshot(picture), as: .png, to: .caller).get()
    #expect(meme.thumbnail.width == SentMemeDraftMaker.thumbnailWidth && meme.thumbnail.height == 192)
    let rendered = try ImageLoader().load(data: [UInt8](meme.file.data), name: "meme")
    let expected = try #require(rendered.scaled(toWidth: 256, height: 192))
    #expect(differingPixels(meme.thumbnail, expected) == 0)
    let png = try ImageLoader().load(data: [UInt8](meme.thumbnailPNG), name: "thumbnail")
    #expect(differingPixels(png, meme.thumbnail) == 0)
  }

  /// A JPEG photo shown as it is and shared as a JPEG keeps its blocks: the bytes are exactly what
  /// the command line's exporter writes for it.
  @Test func aJPEGPhotoTakesTheBlockPathLikeTheCommandLine() throws {
    let photo = Fixtures.picture(width: 800, height: 608, format: .jpeg(quality: 75), name: "pipeline.jpg")
    let url = Self.output("kept.jpg")
    let meme = try SharePipeline.run(
      try Self.snapshot(photo), as: .jpeg(quality: ImageFormat.defaultJPEGQuality), to: .file(url)
    ).get()
    let reference = Self.output("reference.jpg")
    // The share writes the meme's description (its text, by default) into the file.
    let summary = try #require(
      try MemeExporter.exportKeepingJPEGBlocks(
        Self.captions, imageAt: photo, to: .file(reference), description: Self.captions.defaultDescription))
    guard case .keptBlocks = summary.encoding else {
      Issue.record("the exporter did not keep the blocks: \(summary.encoding.explanation)")
      return
    }
    #expect(meme.file.data == (try Data(contentsOf: reference)))
    #expect(try Data(contentsOf: url) == meme.file.data)
    #expect(meme.file.fileExtension == "jpg")
    #expect(meme.thumbnail.width == 256 && meme.thumbnail.height == 195)
  }

  /// Not vacuous: a turned JPEG cannot keep its blocks, and is encoded whole. An independent decoder
  /// (djpeg) reads the file as the turned, captioned picture the renderer draws, within JPEG's loss.
  @Test(.enabled(if: JPEGTools.shouldRun, "needs djpeg (libjpeg-turbo-progs)"))
  func aTurnedJPEGIsEncodedWhole() throws {
    let photo = Fixtures.picture(width: 800, height: 608, format: .jpeg(quality: 75), name: "pipeline.jpg")
    let transform = PictureTransform(crop: nil, quarterTurns: 1)
    let meme = try SharePipeline.run(
      try Self.snapshot(photo, transform: transform), as: .jpeg(quality: ImageFormat.defaultJPEGQuality),
      to: .caller
    ).get()
    let rendered = try #require(
      MemeRenderer.rendered(
        Self.captions, image: try ImageLoader().load(contentsOf: photo), transform: transform))
    #expect(rendered.width == 608 && rendered.height == 800, "turned a quarter")
    let file = Self.output("turned.jpg")
    try meme.file.data.write(to: file)
    let difference = try #require(try JPEGTools.difference(of: file, from: rendered), "djpeg's size differs")
    #expect(
      difference.mean_absolute < 2, "mean difference from the rendered meme: \(difference.mean_absolute)")
    #expect(difference.largest < 96, "largest difference from the rendered meme: \(difference.largest)")
  }

  /// A share stopped before it starts writes nothing and makes no meme; an existing file stays.
  @Test func aStoppedShareDeliversNothing() throws {
    let picture = Fixtures.picture(width: 640, height: 480, name: "pipeline-stop.png")
    let url = Self.output("stopped.png")
    let stop = Cancellation()
    stop.cancel()
    let result = SharePipeline.run(try Self.snapshot(picture), as: .png, to: .file(url), cancellation: stop)
    guard case .failure(let error) = result else {
      Issue.record("a stopped share made a meme")
      return
    }
    #expect(error.kind == .cancelled)
    #expect(!FileManager.default.fileExists(atPath: url.path))

    // The last check, before the file is renamed into place: what was there stays.
    try Data("the user's file".utf8).write(to: url)
    #expect(throws: ImageError.self) {
      try SharePipeline.deliver(Data("meme".utf8), to: url, cancellation: stop)
    }
    #expect(try Data(contentsOf: url) == Data("the user's file".utf8))
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: Fixtures.folder.path)
      .filter { $0.contains("stopped.png") }
    #expect(leftovers.count == 1, "no temporary file is left: \(leftovers)")
  }

  /// A target that cannot be written fails the share: no meme to keep.
  @Test func aFolderAsTheTargetFails() throws {
    let picture = Fixtures.picture(width: 320, height: 240, name: "pipeline-folder.png")
    let result = SharePipeline.run(try Self.snapshot(picture), as: .png, to: .file(Fixtures.folder))
    guard case .failure(let error) = result else {
      Issue.record("a share into a folder made a meme")
      return
    }
    #expect(error.kind == .writeFailed)
  }

  /// Keep: the store records the delivered bytes and the thumbnail as they are, and the original.
  @Test func sentMemesStoresTheDeliveredBytesAndTheThumbnail() throws {
    let picture = Fixtures.picture(width: 700, height: 500, name: "pipeline-keep.png")
    let url = Self.output("kept.png")
    let meme = try SharePipeline.run(try Self.snapshot(picture), as: .png, to: .file(url)).get()
    let folder = Self.output("store")
    let store = try SentMemeStore(directory: folder)
    let sentAt = Date(timeIntervalSince1970: 1_700_000_000)
    let saved = try store.save(SentMemeDraftMaker.draft(of: meme, sentAt: sentAt))
    let stored = try #require(try SentMemeStore(directory: folder).allMemes().first)
    #expect(stored.id == saved.id)
    #expect(try Data(contentsOf: stored.renderedImageURL) == Data(contentsOf: url))
    #expect(try Data(contentsOf: stored.thumbnailURL) == meme.thumbnailPNG)
    #expect(try Data(contentsOf: stored.originalImageURL) == Data(contentsOf: picture))
    #expect(stored.top == Self.captions.top && stored.bottom == Self.captions.bottom)
    #expect(abs(stored.sentAt.timeIntervalSince(sentAt)) < 1)
  }

  /// Edit & Resend once the sticker's file is gone: the meme kept in Sent Memes, read back and shared
  /// again, gives the very bytes it gave the first time, its sticker drawn from the store's copy.
  @Test func aKeptMemeSharesTheSameWithItsStickerFileGone() throws {
    let picture = Fixtures.picture(width: 320, height: 240, name: "pipeline-sticker-base.png")
    let stickerFile = Self.output("sticker.png")
    try FileManager.default.copyItem(
      at: Fixtures.picture(width: 60, height: 40, name: "pipeline-sticker.png"), to: stickerFile)
    let sticker = StickerLayer(
      source: .picture(StickerPicture(path: stickerFile.path)),
      frame: RelativeRect(x: 0.3, y: 0.25, width: 0.4, height: 0.35), angle: 30, opacity: 0.85)
    let captions = MemeCaptions(top: "top", bottom: "", layers: [.sticker(sticker)])
    let first = Self.output("first.png")
    let meme = try SharePipeline.run(
      try Self.snapshot(picture, captions: captions), as: .png, to: .file(first)
    )
    .get()
    let folder = Self.output("store")
    let saved = try SentMemeStore(directory: folder).save(SentMemeDraftMaker.draft(of: meme))
    try FileManager.default.removeItem(at: stickerFile)

    let stored = try #require(try SentMemeStore(directory: folder).meme(id: saved.id))
    let again = Self.output("again.png")
    _ = try SharePipeline.run(
      try Self.snapshot(stored.originalImageURL, captions: stored.content.captions), as: .png,
      to: .file(again)
    ).get()
    #expect(try Data(contentsOf: again) == Data(contentsOf: first))
    let bare = Self.output("bare.png")
    _ = try SharePipeline.run(
      try Self.snapshot(picture, captions: MemeCaptions(top: "top", bottom: "")), as: .png, to: .file(bare)
    ).get()
    #expect(try Data(contentsOf: bare) != Data(contentsOf: first), "the sticker is drawn")
  }

  /// The cache that e-mail, Open With and pasted pictures go through is its owner's alone: the
  /// folder is 0700 (one made wider before is narrowed), a shared meme and a pasted picture written
  /// there are 0600.
  @Test func filesInTheCacheAreReadableByTheirOwnerOnly() throws {
    // As an older version made it.
    #expect(chmod(CacheFolder.url.path, 0o755) == 0)
    let shared = CacheFolder.newFile(prefix: "pipeline-private", extension: "png")
    #expect(Self.permissions(of: CacheFolder.url) == 0o700)
    let picture = Fixtures.picture(width: 320, height: 240, name: "pipeline-private.png")

    _ = try SharePipeline.run(try Self.snapshot(picture), as: .png, to: .file(shared)).get()
    let pasted = try PictureLoader.loadPasted([UInt8](Data(contentsOf: picture))).get()

    #expect(Self.permissions(of: shared) == 0o600)
    #expect(pasted.url.deletingLastPathComponent().standardizedFileURL == CacheFolder.url.standardizedFileURL)
    #expect(Self.permissions(of: pasted.url) == 0o600)
    #expect(try Data(contentsOf: pasted.url) == Data(contentsOf: picture))
  }

  private static func permissions(of url: URL) -> mode_t {
    var status = stat()
    return stat(url.path, &status) == 0 ? status.st_mode & 0o7777 : 0
  }

  /// The in-memory Sent Memes keeps what it is handed, in order.
  @Test func inMemorySentMemesKeepsWhatItIsHanded() throws {
    let picture = Fixtures.picture(width: 320, height: 240, name: "pipeline-memory.png")
    let sink = InMemorySentMemes()
    #expect(sink.isEmpty && !sink.isSaving)
    let first = try SharePipeline.run(try Self.snapshot(picture), as: .png, to: .caller).get()
    let second = try SharePipeline.run(
      try Self.snapshot(picture, captions: MemeCaptions(top: "again", bottom: "")), as: .png, to: .caller
    ).get()
    sink.keep(first)
    sink.keep(second)
    #expect(sink.entries.map(\.captions.top) == ["Shared once", "again"])
    #expect(sink.entries.first?.file == first.file && !sink.isEmpty)
  }
}
