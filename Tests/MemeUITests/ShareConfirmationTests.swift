// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import GtkTestSupport
import MemeCore
import MemeEditing
import MemeStore
import Testing

@testable import MemeUI

/// Every share says what it did, Save As opens where memes are saved, and Meme Detail offers the
/// editor's share targets.
@Suite(.serialized) struct ShareConfirmationTests {
  /// "Saved “<file>”": the file's name, not its path.
  private func savedMessage(_ url: URL) -> String {
    "Saved “\(url.lastPathComponent)”"
  }

  private func newFolder(_ name: String) throws -> URL {
    let folder = Fixtures.folder.appendingPathComponent("\(name)-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  /// The toplevel GTK file chooser dialog (GtkFileChooserNative's in-process fallback under Xvfb).
  private func fileChooserDialog() -> UnsafeMutablePointer<GtkWidget>? {
    let toplevels = gtk_window_get_toplevels()!
    for index in 0..<g_list_model_get_n_items(toplevels) {
      guard let item = g_list_model_get_item(toplevels, index) else { continue }
      g_object_unref(item)
      let widget = gtkkit_widget(item)!
      if gtk_widget_get_visible(widget) != 0,
        String(cString: g_type_name(gtkkit_type_of(widget))) == "GtkFileChooserDialog"
      {
        return widget
      }
    }
    return nil
  }

  /// Opens the editor's real Save As chooser and returns the folder it shows, then cancels it.
  private func folderSaveAsOpensIn(_ editor: EditorWindow) throws -> URL? {
    editor.filePicker = NativeFilePicker.over(editor.window, preferences: editor.preferences)
    editor.actions.action(named: ShareTarget.saveAs.name)?.activate()
    #expect(MainContext.iterate { fileChooserDialog() != nil }, "the save chooser opened")
    let dialog = try #require(fileChooserDialog())
    EditorHarness.settle(editor)
    let folder = gtk_file_chooser_get_current_folder(gtkkit_file_chooser(dialog)).flatMap { file in
      defer { g_object_unref(file.raw) }
      return FileURL.url(of: file)
    }
    gtk_dialog_response(gtkkit_dialog(dialog), GTK_RESPONSE_CANCEL.rawValue)
    MainContext.iterate { fileChooserDialog() == nil }
    return folder
  }

  @Test func saveAsOpensInPicturesThenWhereTheLastMemeWasSavedNeverInThePhotosFolder() throws {
    try DisplayHarness.requireDisplay()
    let preferences = Preferences.inMemory()
    let sink = InMemorySentMemes()
    let editor = EditorHarness.makeEditor(sink: sink, preferences: preferences)
    defer { EditorHarness.close(editor) }
    let photos = try newFolder("photos")
    let photo = photos.appendingPathComponent("cat.png")
    try FileManager.default.copyItem(
      at: Fixtures.picture(width: 400, height: 300, name: "cat.png"), to: photo)
    EditorHarness.load(photo, into: editor)
    #expect(preferences.lastFolder?.standardizedFileURL == photos.standardizedFileURL, "Album remembers it")

    // The XDG pictures folder as `xdg-user-dir` reads it (home when unset), else the home folder.
    let named = try xdgUserDir("PICTURES")
    let pictures = FileManager.default.fileExists(atPath: named) ? named : NSHomeDirectory()
    let first = try #require(try folderSaveAsOpensIn(editor))
    #expect(first.standardizedFileURL.path == URL(fileURLWithPath: pictures).standardizedFileURL.path)
    #expect(first.standardizedFileURL != photos.standardizedFileURL)

    let memes = try newFolder("memes")
    let output = memes.appendingPathComponent("cat-meme.png")
    editor.filePicker = { _, completion in completion(output) }
    editor.actions.action(named: ShareTarget.saveAs.name)?.activate()
    #expect(MainContext.iterate { !sink.isEmpty })
    #expect(editor.toasts.shownToast?.title == savedMessage(output))
    #expect(editor.toasts.shownToast?.buttonLabel == "Show in Folder")
    EditorHarness.settle(editor)
    editor.toasts.waitForSlideIn()
    Screenshot.save(editor.window, named: "editor-saved-toast")

    // Another photo from elsewhere: Save As still opens where the last meme went.
    EditorHarness.load(photo, into: editor)
    let second = try #require(try folderSaveAsOpensIn(editor))
    #expect(second.standardizedFileURL == memes.standardizedFileURL)
  }

  @Test func detailSaysWhatSaveAsAndCopyDid() throws {
    try SentMemesHarness.withSentMemes(memes: 1) { app, window, memes in
      let detail = try openDetail(memes[0], in: app, window: window)
      #expect(detail.toasts.shownToast == nil)
      let folder = try newFolder("detail-saves")
      let output = folder.appendingPathComponent("top-1-meme.jpg")
      detail.filePicker = { _, completion in completion(output) }
      SentMemesHarness.activate(ShareTarget.saveAs.name, in: detail.window)
      #expect(MainContext.iterate { detail.toasts.shownToast != nil })
      #expect(detail.toasts.shownToast?.title == savedMessage(output))
      #expect(detail.toasts.shownToast?.buttonLabel == "Show in Folder")
      #expect(try ImageLoader().load(contentsOf: output).width > 0)
      #expect(detail.preferences.saveFolder.standardizedFileURL == folder.standardizedFileURL)
      SentMemesHarness.settle(app)
      detail.toasts.waitForSlideIn()
      Screenshot.save(detail.window, named: "detail-saved-toast")

      detail.toasts.shownToast?.dismiss()
      SentMemesHarness.activate(ShareTarget.copyImage.name, in: detail.window)
      #expect(MainContext.iterate { detail.toasts.shownToast?.title == "Copied to the clipboard" })
      #expect(detail.toasts.shownToast?.buttonLabel == nil)
      #expect(Clipboard(for: detail.window).offersImage)
      SentMemesHarness.settle(app)
      detail.toasts.waitForSlideIn()
      Screenshot.save(detail.window, named: "detail-copied-toast")
    }
  }

  @Test func detailOffersTheEditorsShareTargets() throws {
    try SentMemesHarness.withSentMemes(memes: 1) { app, window, memes in
      let detail = try openDetail(memes[0], in: app, window: window)
      let items = try menuItems(of: detail.window)
      #expect(
        items.map(\.label) == [
          "Save As…", "Save as Sticker…", "Copy Image", "Copy Description", "Open With…", "Send by E-mail",
        ])
      for item in items {
        let name = String(item.action.dropFirst("win.".count))
        #expect(detail.actions.action(named: name)?.isEnabled == true, "\(item.action) in Detail")
      }
      let share = try #require(WidgetTree.descendant(of: detail.window, named: "share-button"))
      gtk_menu_button_popup(gtkkit_menu_button(share))
      SentMemesHarness.settle(app)
      MainContext.drain()
      Screenshot.saveScreen(named: "detail-share-menu")
      gtk_menu_button_popdown(gtkkit_menu_button(share))

      // Open With asks which application, over the detail; cancelling does nothing.
      SentMemesHarness.activate(ShareTarget.openWith.name, in: detail.window)
      let chooser = try #require(EditorWindowTests.toplevel(named: "open-with-dialog"))
      #expect(gtk_window_get_transient_for(gtkkit_window(chooser)) == gtkkit_window(detail.window))
      gtk_dialog_response(gtkkit_dialog(chooser), GTK_RESPONSE_CANCEL.rawValue)
      MainContext.drain()
      #expect(EditorWindowTests.toplevel(named: "open-with-dialog") == nil)
      #expect(detail.lastError == nil)
    }
  }

  /// The editor's Share menu: the same labels and actions as Detail's.
  @Test func theEditorsShareMenuIsTheSame() throws {
    try DisplayHarness.requireDisplay()
    let editor = EditorHarness.makeEditor()
    defer { EditorHarness.close(editor) }
    let items = try menuItems(of: editor.window)
    #expect(
      items.map(\.label) == [
        "Save As…", "Save as Sticker…", "Copy Image", "Copy Description", "Open With…", "Send by E-mail",
      ])
    #expect(items.map(\.action) == ShareTarget.allCases.map(\.detailedName))
  }

  @Test func detailSendsAnEMailWithACopyOfTheMeme() throws {
    let log = try installFakeEmail(exitStatus: 0)
    defer { restorePath() }
    try SentMemesHarness.withSentMemes(memes: 1) { app, window, memes in
      let detail = try openDetail(memes[0], in: app, window: window)
      SentMemesHarness.activate(ShareTarget.sendByEmail.name, in: detail.window)
      #expect(MainContext.iterate { detail.toasts.shownToast != nil }, "the mail client took it")
      #expect(detail.toasts.shownToast?.title == "Meme attached to a new e-mail")
      let arguments = try String(contentsOf: log, encoding: .utf8).split(separator: "\n").map(String.init)
      #expect(arguments.first == "--attach")
      let attached = URL(fileURLWithPath: try #require(arguments.last))
      #expect(attached.standardizedFileURL != memes[0].renderedImageURL.standardizedFileURL, "a copy")
      #expect(try Data(contentsOf: attached) == Data(contentsOf: memes[0].renderedImageURL))
    }
  }

  @Test func aFailedEMailSaysWhatToDo() throws {
    _ = try installFakeEmail(exitStatus: 3)
    defer { restorePath() }
    try SentMemesHarness.withSentMemes(memes: 1) { app, window, memes in
      let detail = try openDetail(memes[0], in: app, window: window)
      SentMemesHarness.activate(ShareTarget.sendByEmail.name, in: detail.window)
      #expect(MainContext.iterate { detail.lastError != nil })
      #expect(detail.lastError?.title == "Could not start an e-mail")
      #expect(
        detail.lastError?.detail
          == "No e-mail app is set up. Install one, or save the meme and attach it yourself.")
      let dialog = try #require(SentMemesHarness.toplevel(named: "message-dialog"))
      let texts = SentMemesHarness.labels(in: dialog)
      #expect(texts.contains { $0.contains("No e-mail app is set up") }, "\(texts)")
      #expect(!texts.contains { $0.contains("xdg-email") || $0.contains("status") }, "\(texts)")
      SentMemesHarness.settle(app)
      Screenshot.save(dialog, named: "detail-email-failed")
      MessageDialog(dialog)?.respond(MessageDialog.okResponse)
      #expect(detail.toasts.shownToast == nil)
    }
  }

  /// A JPEG photo's meme goes through the shared share targets on the block path: the editor's
  /// e-mail attaches a JPEG whose bytes Sent Memes keeps, and Detail hands on that very JPEG (Open
  /// With asks for a JPEG viewer, Send by E-mail and Save As .jpg give the sent bytes).
  @Test func aJPEGMemeStaysTheSentJPEGThroughEditorAndDetail() throws {
    try DisplayHarness.requireDisplay()
    let log = try installFakeEmail(exitStatus: 0)
    defer { restorePath() }
    let (folder, _) = try SentMemesHarness.makeStoreFolder()
    let app = SentMemesHarness.launch(storeFolder: folder)
    defer { SentMemesHarness.close(app) }
    let editor = try #require(app.editor)
    EditorHarness.load(
      Fixtures.picture(width: 640, height: 480, format: .jpeg(quality: 80), name: "mail.jpg"), into: editor)
    EditorHarness.type(top: "sent as", bottom: "jpeg", into: editor)
    editor.actions.action(named: ShareTarget.sendByEmail.name)?.activate()
    #expect(MainContext.iterate { (SentMemesHarness.sentMemes(of: app)?.memes.list.count ?? 0) == 1 })
    let mailed = URL(fileURLWithPath: try #require(try attachment(loggedIn: log)))
    #expect(mailed.pathExtension == "jpg")
    let stored = try #require(try SentMemeStore(directory: folder).allMemes().first)
    #expect(stored.renderedImageURL.pathExtension == "jpg")
    let sent = try Data(contentsOf: stored.renderedImageURL)
    #expect(try Data(contentsOf: mailed) == sent, "Sent Memes keeps the bytes that were mailed")
    #expect(sent.starts(with: [0xFF, 0xD8]), "a JPEG")

    let window = try #require(SentMemesHarness.sentMemes(of: app))
    let detail = try openDetail(stored, in: app, window: window)
    try FileManager.default.removeItem(at: log)
    SentMemesHarness.activate(ShareTarget.sendByEmail.name, in: detail.window)
    #expect(MainContext.iterate { detail.toasts.shownToast != nil })
    let copy = URL(fileURLWithPath: try #require(try attachment(loggedIn: log)))
    #expect(copy.pathExtension == "jpg")
    #expect(copy.standardizedFileURL != stored.renderedImageURL.standardizedFileURL, "a copy")
    #expect(try Data(contentsOf: copy) == sent)

    let saved = try newFolder("detail-jpeg").appendingPathComponent("kept.jpg")
    detail.filePicker = { _, completion in completion(saved) }
    detail.toasts.shownToast?.dismiss()
    SentMemesHarness.activate(ShareTarget.saveAs.name, in: detail.window)
    #expect(MainContext.iterate { detail.toasts.shownToast?.title == "Saved “kept.jpg”" })
    #expect(try Data(contentsOf: saved) == sent, "no generation lost")

    SentMemesHarness.activate(ShareTarget.openWith.name, in: detail.window)
    let chooser = try #require(EditorWindowTests.toplevel(named: "open-with-dialog"))
    let contentType = try #require(gtk_app_chooser_get_content_type(gtkkit_app_chooser(chooser)))
    defer { g_free(contentType) }
    #expect(String(cString: contentType) == "image/jpeg")
    gtk_dialog_response(gtkkit_dialog(chooser), GTK_RESPONSE_CANCEL.rawValue)
    MainContext.drain()
    #expect(detail.lastError == nil)
  }

  /// The files handed to other programs are the user's pictures: the cache folder they are written
  /// to is its owner's alone (0700, and one made wider before is narrowed), and so is every file in
  /// it (0600), the editor's share and Detail's copy alike.
  @Test func filesGivenToAnEMailAreReadableByTheirOwnerOnly() throws {
    try DisplayHarness.requireDisplay()
    let log = try installFakeEmail(exitStatus: 0)
    defer { restorePath() }
    // As an older version made it.
    #expect(chmod(CacheFolder.url.path, 0o755) == 0)
    let (folder, _) = try SentMemesHarness.makeStoreFolder()
    let app = SentMemesHarness.launch(storeFolder: folder)
    defer { SentMemesHarness.close(app) }
    let editor = try #require(app.editor)
    EditorHarness.load(Fixtures.picture(width: 640, height: 480, name: "private.png"), into: editor)
    EditorHarness.type(top: "for your", bottom: "eyes only", into: editor)

    editor.actions.action(named: ShareTarget.sendByEmail.name)?.activate()
    #expect(MainContext.iterate { (SentMemesHarness.sentMemes(of: app)?.memes.list.count ?? 0) == 1 })
    let mailed = URL(fileURLWithPath: try #require(try attachment(loggedIn: log)))
    // In a folder of its own in the cache (the file keeps the meme's name), as private as the cache.
    let handOver = mailed.deletingLastPathComponent()
    #expect(handOver.deletingLastPathComponent().standardizedFileURL == CacheFolder.url.standardizedFileURL)
    #expect(mailed.lastPathComponent == "private-meme.png")
    #expect(permissions(of: handOver) == 0o700)
    #expect(permissions(of: mailed) == 0o600)
    #expect(permissions(of: CacheFolder.url) == 0o700)

    let window = try #require(SentMemesHarness.sentMemes(of: app))
    let stored = try #require(try SentMemeStore(directory: folder).allMemes().first)
    let detail = try openDetail(stored, in: app, window: window)
    try FileManager.default.removeItem(at: log)
    SentMemesHarness.activate(ShareTarget.sendByEmail.name, in: detail.window)
    #expect(MainContext.iterate { detail.toasts.shownToast != nil })
    let copy = URL(fileURLWithPath: try #require(try attachment(loggedIn: log)))
    #expect(copy.standardizedFileURL != mailed.standardizedFileURL)
    #expect(permissions(of: copy) == 0o600)
    #expect(try Data(contentsOf: copy) == Data(contentsOf: mailed))
  }

  private func permissions(of url: URL) -> mode_t {
    var status = stat()
    return stat(url.path, &status) == 0 ? status.st_mode & 0o7777 : 0
  }

  /// The file the stand-in xdg-email was asked to attach, once it has run.
  private func attachment(loggedIn log: URL) throws -> String? {
    guard MainContext.iterate(until: { FileManager.default.fileExists(atPath: log.path) }) else { return nil }
    return try String(contentsOf: log, encoding: .utf8).split(separator: "\n").map(String.init).last
  }

  /// xdg-email's documented exit statuses, and env's "not found", each get a sentence that says
  /// what to do, never a status number.
  @Test(arguments: [1, 2, 3, 4, 5, 127] as [Int32])
  func everyEMailFailureSaysWhatToDo(status: Int32) {
    let message = EmailComposer.message(forExitStatus: status)
    #expect(message.hasSuffix("attach it yourself."), "\(message)")
    #expect(!message.contains("\(status)") && !message.contains("xdg-email"), "\(message)")
    if status == 3 {
      #expect(message == "No e-mail app is set up. Install one, or save the meme and attach it yourself.")
    }
  }

  // MARK: - Helpers

  private func openDetail(_ meme: SentMeme, in app: MemeMeApplication, window: SentMemesWindow) throws
    -> DetailWindow
  {
    window.select(id: meme.id)
    SentMemesHarness.activate(SentMemesAction.openMeme.name, in: window.window)
    let detail = try #require(app.sentMemes?.detailWindow)
    #expect(MainContext.iterate { !detail.isLoading })
    SentMemesHarness.settle(app)
    return detail
  }

  /// The labels and detailed actions of the Share menu button in `window`.
  private func menuItems(of window: UnsafeMutablePointer<GtkWidget>) throws -> [(
    label: String, action: String
  )] {
    let button = try #require(WidgetTree.descendant(of: window, named: "share-button"))
    let menu = try #require(gtkkit_widget(button)?.menuModel)
    // The targets are the menu's first section (the size limit is the second).
    let model = try #require(g_menu_model_get_item_link(menu, 0, "section"))
    defer { g_object_unref(model) }
    var items: [(String, String)] = []
    for index in 0..<g_menu_model_get_n_items(model) {
      let label = g_menu_model_get_item_attribute_value(model, index, "label", nil)
      let action = g_menu_model_get_item_attribute_value(model, index, "action", nil)
      defer {
        if let label { g_variant_unref(label) }
        if let action { g_variant_unref(action) }
      }
      items.append(
        (
          label.map { String(cString: g_variant_get_string($0, nil)) } ?? "",
          action.map { String(cString: g_variant_get_string($0, nil)) } ?? ""
        ))
    }
    return items
  }

  /// `xdg-user-dir NAME` (xdg-user-dirs): the user's folder of that kind.
  private func xdgUserDir(_ name: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["xdg-user-dir", name]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0)
    return String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  private static let originalPath = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"

  /// A stand-in xdg-email first on PATH that writes its arguments, one a line, and exits `status`.
  private func installFakeEmail(exitStatus status: Int) throws -> URL {
    let bin = try newFolder("fake-email")
    let log = bin.appendingPathComponent("arguments")
    let script = bin.appendingPathComponent("xdg-email")
    try Data("#!/bin/sh\nprintf '%s\\n' \"$@\" > '\(log.path)'\nexit \(status)\n".utf8).write(to: script)
    try #require(chmod(script.path, 0o755) == 0)
    setenv("PATH", "\(bin.path):\(Self.originalPath)", 1)
    return log
  }

  private func restorePath() {
    setenv("PATH", Self.originalPath, 1)
  }
}
