// SPDX-License-Identifier: GPL-3.0-or-later
import DiskTestSupport
import Foundation
import MemeCore
import MemeStore
import PictureChecks
import PictureFixtures
import Testing

@testable import MemeEditing

/// A template keeps the picture as it was cut, turned and mirrored (checked against ImageMagick's
/// own crop and rotation), every readable picture of a folder is imported, and the rest reported.
@Suite(.serialized) struct TemplateMakingTests {
  let folder: URL

  init() throws {
    folder = ScratchFolder.path("templates-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  /// Runs ImageMagick's convert; fails the test when it fails.
  func convert(_ arguments: [String]) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/convert")
    process.arguments = arguments
    try process.run()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0, "convert \(arguments.joined(separator: " "))")
  }

  /// A 64 × 40 picture with nothing symmetric about it, drawn by ImageMagick.
  func asymmetricPicture(named name: String) throws -> URL {
    let url = folder.appendingPathComponent(name)
    try convert([
      "-size", "64x40", "gradient:red-blue", "-fill", "yellow", "-draw", "rectangle 2,2 20,9", "-fill",
      "lime",
      "-draw", "rectangle 50,30 60,37", url.path,
    ])
    return url
  }

  @Test func aCutAndTurnedPictureIsKeptAsImageMagickCutsAndTurnsIt() throws {
    let source = try asymmetricPicture(named: "source.png")
    let transform = PictureTransform(crop: PixelRect(x: 10, y: 5, width: 44, height: 30), quarterTurns: 1)
    let draft = try TemplateMaker.draft(
      name: "Turned", pictureAt: source,
      content: MemeContent(captions: MemeCaptions(top: "", bottom: "", layout: .band), transform: transform),
      source: "source.png")
    let kept = folder.appendingPathComponent("kept.\(draft.picture.fileExtension)")
    try draft.picture.data.write(to: kept)
    let reference = folder.appendingPathComponent("reference.png")
    try convert([source.path, "-crop", "44x30+10+5", "+repage", "-rotate", "90", reference.path])

    let keptImage = try ImageLoader().load(contentsOf: kept)
    let referenceImage = try ImageLoader().load(contentsOf: reference)
    #expect(draft.picture.fileExtension == "png")
    #expect((keptImage.width, keptImage.height) == (30, 44))
    #expect(differingPixels(keptImage, referenceImage) == 0)
    #expect(draft.layout == .band && draft.name == "Turned" && draft.source == "source.png")
    let thumbnail = try ImageLoader().load(data: [UInt8](draft.thumbnail.data), name: "thumbnail")
    #expect((thumbnail.width, thumbnail.height) == (30, 44), "a small picture is its own thumbnail")
  }

  @Test func aPictureUsedAsItIsKeepsItsFilesVeryBytes() throws {
    let source = try asymmetricPicture(named: "as it is.png")
    let jpeg = folder.appendingPathComponent("photo.jpg")
    try convert([source.path, "-quality", "80", jpeg.path])
    let draft = try TemplateMaker.draft(name: "Photo", pictureAt: jpeg)
    #expect(draft.picture.data == (try Data(contentsOf: jpeg)))
    #expect(draft.picture.fileExtension == "jpg")
  }

  /// A template keeps its picture whole, so its hidden areas stay editable, but its thumbnail (the
  /// gallery's) shows them hidden: every block of the area is one colour there, and the picture
  /// beside it is as it was.
  @Test func aTemplatesThumbnailHidesItsHiddenAreas() throws {
    let source = try asymmetricPicture(named: "private.png")
    let area = HiddenArea(frame: RelativeRect(x: 0, y: 0, width: 0.5, height: 0.8))
    let draft = try TemplateMaker.draft(
      name: "Private", pictureAt: source,
      content: MemeContent(captions: MemeCaptions(top: "", bottom: "", layers: [.hidden(area)])))
    #expect(draft.picture.data == (try Data(contentsOf: source)))
    #expect(draft.content.captions.layers == [.hidden(area)])
    let picture = PixelSamples(try ImageLoader().load(contentsOf: source))
    let thumbnail = PixelSamples(
      try ImageLoader().load(data: [UInt8](draft.thumbnail.data), name: "thumbnail"))
    try #require((thumbnail.width, thumbnail.height) == (64, 40), "a small picture is its own thumbnail")
    let rect = area.pixelRect(pictureWidth: 64, pictureHeight: 40)
    let side = Int(area.blockSide(forHeight: rect.height))
    for blockY in stride(from: Int(rect.y), to: Int(rect.maxY), by: side) {
      for blockX in stride(from: Int(rect.x), to: Int(rect.maxX), by: side) {
        let xs = blockX..<min(blockX + side, Int(rect.maxX))
        let ys = blockY..<min(blockY + side, Int(rect.maxY))
        #expect(thumbnail.standardDeviation(xs: xs, ys: ys) == 0, "block at \(blockX), \(blockY)")
        #expect(picture.standardDeviation(xs: xs, ys: ys) > 10, "the picture has detail there")
      }
    }
    #expect(thumbnail.psnr(against: picture, xs: Int(rect.maxX)..<64, ys: 0..<40) > 40)
  }

  /// A template keeps the stickers among the layers it is made with, not the text boxes; kept in a
  /// store, it starts a meme with the same sticker, drawn from the store's copy once the chosen file
  /// is gone.
  @Test func aTemplateKeepsItsStickersAndNotItsTexts() throws {
    let source = try asymmetricPicture(named: "base.png")
    let stickerFile = folder.appendingPathComponent("glasses.png")
    try convert(["-size", "8x6", "xc:rgba(20,200,40,0.7)", stickerFile.path])
    let frame = RelativeRect(x: 0.1, y: 0.2, width: 0.5, height: 0.4)
    let sticker = StickerLayer(
      source: .picture(StickerPicture(path: stickerFile.path)), frame: frame, angle: 15)
    let draft = try TemplateMaker.draft(
      name: "Glasses", pictureAt: source,
      content: MemeContent(
        captions: MemeCaptions(
          top: "", bottom: "", layers: [.text(TextBox(text: "not kept", frame: frame)), .sticker(sticker)])))
    #expect(draft.content.captions.layers == [.sticker(sticker)])

    let store = try SentMemeStore(directory: folder.appendingPathComponent("store"))
    let template = try store.saveTemplate(draft)
    try FileManager.default.removeItem(at: stickerFile)
    let meme = try #require(try store.template(id: template.id)).meme
    let kept = try #require(meme.content.captions.layers.first?.sticker)
    #expect(kept.frame == frame && kept.angle == 15)
    guard case .picture(let picture) = kept.source else {
      Issue.record("the sticker lost its picture: \(kept.source)")
      return
    }
    #expect(picture.name == "glasses.png" && FileManager.default.fileExists(atPath: picture.path))
    #expect(picture.path.hasPrefix(folder.appendingPathComponent("store/stickers").path))
  }

  @Test func everyReadablePictureOfAFolderIsImportedAndTheRestReportedTogether() throws {
    let pictures = folder.appendingPathComponent("pictures")
    try FileManager.default.createDirectory(at: pictures, withIntermediateDirectories: true)
    let drake = try asymmetricPicture(named: "Drake Hotline.png")
    try FileManager.default.moveItem(at: drake, to: pictures.appendingPathComponent("Drake Hotline.png"))
    try convert(["-size", "30x20", "xc:rgb(200,30,40)", pictures.appendingPathComponent("café.jpg").path])
    try Data("this is not a picture".utf8).write(to: pictures.appendingPathComponent("broken.jpg"))
    // Over sixteen times the loader's pixel limit below: refused from its header (a picture nearer
    // the limit would open smaller).
    try convert(["-size", "1000x1000", "xc:white", pictures.appendingPathComponent("huge.png").path])
    try Data("notes".utf8).write(to: pictures.appendingPathComponent("notes.txt"))
    try convert(["-size", "8x8", "xc:black", pictures.appendingPathComponent(".hidden.png").path])
    // A link to a device that never ends must be refused, not read.
    try FileManager.default.createSymbolicLink(
      atPath: pictures.appendingPathComponent("endless.png").path, withDestinationPath: "/dev/zero")

    var drafts: [MemeTemplateDraft] = []
    let outcome = try TemplateFolderImport.read(folder: pictures, loader: ImageLoader(maxPixels: 50_000)) {
      drafts.append($0)
    }

    #expect(drafts.map(\.name) == ["café", "Drake Hotline"])
    #expect(drafts.map(\.source) == ["café.jpg", "Drake Hotline.png"])
    #expect(outcome.kept == 2)
    #expect(outcome.skipped.count == 3)
    for name in ["broken.jpg", "endless.png", "huge.png"] {
      #expect(outcome.skipped.contains { $0.contains(name) }, "\(name) is reported")
    }
    let cafe = try ImageLoader().load(data: [UInt8](drafts[0].picture.data), name: "café")
    #expect((cafe.width, cafe.height) == (30, 20))
  }

  @Test func aNewTemplateIsNamedAfterItsPictureOrElseItsCaptions() {
    #expect(
      TemplateName.suggested(forPictureAt: URL(fileURLWithPath: "/home/a/Pictures/Success Kid.jpg"))
        == "Success Kid")
    let storeCopy = URL(fileURLWithPath: "/data/images/3f2c1f7e-5b1a-4c8e-9d3f-0a1b2c3d4e5f-original.jpg")
    #expect(
      TemplateName.suggested(forPictureAt: storeCopy, captions: ["  Me ", "", "my code"]) == "Me / my code")
    #expect(TemplateName.suggested(forPictureAt: storeCopy) == "Template")
    #expect(TemplateName.imported(from: URL(fileURLWithPath: "/x/Ünïcode name.webp")) == "Ünïcode name")
  }

  @Test func theGallerySearchIgnoresCaseAndAccentsAndNeedsEveryWord() {
    #expect(TemplateName.matches("Café Débat", query: "cafe"))
    #expect(TemplateName.matches("Café Débat", query: "DEBAT caf"))
    #expect(!TemplateName.matches("Café Débat", query: "cafe tea"))
    #expect(TemplateName.matches("Anything", query: "  "))
    #expect(TemplateName.matches("猫の写真", query: "猫"))
  }
}
