// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import DiskTestSupport
import Foundation
import GtkKit
import GtkTestSupport
import MemeStore
import Testing

@testable import MemeUI

/// A store whose `images` folder is a symbolic link, launched as the app: the app asks what to do,
/// touches nothing in either folder until told, and uses the folder once the user chooses to.
@Suite(.serialized) struct LinkedImagesTests {
  /// A store of two memes whose pictures were moved to another folder, `images` now a link to it,
  /// with a file of the user's there that no meme lists.
  struct LinkedStore {
    let folder: URL
    let victim: URL
    let secret = Data("-----BEGIN OPENSSH PRIVATE KEY-----\nnot really\n".utf8)

    init() throws {
      folder = try SentMemesHarness.makeStoreFolder(memes: 2).folder
      victim = ScratchFolder.unique("linked-target")
      try FileManager.default.createDirectory(at: victim, withIntermediateDirectories: true)
      let images = folder.appendingPathComponent(SentMemeStore.imagesFolderName, isDirectory: true)
      for name in try FileManager.default.contentsOfDirectory(atPath: images.path) {
        try FileManager.default.moveItem(
          at: images.appendingPathComponent(name), to: victim.appendingPathComponent(name))
      }
      try FileManager.default.removeItem(at: images)
      try FileManager.default.createSymbolicLink(at: images, withDestinationURL: victim)
      try secret.write(to: victim.appendingPathComponent("id_rsa"))
    }

    /// Every file of the link's target and of the store's folder, with its bytes.
    func snapshot() throws -> [String: Data] {
      var files: [String: Data] = [:]
      for (prefix, root) in [("victim/", victim), ("store/", folder)] {
        for name in try FileManager.default.subpathsOfDirectory(atPath: root.path) {
          let url = root.appendingPathComponent(name)
          var isDirectory: ObjCBool = false
          // The link itself is listed, not followed; the database's own files change as it is read.
          guard (try? FileManager.default.destinationOfSymbolicLink(atPath: url.path)) == nil,
            FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory),
            !isDirectory.boolValue,
            !name.hasPrefix("memes.sqlite"), name != "memes.lock"
          else {
            files[prefix + name] = Data()
            continue
          }
          files[prefix + name] = try Data(contentsOf: url)
        }
      }
      return files
    }
  }

  static func question() -> UnsafeMutablePointer<GtkWidget>? {
    SentMemesHarness.toplevel(named: "linked-images-question")
  }

  static func answer(_ answer: LinkedImagesQuestion.Answer) throws {
    let dialog = try #require(question().flatMap { MessageDialog($0) })
    dialog.respond(answer.rawValue)
    MainContext.drain()
  }

  @Test func theAppAsksAndTouchesNothingUntilTold() throws {
    try DisplayHarness.requireDisplay()
    let linked = try LinkedStore()
    let before = try linked.snapshot()

    let app = SentMemesHarness.launch(storeFolder: linked.folder)
    defer { SentMemesHarness.close(app) }
    let dialog = try #require(
      MainContext.iterate { Self.question() != nil } ? Self.question() : nil, "the question is shown")
    let question = try #require(MessageDialog(dialog))
    #expect(question.heading == "Sent Memes are not available")
    #expect(question.appearance(ofResponse: LinkedImagesQuestion.Answer.useFolder.rawValue) == .destructive)
    let notNow = LinkedImagesQuestion.Answer.notNow.rawValue
    #expect(
      question.defaultResponse == notNow && question.closeResponse == notNow, "Enter and Escape: Not Now")
    MainContext.iterate { gtk_widget_get_mapped(dialog) != 0 }
    DisplayHarness.waitForFrames(dialog)
    _ = Screenshot.save(dialog, named: "linked-images-question")

    let texts = WidgetTree.texts(in: dialog)
    let all = texts.joined(separator: "\n")
    #expect(all.contains("Sent Memes are not available"))
    #expect(all.contains(linked.victim.path), "the target is named: \(all)")
    #expect(all.contains(linked.folder.appendingPathComponent("images").path), "the link is named: \(all)")
    for label in ["Quit", "Not Now", "Use That Folder"] {
      #expect(texts.contains(label), "a \(label) button: \(texts)")
    }
    #expect(app.sentMemes == nil, "no memes until the user says")
    #expect(app.editor != nil, "the editor works meanwhile")

    // Whatever runs after the first frame (the store's check and repair) has had its chance.
    SentMemesHarness.settle(app)
    #expect(try linked.snapshot() == before, "nothing moved, removed or added")

    try Self.answer(.notNow)
    SentMemesHarness.settle(app)
    #expect(Self.question() == nil)
    #expect(app.sentMemes == nil)
    #expect(try linked.snapshot() == before, "Not Now leaves everything as it was")
    #expect(!FileManager.default.fileExists(atPath: linked.folder.appendingPathComponent("lost+found").path))
  }

  @Test func usingTheFolderShowsItsMemesAndIsRemembered() throws {
    try DisplayHarness.requireDisplay()
    let linked = try LinkedStore()

    let app = SentMemesHarness.launch(storeFolder: linked.folder)
    defer { SentMemesHarness.close(app) }
    #expect(MainContext.iterate { Self.question() != nil })
    try Self.answer(.useFolder)

    let window = try #require(
      MainContext.iterate { SentMemesHarness.isVisible(SentMemesHarness.sentMemes(of: app)?.window) }
        ? SentMemesHarness.sentMemes(of: app) : nil, "Sent Memes takes over from the blank editor")
    #expect(window.memes.list.count == 2)
    #expect(app.preferences.linkedImagesFolder == linked.victim.path)
    #expect(app.editor == nil || !SentMemesHarness.isVisible(app.editor?.window))
    // The memes' pictures are read from the folder the link points to.
    let store = try #require(app.sentMemes?.memes.store)
    #expect(store.imagesDirectory.path == linked.victim.resolvingSymlinksInPath().path)
    // The repair ran on that folder: the stranger went to lost+found, whole, and no meme was lost.
    let lostKey = linked.folder.appendingPathComponent("lost+found/id_rsa")
    #expect(MainContext.iterate { FileManager.default.fileExists(atPath: lostKey.path) })
    #expect(try Data(contentsOf: lostKey) == linked.secret)
    #expect(try SentMemeStore(directory: linked.folder, followingLinkedImages: true).count() == 2)

    // The next launch, with the link pointing where it did, asks nothing.
    let opening = SentMemesLibrary.startOpening(
      directory: linked.folder, linkedImagesFolder: app.preferences.linkedImagesFolder)
    #expect(try SentMemesLibrary.open(opening).get().list.count == 2)
    // Pointing elsewhere, it asks again.
    let elsewhere = SentMemesLibrary.startOpening(
      directory: linked.folder, linkedImagesFolder: "/somewhere/else")
    guard case .failure(.linkedFolder) = SentMemesLibrary.open(elsewhere) else {
      Issue.record("a link to another folder was used without asking")
      return
    }
  }
}
