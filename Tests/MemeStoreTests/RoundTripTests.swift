// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GRDB
import MemeCore
import Testing

@testable import MemeStore

@Suite struct RoundTripTests {
  @Test func savedMemeReadsBackWithAllFieldsAfterReopening() throws {
    let folder = try TemporaryFolder()
    let originalBytes = randomBytes(4096)
    let source = folder.file("holiday photo.JPG")
    try originalBytes.write(to: source)
    let style = CaptionStyle(
      fontFamily: "DejaVu Sans", textColor: RGBAColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.4),
      outlineColor: RGBAColor(red: 0.9, green: 0.05, blue: 0.5), isUppercase: false)
    let rendered = randomBytes(2048)
    let thumbnail = randomBytes(512)
    let sentAt = Date()
    let meme = Meme(
      content: MemeContent(
        captions: MemeCaptions(top: "One does not simply", bottom: "walk into Mördor 🚶", style: style)),
      originalImage: source)

    let saved = try SentMemeStore(directory: folder.url).save(
      SentMemeDraft(meme: meme, rendered: .png(rendered), thumbnail: .jpeg(thumbnail), sentAt: sentAt))

    let store = try SentMemeStore(directory: folder.url)
    let loaded = try #require(try store.meme(id: saved.id))
    #expect(loaded == saved)
    #expect(try store.allMemes() == [saved])
    #expect(loaded.top == "One does not simply")
    #expect(loaded.bottom == "walk into Mördor 🚶")
    #expect(loaded.style == style)
    #expect(loaded.sentAt == sentAt)
    #expect(try contents(loaded.originalImageURL) == originalBytes)
    #expect(try contents(loaded.renderedImageURL) == rendered)
    #expect(try contents(loaded.thumbnailURL) == thumbnail)
    #expect(loaded.hasAllFiles)
    // The store keeps its own copies, inside its folder, with the original's kind of extension.
    for url in [loaded.originalImageURL, loaded.renderedImageURL, loaded.thumbnailURL] {
      #expect(url.deletingLastPathComponent().standardizedFileURL == folder.imagesURL.standardizedFileURL)
    }
    #expect(loaded.originalImageURL.pathExtension == "jpg")
    #expect(loaded.renderedImageURL.pathExtension == "png")
    #expect(loaded.thumbnailURL.pathExtension == "jpg")
    try FileManager.default.removeItem(at: source)
    #expect(try contents(loaded.originalImageURL) == originalBytes)
  }

  @Test func memeForEditingCarriesCaptionsStyleAndImages() throws {
    let folder = try TemporaryFolder()
    let style = CaptionStyle(fontFamily: "Serif", textColor: .black, outlineColor: .white)
    let saved = try SentMemeStore(directory: folder.url).save(sampleDraft(1, style: style))

    let meme = saved.meme
    #expect(meme.top == saved.top)
    #expect(meme.bottom == saved.bottom)
    #expect(meme.style == style)
    #expect(meme.originalImage == saved.originalImageURL)
    #expect(meme.renderedImage == saved.renderedImageURL)
    #expect(meme.createdAt == saved.sentAt)
  }

  @Test func resendingAnEditedMemeKeepsBothEntriesWithTheirOwnFiles() throws {
    let folder = try TemporaryFolder()
    let store = try SentMemeStore(directory: folder.url)
    let first = try store.save(sampleDraft(1))
    var edited = first.meme
    edited.bottom = "Changed"

    let second = try store.save(
      SentMemeDraft(meme: edited, rendered: .png(randomBytes(100)), thumbnail: .png(randomBytes(10))))

    #expect(second.id != first.id)
    #expect(try store.allMemes().map(\.bottom) == ["Changed", "Bottom 1"])
    #expect(second.originalImageURL != first.originalImageURL)
    #expect(try contents(second.originalImageURL) == contents(first.originalImageURL))
  }

  @Test func bulkSaveCommitsAllAsIfSavedInOrder() throws {
    let folder = try TemporaryFolder()
    let store = try SentMemeStore(directory: folder.url)
    let drafts = (1...5).map { sampleDraft($0) }

    let saved = try store.save(contentsOf: drafts)

    #expect(saved.map(\.top) == drafts.map(\.top))
    #expect(try store.topTexts() == ["Top 5", "Top 4", "Top 3", "Top 2", "Top 1"])
    for (meme, draft) in zip(saved, drafts) {
      #expect(try contents(meme.renderedImageURL) == draft.rendered.data)
      #expect(try contents(meme.thumbnailURL) == draft.thumbnail.data)
    }
    #expect(try folder.imageFileNames().count == 15)
  }

  @Test func concurrentSavesAndReadsAllLand() async throws {
    let folder = try TemporaryFolder()
    let store = try SentMemeStore(directory: folder.url)

    try await withThrowingTaskGroup(of: Void.self) { group in
      for number in 1...12 {
        group.addTask {
          try store.save(sampleDraft(number))
          _ = try store.allMemes()
        }
      }
      try await group.waitForAll()
    }

    let memes = try store.allMemes()
    #expect(Set(memes.map(\.top)) == Set((1...12).map { "Top \($0)" }))
    #expect(Set(memes.map(\.position)).count == 12)
    #expect(try store.count() == 12)
  }

  @Test func databaseIsInWALMode() throws {
    let folder = try TemporaryFolder()
    _ = try SentMemeStore(directory: folder.url)
    let queue = try DatabaseQueue(path: folder.databaseURL.path)
    #expect(try queue.read { try String.fetchOne($0, sql: "PRAGMA journal_mode") } == "wal")
  }

  @Test func defaultDirectoryFollowsXDGDataHome() {
    let appID = "io.github.mememe.MemeMe"
    #expect(
      SentMemeStore.defaultDirectory(
        appID: appID, environment: ["XDG_DATA_HOME": "/data/home", "HOME": "/home/me"]
      ).path == "/data/home/io.github.mememe.MemeMe")
    #expect(
      SentMemeStore.defaultDirectory(appID: appID, environment: ["HOME": "/home/me"]).path
        == "/home/me/.local/share/io.github.mememe.MemeMe")
    // The XDG spec says a relative path is invalid and must be ignored.
    #expect(
      SentMemeStore.defaultDirectory(
        appID: appID, environment: ["XDG_DATA_HOME": "relative", "HOME": "/home/me"]
      ).path == "/home/me/.local/share/io.github.mememe.MemeMe")
  }
}
