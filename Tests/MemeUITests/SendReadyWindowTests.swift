// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import DiskTestSupport
import Foundation
import GtkKit
import GtkTestSupport
import MemeCore
import MemeEditing
import PictureFixtures
import Testing

@testable import MemeUI

/// What the editor's Share menu does for a meme that is to be sent: no location or camera details in
/// the file, the meme's description in it, Copy Description, and the size limit. Every file is read
/// back by exiftool and ImageMagick, not by MemeMe.
@Suite(.serialized) struct SendReadyWindowTests {
  /// A GPS-tagged phone photo through Save As: the PNG keeps none of it, and carries the captions
  /// as its description.
  @Test func saveAsDropsThePhotosMetadataAndWritesTheDescription() throws {
    try DisplayHarness.requireDisplay()
    try ExifToolReader.require()
    let (editor, sink) = try Self.editorShowingPrivatePhoto()
    defer { EditorHarness.close(editor) }
    let output = Fixtures.folder.appendingPathComponent("private-\(UUID().uuidString).png")
    editor.filePicker = { _, completion in completion(output) }
    editor.actions.action(named: ShareTarget.saveAs.name)?.activate()
    #expect(MainContext.iterate(maxIterations: 6000) { !sink.isEmpty })

    let tags = try ExifToolReader.read(output)
    #expect(tags.unexpected(allowingICCProfile: false).isEmpty, "\(tags.values)")
    #expect(tags.pngDescription == editor.document.resolvedDescription)
    let bytes = try Data(contentsOf: output)
    for secret in PrivateSources.secrets {
      #expect(bytes.range(of: Data(secret.utf8)) == nil, "\(secret) is in the file")
    }
  }

  /// Copy Description puts the meme's text, top caption first, on the clipboard, and keeps nothing in
  /// Sent Memes: no meme was sent.
  @Test func copyDescriptionPutsTheCaptionsOnTheClipboard() throws {
    try DisplayHarness.requireDisplay()
    let (editor, sink) = try Self.editorShowingPrivatePhoto()
    defer { EditorHarness.close(editor) }
    editor.actions.action(named: ShareTarget.copyDescription.name)?.activate()
    let text = try #require(Self.clipboardText(of: editor.window))
    #expect(text == editor.document.resolvedDescription)
    let top = try #require(text.range(of: "When the photo"))
    let bottom = try #require(text.range(of: "has no GPS"))
    #expect(top.upperBound <= bottom.lowerBound, "reading order: top caption first")
    #expect(sink.isEmpty)
  }

  /// Under a size limit a PNG too large becomes the largest JPEG that fits, beside the name chosen
  /// once the user agrees to that name, and the toast says why it is a JPEG and what was made.
  @Test func aSizeLimitMakesAPNGOverItAJPEGUnderIt() throws {
    try DisplayHarness.requireDisplay()
    let sink = InMemorySentMemes()
    let (editor, limit) = try Self.editorWithNoiseOverTheLimit(sink: sink)
    defer { EditorHarness.close(editor) }
    defer { editor.preferences.shareSizeLimit = nil }
    let chosen = Fixtures.folder.appendingPathComponent("limited-\(UUID().uuidString).png")
    editor.filePicker = { _, completion in completion(chosen) }
    editor.actions.action(named: ShareTarget.saveAs.name)?.activate()
    let written = chosen.deletingPathExtension().appendingPathExtension("jpg")
    let question = try #require(Self.saveAsJPEGQuestion())
    #expect(question.body.contains("“\(written.lastPathComponent)”"), "\(question.body)")
    question.respond(RenamedSaveQuestion.Response.save.rawValue)
    #expect(MainContext.iterate(maxIterations: 6000) { !sink.isEmpty })

    #expect(!FileManager.default.fileExists(atPath: chosen.path), "no PNG over the limit")
    let size = try #require(try FileManager.default.attributesOfItem(atPath: written.path)[.size] as? Int)
    #expect(size <= limit && size >= limit * 8 / 10, "\(size) bytes against a limit of \(limit)")
    let identified = try Self.run("/usr/bin/identify", ["-format", "%m", written.path])
    #expect(identified == "JPEG")
    let title = try #require(editor.toasts.shownToast?.title)
    #expect(
      title.hasPrefix("Saved as JPEG to stay under 400 kB: ") && title.contains("JPEG quality"), "\(title)")
  }

  /// The JPEG's name beside the PNG chosen is not one the user gave: Save As asks before writing
  /// it, proposes only a free name (here after a file and a symbolic link to a file outside the
  /// folder, both planted), and leaves both untouched. Cancel writes and keeps nothing; a link
  /// planted at the proposed name while the question is shown is not followed either.
  @Test func saveAsAsksBeforeWritingANameNotChosenAndNeverReplacesOne() throws {
    try DisplayHarness.requireDisplay()
    let sink = InMemorySentMemes()
    let (editor, _) = try Self.editorWithNoiseOverTheLimit(sink: sink)
    defer { EditorHarness.close(editor) }
    defer { editor.preferences.shareSizeLimit = nil }
    let folder = Fixtures.folder.appendingPathComponent("planted-\(UUID().uuidString)")
    let outside = Fixtures.folder.appendingPathComponent("outside-\(UUID().uuidString)")
    for made in [folder, outside] {
      try FileManager.default.createDirectory(at: made, withIntermediateDirectories: true)
    }
    let precious = outside.appendingPathComponent("precious.txt")
    try Data("precious\n".utf8).write(to: precious)
    try Data("precious\n".utf8).write(to: folder.appendingPathComponent("meme.jpg"))
    try FileManager.default.createSymbolicLink(
      atPath: folder.appendingPathComponent("meme (2).jpg").path, withDestinationPath: precious.path)
    let before = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    let chosen = folder.appendingPathComponent("meme.png")
    editor.filePicker = { _, completion in completion(chosen) }
    func plantedAreUntouched() throws {
      #expect(
        try String(contentsOf: folder.appendingPathComponent("meme.jpg"), encoding: .utf8) == "precious\n")
      #expect(
        try FileManager.default.destinationOfSymbolicLink(
          atPath: folder.appendingPathComponent("meme (2).jpg").path)
          == precious.path)
      #expect(try String(contentsOf: precious, encoding: .utf8) == "precious\n")
      #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path) == ["precious.txt"])
    }

    // Asked, and cancelled: nothing written, nothing kept.
    editor.actions.action(named: ShareTarget.saveAs.name)?.activate()
    var question = try #require(Self.saveAsJPEGQuestion())
    #expect(question.heading == "Save as JPEG?")
    #expect(
      question.body.contains("“meme (3).jpg”") && question.body.contains("“meme.png”"), "\(question.body)")
    question.respond(RenamedSaveQuestion.Response.cancel.rawValue)
    MainContext.drain()
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == before)
    #expect(sink.isEmpty)
    try plantedAreUntouched()

    // Asked again, and a link to the file outside appears at the proposed name before the answer:
    // the save fails and says so, and the link and its target stay as they are.
    editor.actions.action(named: ShareTarget.saveAs.name)?.activate()
    question = try #require(Self.saveAsJPEGQuestion())
    let proposed = folder.appendingPathComponent("meme (3).jpg")
    try FileManager.default.createSymbolicLink(atPath: proposed.path, withDestinationPath: precious.path)
    question.respond(RenamedSaveQuestion.Response.save.rawValue)
    #expect(
      MainContext.iterate(maxIterations: 3000) { EditorWindowTests.toplevel(named: "message-dialog") != nil })
    let failure = try #require(
      EditorWindowTests.toplevel(named: "message-dialog").flatMap(MessageDialog.init))
    #expect(failure.heading.contains("meme (3).jpg"), "\(failure.heading)")
    failure.respond(MessageDialog.okResponse)
    MainContext.drain()
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: proposed.path) == precious.path)
    #expect(sink.isEmpty)
    try plantedAreUntouched()
    try FileManager.default.removeItem(at: proposed)

    // Asked, and agreed: the JPEG goes to the free name only.
    editor.actions.action(named: ShareTarget.saveAs.name)?.activate()
    question = try #require(Self.saveAsJPEGQuestion())
    question.respond(RenamedSaveQuestion.Response.save.rawValue)
    #expect(MainContext.iterate(maxIterations: 6000) { !sink.isEmpty })
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        == (before + ["meme (3).jpg"]).sorted())
    #expect(try Data(contentsOf: proposed).prefix(2) == Data([0xFF, 0xD8]))
    try plantedAreUntouched()
  }

  /// An editor showing noise (a PNG of it is several megabytes) under a size limit it cannot meet
  /// as a PNG.
  static func editorWithNoiseOverTheLimit(sink: InMemorySentMemes) throws -> (EditorWindow, Int) {
    let editor = EditorHarness.makeEditor(sink: sink)
    let picture = Fixtures.folder.appendingPathComponent("noise-\(UUID().uuidString).png")
    try Self.run("/usr/bin/convert", ["-size", "1600x1200", "xc:", "+noise", "Random", picture.path])
    #expect(EditorHarness.load(picture, into: editor))
    let limit = 400_000
    editor.preferences.shareSizeLimit = limit
    return (editor, limit)
  }

  /// Save As's "Save as JPEG?", once the export has made the JPEG.
  static func saveAsJPEGQuestion() -> MessageDialog? {
    MainContext.iterate(maxIterations: 6000) {
      EditorWindowTests.toplevel(named: RenamedSaveQuestion.dialogName) != nil
    }
    return EditorWindowTests.toplevel(named: RenamedSaveQuestion.dialogName).flatMap(MessageDialog.init)
  }

  /// The Size Limit submenu's choices are one app-wide setting, and Custom Limit… asks for a number
  /// of megabytes: 3.5 means 3,500,000 bytes.
  @Test func theSizeLimitIsChosenFromTheMenuOrTypedIn() throws {
    try DisplayHarness.requireDisplay()
    let app = EditorHarness.application
    let editor = EditorHarness.makeEditor()
    defer { EditorHarness.close(editor) }
    defer { app.preferences.shareSizeLimit = nil }
    let choice = try #require(app.application.actions.action(named: SizeLimitChoice.actionName))
    choice.activate(choosing: "8000000")
    #expect(app.preferences.shareSizeLimit == 8_000_000)
    choice.activate(choosing: "0")
    #expect(app.preferences.shareSizeLimit == nil, "No Limit")

    app.application.actions.action(named: SizeLimitChoice.customActionName)?.activate()
    let dialog = try #require(
      EditorWindowTests.toplevel(named: "custom-size-limit-dialog").flatMap(MessageDialog.init))
    let field = try #require(WidgetTree.descendant(of: dialog.widget, named: "custom-size-limit"))
    Entry(wrapping: field).text = "3.5"
    dialog.respond("set")
    MainContext.drain()
    #expect(app.preferences.shareSizeLimit == 3_500_000)
    #expect(choice.stringState == "3500000", "the menu's radio items follow")
  }

  /// Description… writes the user's words into the meme (one undo step), Save As carries them in
  /// the file, and Edit & Resend brings them back.
  @Test func aWrittenDescriptionTravelsWithTheMeme() throws {
    try DisplayHarness.requireDisplay()
    try ExifToolReader.require()
    let (editor, sink) = try Self.editorShowingPrivatePhoto()
    defer { EditorHarness.close(editor) }
    editor.actions.action(named: EditorAction.editDescription.name)?.activate()
    let dialogWidget = try #require(EditorWindowTests.toplevel(named: "description-dialog"))
    let dialog = try #require(MessageDialog(dialogWidget))
    let field = try #require(WidgetTree.descendant(of: dialog.widget, named: "description-field"))
    let written = "A cat looks at a phone that shows no map. Ünïcödé 😀 <&>"
    TextView(wrapping: field).text = written
    dialog.respond("save")
    MainContext.drain()
    #expect(editor.document.customDescription == written)
    editor.document.undo()
    #expect(editor.document.customDescription == nil, "one undo step")
    editor.document.redo()

    let output = Fixtures.folder.appendingPathComponent("described-\(UUID().uuidString).png")
    editor.filePicker = { _, completion in completion(output) }
    editor.actions.action(named: ShareTarget.saveAs.name)?.activate()
    #expect(MainContext.iterate(maxIterations: 6000) { !sink.isEmpty })
    #expect(try ExifToolReader.read(output).pngDescription == written)

    let kept = try #require(sink.entries.last)
    #expect(kept.customDescription == written, "Sent Memes keeps it")
    let again = EditorHarness.makeEditor()
    defer { EditorHarness.close(again) }
    let meme = Meme(
      content: MemeContent(
        captions: MemeCaptions(top: "When the photo", bottom: "has no GPS"),
        customDescription: kept.customDescription),
      originalImage: output)
    again.loading.load(sent: meme)
    #expect(again.document.customDescription == written, "Edit & Resend brings it back")
    #expect(MainContext.iterate { !again.isLoading })
  }

  /// The other ways a meme leaves the editor, from the same GPS-tagged photo: the file another
  /// application gets (Open With), the attachment (e-mail) and the bytes a paste gets (Copy Image).
  /// exiftool finds nothing of the photo's in any of them, and the description in each.
  @Test(arguments: [ShareTarget.openWith, .sendByEmail, .copyImage])
  func everyOtherShareDropsThePhotosMetadata(target: ShareTarget) throws {
    try DisplayHarness.requireDisplay()
    try ExifToolReader.require()
    let (editor, sink) = try Self.editorShowingPrivatePhoto()
    defer { EditorHarness.close(editor) }
    let file = try Self.shared(by: target, from: editor, sink: sink)
    let tags = try ExifToolReader.read(file)
    // A JPEG handed over keeps the photo's blocks, and with them its colour profile, if it had one.
    #expect(tags.unexpected(allowingICCProfile: file.pathExtension == "jpg").isEmpty, "\(tags.values)")
    #expect((tags.pngDescription ?? tags.xmpDescription) == editor.document.resolvedDescription)
    let bytes = try Data(contentsOf: file)
    for secret in PrivateSources.secrets {
      #expect(bytes.range(of: Data(secret.utf8)) == nil, "\(secret) is in the \(target) file")
    }
  }

  /// Drag-out: the file a drop target would get, from the canvas's drag source as GTK starts a drag
  /// (its `prepare` signal), holds nothing of the photo's and the description.
  @Test func theDraggedFileDropsThePhotosMetadata() throws {
    try DisplayHarness.requireDisplay()
    try ExifToolReader.require()
    let (editor, _) = try Self.editorShowingPrivatePhoto()
    defer { EditorHarness.close(editor) }
    let source = try #require(DragSourceProbe.dragSource(of: editor.canvas.drawingArea))
    // The button held still long enough, as a drag-out begins (DragOutTests presses it for real).
    editor.sharing.dragOut.isArmed = true
    let content = try #require(DragSourceProbe.emitPrepare(on: source))
    defer { g_object_unref(content) }
    var value = GValue()
    g_value_init(&value, g_file_get_type())
    defer { g_value_unset(&value) }
    #expect(
      gdk_content_provider_get_value(content.assumingMemoryBound(to: GdkContentProvider.self), &value, nil)
        != 0)
    let path = try #require(g_file_get_path(OpaquePointer(g_value_get_object(&value))))
    defer { g_free(path) }
    let file = URL(fileURLWithPath: String(cString: path))
    let tags = try ExifToolReader.read(file)
    #expect(tags.unexpected(allowingICCProfile: false).isEmpty, "\(tags.values)")
    #expect(tags.pngDescription == editor.document.resolvedDescription)
  }

  /// Shares the editor's meme to `target` and returns the file that left: the one opened, attached,
  /// or the bytes the clipboard gives a pasting application.
  private static func shared(by target: ShareTarget, from editor: EditorWindow, sink: InMemorySentMemes)
    throws
    -> URL
  {
    switch target {
    case .openWith:
      let opener = RecordingOpener()
      editor.applicationChooser = { _, chosen in chosen(opener) }
      editor.actions.action(named: target.name)?.activate()
      #expect(MainContext.iterate(maxIterations: 6000) { !sink.isEmpty })
      return try #require(opener.opened)
    case .sendByEmail:
      let bin = Fixtures.folder.appendingPathComponent("mail-bin-\(UUID().uuidString)", isDirectory: true)
      try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
      let log = bin.appendingPathComponent("attached")
      let script = bin.appendingPathComponent("xdg-email")
      try Data("#!/bin/sh\nprintf '%s' \"$2\" > '\(log.path)'\n".utf8).write(to: script)
      try #require(chmod(script.path, 0o755) == 0)
      let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
      setenv("PATH", "\(bin.path):\(path)", 1)
      defer { setenv("PATH", path, 1) }
      editor.actions.action(named: target.name)?.activate()
      #expect(MainContext.iterate(maxIterations: 6000) { !sink.isEmpty })
      return URL(fileURLWithPath: try String(contentsOf: log, encoding: .utf8))
    default:
      editor.actions.action(named: target.name)?.activate()
      #expect(MainContext.iterate(maxIterations: 6000) { !sink.isEmpty })
      let bytes = try #require(clipboardBytes(of: editor.window, mimeType: "image/png"))
      let file = Fixtures.folder.appendingPathComponent("pasted-\(UUID().uuidString).png")
      try bytes.write(to: file)
      return file
    }
  }

  /// Records the file Open With hands over, and starts nothing.
  private final class RecordingOpener: MemeOpener {
    var opened: URL?
    func open(_ file: URL, completion: @escaping (Result<Void, OpenWithFailure>) -> Void) {
      opened = file
      completion(.success(()))
    }
    var confirmation: String { "opened" }
  }

  /// The bytes the clipboard gives an application that asks for `mimeType`. The stream is filled by
  /// the main loop (the clipboard is this process's own), so it is read asynchronously too.
  static func clipboardBytes(of window: UnsafeMutablePointer<GtkWidget>, mimeType: String) -> Data? {
    final class Box {
      var data: Data?
      var done = false
    }
    let box = Box()
    let clipboard = gtk_widget_get_clipboard(window)
    let type = strdup(mimeType)
    defer { free(type) }
    var types: [UnsafePointer<CChar>?] = [UnsafePointer(type), nil]
    gdk_clipboard_read_async(
      clipboard, &types, G_PRIORITY_DEFAULT, nil,
      { source, result, data in
        let box = Unmanaged<Box>.fromOpaque(data!).takeUnretainedValue()
        guard let stream = gdk_clipboard_read_finish(OpaquePointer(source), result, nil, nil) else {
          box.done = true
          return
        }
        let memory = g_memory_output_stream_new_resizable()!
        let flags = GOutputStreamSpliceFlags(
          rawValue: G_OUTPUT_STREAM_SPLICE_CLOSE_SOURCE.rawValue
            | G_OUTPUT_STREAM_SPLICE_CLOSE_TARGET.rawValue)
        g_output_stream_splice_async(
          UnsafeMutablePointer(OpaquePointer(memory)), stream, flags, G_PRIORITY_DEFAULT, nil,
          { target, result, data in
            let box = Unmanaged<Box>.fromOpaque(data!).takeRetainedValue()
            defer { box.done = true }
            let output = UnsafeMutablePointer<GOutputStream>(OpaquePointer(target))
            guard g_output_stream_splice_finish(output, result, nil) >= 0 else { return }
            let memory = UnsafeMutablePointer<GMemoryOutputStream>(OpaquePointer(target))
            let size = Int(g_memory_output_stream_get_data_size(memory))
            guard let bytes = g_memory_output_stream_get_data(memory) else { return }
            box.data = Data(bytes: bytes, count: size)
            g_object_unref(target)
          }, data)
        g_object_unref(UnsafeMutableRawPointer(stream))
      }, Unmanaged.passRetained(box).toOpaque())
    MainContext.iterate(maxIterations: 3000) { box.done }
    return box.data
  }

  // MARK: - Helpers

  /// An editor showing a JPEG with GPS, camera, serial number and XMP, and two captions.
  private static func editorShowingPrivatePhoto() throws -> (EditorWindow, InMemorySentMemes) {
    let sink = InMemorySentMemes()
    let editor = EditorHarness.makeEditor(sink: sink)
    let photo = try PrivateSources.picture(.jpeg)
    #expect(EditorHarness.load(photo, into: editor))
    editor.document.setText("When the photo", at: .top)
    editor.document.setText("has no GPS", at: .bottom)
    editor.document.endTyping()
    return (editor, sink)
  }

  /// The clipboard's text, read the way a pasting application reads it.
  static func clipboardText(of window: UnsafeMutablePointer<GtkWidget>) -> String? {
    final class Box {
      var text: String?
      var done = false
    }
    let box = Box()
    let clipboard = gtk_widget_get_clipboard(window)
    gdk_clipboard_read_text_async(
      clipboard, nil,
      { source, result, data in
        let box = Unmanaged<Box>.fromOpaque(data!).takeRetainedValue()
        if let text = gdk_clipboard_read_text_finish(OpaquePointer(source), result, nil) {
          box.text = String(cString: text)
          g_free(text)
        }
        box.done = true
      }, Unmanaged.passRetained(box).toOpaque())
    MainContext.iterate { box.done }
    return box.text
  }

  @discardableResult
  static func run(_ tool: String, _ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: output, as: UTF8.self)
  }
}
