// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import DiskTestSupport
import Foundation
import GtkKit
import GtkTestSupport
import MemeCore
import MemeStore
import PictureFixtures
import Testing

@testable import MemeUI

/// Meme Detail's shares of a meme made from a GPS-tagged phone photo: the files it saves and hands
/// on carry nothing of the photo's, carry the meme's description, follow the size limit, and Copy
/// Description gives the description. Read back by exiftool and ImageMagick.
@Suite(.serialized) struct DetailSendReadyTests {
  @Test func saveAsAndCopyImageCarryTheDescriptionAndNothingOfThePhoto() throws {
    try ExifToolReader.require()
    let sample = (
      try PrivateSources.picture(.jpeg), MemeCaptions(top: "Private photo", bottom: "public meme")
    )
    try SentMemesHarness.withSentMemes([sample]) { app, window, memes in
      let detail = try Self.openDetail(memes[0], in: app, window: window)
      let output = Fixtures.folder.appendingPathComponent("detail-\(UUID().uuidString).png")
      detail.filePicker = { _, completion in completion(output) }
      SentMemesHarness.activate(ShareTarget.saveAs.name, in: detail.window)
      #expect(Self.waitForFile(output))
      Self.waitForToast(in: detail)
      try Self.expectPrivate(output, description: memes[0].resolvedDescription)

      SentMemesHarness.activate(ShareTarget.copyImage.name, in: detail.window)
      Self.waitForToast(in: detail, saying: "Copied to the clipboard")
      let pasted = try #require(SendReadyWindowTests.clipboardBytes(of: detail.window, mimeType: "image/png"))
      let pastedFile = Fixtures.folder.appendingPathComponent("detail-pasted-\(UUID().uuidString).png")
      try pasted.write(to: pastedFile)
      try Self.expectPrivate(pastedFile, description: memes[0].resolvedDescription)

      SentMemesHarness.activate(ShareTarget.copyDescription.name, in: detail.window)
      #expect(SendReadyWindowTests.clipboardText(of: detail.window) == memes[0].resolvedDescription)
    }
  }

  @Test func saveAsUnderASizeLimitWritesTheLargestJPEGThatFits() throws {
    try ExifToolReader.require()
    let noise = Fixtures.folder.appendingPathComponent("detail-noise-\(UUID().uuidString).png")
    let convert = Process()
    convert.executableURL = URL(fileURLWithPath: "/usr/bin/convert")
    convert.arguments = ["-size", "1200x900", "xc:", "+noise", "Random", noise.path]
    try convert.run()
    convert.waitUntilExit()
    try SentMemesHarness.withSentMemes([(noise, MemeCaptions(top: "Too big", bottom: "to send"))]) {
      app, window, memes in
      let detail = try Self.openDetail(memes[0], in: app, window: window)
      let limit = 250_000
      detail.preferences.shareSizeLimit = limit
      defer { detail.preferences.shareSizeLimit = nil }
      let chosen = Fixtures.folder.appendingPathComponent("detail-limited-\(UUID().uuidString).png")
      let written = chosen.deletingPathExtension().appendingPathExtension("jpg")
      detail.filePicker = { _, completion in completion(chosen) }
      SentMemesHarness.activate(ShareTarget.saveAs.name, in: detail.window)
      // The JPEG's name is not the one chosen: asked first, and nothing is there before the answer.
      let question = try #require(SendReadyWindowTests.saveAsJPEGQuestion())
      #expect(question.body.contains("“\(written.lastPathComponent)”"), "\(question.body)")
      #expect(!FileManager.default.fileExists(atPath: written.path))
      question.respond(RenamedSaveQuestion.Response.save.rawValue)
      #expect(Self.waitForFile(written))
      #expect(!FileManager.default.fileExists(atPath: chosen.path))
      let size = try #require(try FileManager.default.attributesOfItem(atPath: written.path)[.size] as? Int)
      #expect(size <= limit && size >= limit * 8 / 10, "\(size) bytes against \(limit)")
      Self.waitForToast(in: detail)
      let title = try #require(detail.toasts.shownToast?.title)
      #expect(
        title.hasPrefix("Saved as JPEG to stay under 250 kB: ") && title.contains("JPEG quality"), "\(title)")
      #expect(try ExifToolReader.read(written).xmpDescription == memes[0].resolvedDescription)
    }
  }

  /// Keep PNG, from Detail: the name chosen, a PNG (by its header, as ImageMagick reads it) with fewer
  /// pixels, within the limit, and no JPEG beside it.
  @Test func keepPNGUnderASizeLimitWritesASmallerPNG() throws {
    let noise = Fixtures.folder.appendingPathComponent("detail-noise-\(UUID().uuidString).png")
    _ = try SendReadyWindowTests.run(
      "/usr/bin/convert", ["-size", "1200x900", "xc:", "+noise", "Random", noise.path])
    try SentMemesHarness.withSentMemes([(noise, MemeCaptions(top: "Too big", bottom: "to send"))]) {
      app, window, memes in
      let detail = try Self.openDetail(memes[0], in: app, window: window)
      let limit = 250_000
      detail.preferences.shareSizeLimit = limit
      defer { detail.preferences.shareSizeLimit = nil }
      let chosen = Fixtures.folder.appendingPathComponent("detail-kept-\(UUID().uuidString).png")
      detail.filePicker = { _, completion in completion(chosen) }
      SentMemesHarness.activate(ShareTarget.saveAs.name, in: detail.window)
      let question = try #require(SendReadyWindowTests.saveAsJPEGQuestion())
      question.respond(RenamedSaveQuestion.Response.keepPNG.rawValue)
      #expect(Self.waitForFile(chosen))
      Self.waitForToast(in: detail)
      try SendReadyWindowTests.expectSmallerPNG(chosen, limit: limit, fullWidth: 1200, fullHeight: 900)
      #expect(
        !FileManager.default.fileExists(
          atPath: chosen.deletingPathExtension().appendingPathExtension("jpg").path))
      let title = try #require(detail.toasts.shownToast?.title)
      #expect(title.hasPrefix("Saved “\(chosen.lastPathComponent)”"), "\(title)")
    }
  }

  private static func waitForFile(_ file: URL) -> Bool {
    let path = file.path
    return MainContext.iterate(maxIterations: 3000) { FileManager.default.fileExists(atPath: path) }
  }

  static func waitForToast(in detail: DetailWindow, saying title: String? = nil) {
    let toasts = detail.toasts
    MainContext.iterate(maxIterations: 300) {
      guard let shown = toasts.shownToast else { return false }
      return title.map { shown.title == $0 } ?? true
    }
  }

  /// exiftool finds only the description in `file`, and none of the photo's private strings are in
  /// its bytes.
  private static func expectPrivate(_ file: URL, description: String) throws {
    let tags = try ExifToolReader.read(file)
    #expect(tags.unexpected(allowingICCProfile: false).isEmpty, "\(file.lastPathComponent): \(tags.values)")
    #expect((tags.pngDescription ?? tags.xmpDescription) == description)
    let bytes = try Data(contentsOf: file)
    for secret in PrivateSources.secrets {
      #expect(bytes.range(of: Data(secret.utf8)) == nil, "\(secret) is in \(file.lastPathComponent)")
    }
  }

  static func openDetail(_ meme: SentMeme, in app: MemeMeApplication, window: SentMemesWindow) throws
    -> DetailWindow
  {
    window.select(id: meme.id)
    SentMemesHarness.activate(SentMemesAction.openMeme.name, in: window.window)
    let detail = try #require(app.sentMemes?.detailWindow)
    #expect(MainContext.iterate { !detail.isLoading })
    SentMemesHarness.settle(app)
    return detail
  }
}
