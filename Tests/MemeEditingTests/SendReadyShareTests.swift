// SPDX-License-Identifier: GPL-3.0-or-later
import DiskTestSupport
import Foundation
import MemeCore
import MemeStore
import PictureFixtures
import Testing

@testable import MemeEditing

/// The Share pipeline's files are send-ready: nothing private from the source, the description as
/// alt text, within a size limit when one is asked for; and the description travels with the meme
/// from the editor to Sent Memes and back (Edit & Resend).
@Suite struct SendReadyShareTests {
  static let captions = MemeCaptions(top: "Shared from a phone", bottom: "no GPS inside")

  static func snapshot(_ picture: URL, transform: PictureTransform = .identity, description: String? = nil)
    throws -> ShareSnapshot
  {
    ShareSnapshot(
      captions: captions, picture: try EditorImage.load(contentsOf: picture), transform: transform,
      customDescription: description)
  }

  static func output(_ name: String) -> URL {
    Fixtures.folder.appendingPathComponent("\(UUID().uuidString)-\(name)")
  }

  // MARK: The description in the editor

  @Test func theDescriptionFollowsTheCaptionsUntilWritten() {
    let document = EditorDocument()
    document.setText("top", at: .top)
    #expect(document.customDescription == nil && document.resolvedDescription == "top")
    document.setText("bottom", at: .bottom)
    #expect(document.resolvedDescription == "top\nbottom")
    document.setDescription("A dog wearing sunglasses")
    document.setText("changed", at: .top)
    #expect(document.resolvedDescription == "A dog wearing sunglasses")
    #expect(document.captions.defaultDescription == "changed\nbottom")
    // Blank text is the default again.
    document.setDescription("   ")
    #expect(document.customDescription == nil && document.resolvedDescription == "changed\nbottom")
  }

  /// Typing a description is one undo step, as typing a caption is, and reports its own change.
  @Test func typingADescriptionIsOneUndoStep() {
    let document = EditorDocument()
    var changes: [EditorDocument.Change] = []
    document.onChange = { changes.append($0) }
    for text in ["A", "A c", "A cat"] { document.setDescription(text) }
    #expect(changes.allSatisfy { $0.contains(.description) && !$0.contains(.captions) })
    document.endTyping()
    document.setDescription("A cat, surprised")
    document.undo()
    #expect(document.customDescription == "A cat")
    document.undo()
    #expect(document.customDescription == nil && !document.canUndo)
    document.redo()
    #expect(document.customDescription == "A cat")
    #expect(changes.last?.contains(.description) == true)
  }

  // MARK: Privacy of every file the pipeline makes

  enum Route: String, CaseIterable, CustomStringConvertible {
    case png, jpeg, turnedJPEG, fitted, fittedPNG, storedFile
    var description: String { rawValue }
  }

  @Test(arguments: PrivateSources.Kind.allCases, Route.allCases)
  func sharedFilesCarryOnlyTheDescription(kind: PrivateSources.Kind, route: Route) throws {
    try ExifToolReader.require()
    let source = try PrivateSources.picture(kind)
    let description = "Shared privately: \(kind) \(route)"
    var written = Self.output("shared.\(route == .png || route == .fittedPNG ? "png" : "jpg")")
    var keptBlocks = false
    switch route {
    case .png:
      let meme = try SharePipeline.run(
        try Self.snapshot(source, description: description), as: .png, to: .file(written)
      )
      .get()
      #expect(meme.resolvedDescription == description && meme.customDescription == description)
    case .jpeg:
      // A JPEG photo takes the block path: its blocks, and its ICC profile, are kept.
      _ = try SharePipeline.run(
        try Self.snapshot(source, description: description), as: .jpeg(quality: 90), to: .file(written)
      ).get()
      keptBlocks = kind == .jpeg
    case .turnedJPEG:
      _ = try SharePipeline.run(
        try Self.snapshot(
          source, transform: PictureTransform(crop: nil, quarterTurns: 1), description: description),
        as: .jpeg(quality: 90), to: .file(written)
      ).get()
    case .fitted:
      let meme = try SharePipeline.run(
        try Self.snapshot(source, description: description), as: .jpeg(quality: 90), to: .file(written),
        sizeLimit: 5_000
      ).get()
      #expect(meme.fit?.isNormalExport == false)
    case .fittedPNG:
      let meme = try SharePipeline.run(
        try Self.snapshot(source, description: description), as: .png, to: .file(written), sizeLimit: 15_000
      ).get()
      let fit = try #require(meme.fit)
      #expect(fit.formatChanged && meme.file.fileExtension == "jpg")
      #expect(!FileManager.default.fileExists(atPath: written.path))
      written = try #require(meme.deliveredFile)
      #expect(written.pathExtension == "jpg")
    case .storedFile:
      // Sent Memes' Detail: a stored file (made by a share) fitted under a limit.
      let stored = Self.output("stored.png")
      _ = try SharePipeline.run(
        try Self.snapshot(source, description: description), as: .png, to: .file(stored)
      )
      .get()
      let fitted = try ExportPlan(sizeLimit: 12_000, description: description).refit(fileAt: stored)
      #expect(fitted.fit?.formatChanged == true && fitted.bytes.count <= 12_000)
      try Data(fitted.bytes).write(to: written)
    }
    let tags = try ExifToolReader.read(written)
    let unexpected = tags.unexpected(allowingICCProfile: keptBlocks)
    #expect(unexpected.isEmpty, "\(kind) → \(route): \(unexpected)")
    if keptBlocks { #expect(tags["ICC_Profile:ProfileDescription"] == PrivateSources.iccDescription) }
    if written.pathExtension == "png" {
      #expect(tags.pngDescription == description)
    } else {
      #expect(tags.xmpDescription == description && tags.altTextAccessibility == description)
    }
    let bytes = try Data(contentsOf: written)
    for secret in PrivateSources.secrets {
      #expect(bytes.range(of: Data(secret.utf8)) == nil, "\(kind) → \(route) holds \"\(secret)\"")
    }
  }

  // MARK: Size limits in the pipeline

  /// A limit the normal export meets keeps it (the block path's file too); one it does not meet
  /// gives the largest JPEG that fits, and says so.
  @Test func aLimitKeepsTheNormalFileOrFitsAJPEG() throws {
    let photo = Fixtures.picture(
      width: 800, height: 608, format: .jpeg(quality: 90), name: "pipeline-limit.jpg")
    let normal = try SharePipeline.run(try Self.snapshot(photo), as: .jpeg(quality: 90), to: .caller).get()
    #expect(normal.fit == nil)
    let generous = try SharePipeline.run(
      try Self.snapshot(photo), as: .jpeg(quality: 90), to: .caller, sizeLimit: normal.file.data.count
    ).get()
    #expect(generous.fit?.isNormalExport == true && generous.fit?.keptBlocks == true)
    #expect(generous.file.data == normal.file.data)
    let limit = normal.file.data.count * 2 / 3
    let tight = try SharePipeline.run(
      try Self.snapshot(photo), as: .jpeg(quality: 90), to: .caller, sizeLimit: limit
    ).get()
    let fit = try #require(tight.fit)
    #expect(!fit.isNormalExport && tight.file.data.count <= limit && tight.file.data.count * 10 >= limit * 9)
    #expect(fit.quality != nil && fit.width == 800 && fit.height == 608)
    // The thumbnail is still the meme's.
    #expect(tight.thumbnail.width == SentMemeDraftMaker.thumbnailWidth)
  }

  /// A PNG asked for and a JPEG made: the `.jpg` beside the chosen name is the user's, not part of
  /// what they agreed to replace. It stays as it was; the meme goes to "name (2).jpg".
  @Test func aJPEGMadeForAPNGNeverReplacesAFileOfItsName() throws {
    let picture = Fixtures.picture(width: 640, height: 480, name: "pipeline-free-name.png")
    let folder = Self.output("free-name")
    try? FileManager.default.removeItem(at: folder)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let chosen = folder.appendingPathComponent("meme.png")
    let theirs = Data("the user's own meme.jpg".utf8)
    try theirs.write(to: folder.appendingPathComponent("meme.jpg"))
    let meme = try SharePipeline.run(
      try Self.snapshot(picture), as: .png, to: .file(chosen), sizeLimit: 15_000
    )
    .get()
    #expect(meme.fit?.formatChanged == true)
    #expect(try Data(contentsOf: folder.appendingPathComponent("meme.jpg")) == theirs)
    let delivered = try #require(meme.deliveredFile)
    #expect(delivered.lastPathComponent == "meme (2).jpg")
    #expect(try Data(contentsOf: delivered) == meme.file.data)
    // A second one takes the next name; the first is kept too.
    let again = try SharePipeline.run(
      try Self.snapshot(picture), as: .png, to: .file(chosen), sizeLimit: 15_000
    )
    .get()
    #expect(again.deliveredFile?.lastPathComponent == "meme (3).jpg")
    #expect(FileManager.default.fileExists(atPath: delivered.path))
  }

  @Test func anImpossibleLimitDeliversNothing() throws {
    let picture = Fixtures.picture(width: 640, height: 480, name: "pipeline-impossible.png")
    let url = Self.output("impossible.png")
    let result = SharePipeline.run(try Self.snapshot(picture), as: .png, to: .file(url), sizeLimit: 400)
    guard case .failure(let error) = result else {
      Issue.record("a 400-byte limit was met")
      return
    }
    #expect(error.kind == .overSizeLimit)
    #expect(!FileManager.default.fileExists(atPath: url.path))
    #expect(
      !FileManager.default.fileExists(atPath: url.deletingPathExtension().appendingPathExtension("jpg").path))
  }

  // MARK: Editor → Sent Memes → Edit & Resend

  /// The description the user wrote goes into the file, into Sent Memes, and back into the editor
  /// with the meme; a meme whose description was left alone stores none and gets its default.
  @Test(arguments: ["Ein Hund mit Sonnenbrille 🕶️\nzweite Zeile", nil])
  func theDescriptionTravelsToSentMemesAndBack(written: String?) throws {
    let picture = Fixtures.picture(width: 480, height: 320, name: "pipeline-resend.png")
    let document = EditorDocument()
    document.setText("Edit me", at: .top)
    document.setText("and send me again", at: .bottom)
    document.setDescription(written)
    document.setImage(try EditorImage.load(contentsOf: picture))
    let snapshot = ShareSnapshot(
      captions: document.captions, picture: document.image!, transform: document.transform,
      customDescription: document.customDescription)
    let file = Self.output("resend.png")
    let meme = try SharePipeline.run(snapshot, as: .png, to: .file(file)).get()
    let expected = written ?? "Edit me\nand send me again"
    #expect(meme.resolvedDescription == expected)
    try ExifToolReader.require()
    #expect(try ExifToolReader.read(file).pngDescription == expected)

    let folder = Self.output("resend-store")
    let saved = try SentMemeStore(directory: folder).save(SentMemeDraftMaker.draft(of: meme))
    let stored = try #require(try SentMemeStore(directory: folder).meme(id: saved.id))
    #expect(stored.customDescription == written)
    #expect(stored.resolvedDescription == expected)

    let reopened = EditorDocument()
    reopened.setTexts(of: stored.meme)
    #expect(reopened.customDescription == written)
    #expect(reopened.resolvedDescription == expected)
    #expect(reopened.captions.top == "Edit me" && reopened.captions.bottom == "and send me again")
    // One step undoes it all.
    reopened.undo()
    #expect(reopened.customDescription == nil && reopened.captions.top.isEmpty && !reopened.canUndo)
  }
}
