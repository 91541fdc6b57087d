import CGtk
import DiskTestSupport
import Foundation
import GtkKit
import GtkTestSupport
import MemeCore
import MemeEditing
// SPDX-License-Identifier: GPL-3.0-or-later
import PictureChecks
import Testing

@testable import MemeUI

/// Share targets export the meme at the source's resolution with the engine's renderer.
@Suite(.serialized) struct ShareTests {
  /// The same meme as the engine makes it in this process: decode, draw the captions, encode. (What
  /// the `mememe` binary writes is `saveAsEqualsMememeRenderPixelForPixel`.)
  private func reference(_ captions: MemeCaptions, picture: URL) throws -> RasterImage {
    let image = try ImageLoader().load(contentsOf: picture)
    MemeRenderer.render(captions, onto: image)
    let png = try ImageWriter.encode(image, as: .png)
    return try ImageLoader().load(data: png, name: "reference.png")
  }

  @Test func saveAsWritesThePNGTheEngineRenders() throws {
    try DisplayHarness.requireDisplay()
    let (editor, sink, picture) = EditorHarness.makeEditorShowingLandscape()
    defer { EditorHarness.close(editor) }
    EditorHarness.type(top: "Preview equals export", bottom: "pixel for pixel", into: editor)

    let output = Fixtures.folder.appendingPathComponent("saved-\(UUID().uuidString).png")
    editor.filePicker = { request, completion in
      guard case .saveMeme(let suggested) = request else { return completion(nil) }
      #expect(suggested == "landscape-meme.png")
      completion(output)
    }
    editor.actions.action(named: "save-as")?.activate()
    #expect(MainContext.iterate { !sink.isEmpty })

    let saved = try ImageLoader().load(contentsOf: output)
    #expect(saved.width == 1200 && saved.height == 800, "export is at the source's resolution")
    let expected = try reference(editor.document.captions, picture: picture)
    #expect(differingPixels(saved, expected) == 0)
    let kept = try #require(sink.entries.first)
    #expect(kept.originalImage == picture)
    #expect(kept.captions.top == "Preview equals export")
    // The very file written is kept, with the exact pixels.
    let keptPixels = try ImageLoader().load(data: [UInt8](kept.file.data), name: "kept")
    #expect(differingPixels(keptPixels, expected) == 0)
    let toast = try #require(editor.toasts.shownToast)
    #expect(toast.title.contains(output.lastPathComponent))
  }

  /// Save As onto a symbolic link writes through it, as `cp` does: the file it points to gets the
  /// meme and the link stays a link.
  @Test func saveAsThroughALinkReplacesItsFileAndKeepsTheLink() throws {
    try DisplayHarness.requireDisplay()
    let sink = InMemorySentMemes()
    let editor = EditorHarness.makeEditor(sink: sink)
    defer { EditorHarness.close(editor) }
    EditorHarness.load(Fixtures.picture(width: 400, height: 300, name: "linked.png"), into: editor)
    let folder = Fixtures.folder.appendingPathComponent("links-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let target = folder.appendingPathComponent("real.png")
    try Data("old".utf8).write(to: target)
    let link = folder.appendingPathComponent("link.png")
    try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "real.png")
    editor.filePicker = { _, completion in completion(link) }

    editor.actions.action(named: "save-as")?.activate()
    #expect(MainContext.iterate { !sink.isEmpty })

    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "real.png")
    #expect(try ImageLoader().load(contentsOf: target).width == 400)
    #expect(
      Set(try FileManager.default.contentsOfDirectory(atPath: folder.path)) == ["real.png", "link.png"])
  }

  /// The `mememe` binary built beside the tests (or `$MEMEME_BINARY`).
  private static var commandLineBinary: URL {
    if let path = ProcessInfo.processInfo.environment["MEMEME_BINARY"] { return URL(fileURLWithPath: path) }
    return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(
      "mememe")
  }

  @Test func saveAsEqualsMememeRenderPixelForPixel() throws {
    try DisplayHarness.requireDisplay()
    let binary = Self.commandLineBinary
    try RequiredTools.require(
      FileManager.default.isExecutableFile(atPath: binary.path), "mememe is not built at \(binary.path)")
    let sink = InMemorySentMemes()
    let editor = EditorHarness.makeEditor(sink: sink)
    defer { EditorHarness.close(editor) }
    let picture = Fixtures.picture(width: 900, height: 1200, name: "portrait-large.png")
    EditorHarness.load(picture, into: editor)
    EditorHarness.type(top: "Same code", bottom: "same pixels", into: editor)
    let saved = Fixtures.folder.appendingPathComponent("editor-\(UUID().uuidString).png")
    editor.filePicker = { _, completion in completion(saved) }
    editor.actions.action(named: "save-as")?.activate()
    #expect(MainContext.iterate { !sink.isEmpty })

    let rendered = Fixtures.folder.appendingPathComponent("cli-\(UUID().uuidString).png")
    let process = Process()
    process.executableURL = binary
    process.arguments = [
      "render", picture.path, "--top", "Same code", "--bottom", "same pixels", "-o", rendered.path,
    ]
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    let fromEditor = try ImageLoader().load(contentsOf: saved)
    let fromCommandLine = try ImageLoader().load(contentsOf: rendered)
    #expect(fromEditor.width == fromCommandLine.width && fromEditor.height == fromCommandLine.height)
    #expect(differingPixels(fromEditor, fromCommandLine) == 0)
  }

  @Test func cancelledSaveKeepsNothing() throws {
    try DisplayHarness.requireDisplay()
    let sink = InMemorySentMemes()
    let editor = EditorHarness.makeEditor(sink: sink)
    defer { EditorHarness.close(editor) }
    EditorHarness.load(Fixtures.picture(width: 1200, height: 800, name: "landscape.png"), into: editor)
    var asked = false
    editor.filePicker = { _, completion in
      asked = true
      completion(nil)
    }
    editor.actions.action(named: "save-as")?.activate()
    MainContext.drain()
    #expect(asked)
    #expect(sink.isEmpty)
  }

  /// A save still running when its editor is destroyed is stopped, and its late failure has no window
  /// to speak in: no dialog, no crash, nothing kept.
  @Test func aSaveFailingAfterTheEditorClosedShowsNoDialog() throws {
    try DisplayHarness.requireDisplay()
    let sink = InMemorySentMemes()
    let editor = EditorHarness.makeEditor(sink: sink)
    EditorHarness.load(Fixtures.picture(width: 1200, height: 800, name: "landscape.png"), into: editor)
    let nowhere = Fixtures.folder.appendingPathComponent("missing-\(UUID().uuidString)/meme.png")
    editor.filePicker = { _, completion in completion(nowhere) }
    editor.actions.action(named: "save-as")?.activate()
    // Closed before the main loop hears back from the export.
    EditorHarness.close(editor)
    #expect(MainContext.iterate { MainLoop.backgroundWorkInFlight == 0 }, "the export came back")
    MainContext.drain()
    #expect(editor.lastError == nil)
    #expect(EditorWindowTests.toplevel(named: "message-dialog") == nil)
    #expect(sink.isEmpty)
  }

  @Test func cancelledOpenWithKeepsNothing() throws {
    try DisplayHarness.requireDisplay()
    let sink = InMemorySentMemes()
    let editor = EditorHarness.makeEditor(sink: sink)
    defer { EditorHarness.close(editor) }
    EditorHarness.load(Fixtures.picture(width: 1200, height: 800, name: "landscape.png"), into: editor)
    editor.actions.action(named: "open-with")?.activate()
    let dialog = try #require(EditorWindowTests.toplevel(named: "open-with-dialog"), "an application chooser")
    #expect(gtk_window_get_transient_for(gtkkit_window(dialog)) == gtkkit_window(editor.window))
    gtk_dialog_response(gtkkit_dialog(dialog), GTK_RESPONSE_CANCEL.rawValue)
    MainContext.drain()
    #expect(EditorWindowTests.toplevel(named: "open-with-dialog") == nil, "the chooser is gone")
    #expect(sink.isEmpty)
  }

  @Test func copyImagePutsTheMemeOnTheClipboard() throws {
    try DisplayHarness.requireDisplay()
    let sink = InMemorySentMemes()
    let editor = EditorHarness.makeEditor(sink: sink)
    defer { EditorHarness.close(editor) }
    let picture = Fixtures.picture(width: 600, height: 900, name: "portrait.png")
    EditorHarness.load(picture, into: editor)
    editor.actions.action(named: "copy-image")?.activate()
    #expect(MainContext.iterate { !sink.isEmpty })
    EditorHarness.settle(editor)
    editor.toasts.waitForSlideIn()
    Screenshot.save(editor.window, named: "editor-copied-toast")
    // In-process read-back: without a clipboard manager X11 content lives only in its owner.
    var pasted: [UInt8]?
    var done = false
    Clipboard(for: editor.window).readImagePNG {
      pasted = $0
      done = true
    }
    #expect(MainContext.iterate { done })
    let image = try ImageLoader().load(data: try #require(pasted), name: "clipboard.png")
    #expect(image.width == 600 && image.height == 900)
    #expect(differingPixels(image, try reference(editor.document.captions, picture: picture)) == 0)
  }

  /// Picture names that other programs could read as syntax: xdg-email pastes the attachment's path
  /// into Thunderbird's compose string, where `',attachment='...` adds a file.
  nonisolated static let hostileNames = [
    #"x',attachment='\x2fetc\x2fpasswd',subject='hi.png"#, "it's \"quoted\".png", "a,b=c.png",
    "new\nline.png",
    "-leading-dash.png", "$(touch pwned).png", "`id`.png", String(repeating: "l", count: 246) + ".png",
    "Grüße 😀.png",
  ]

  @Test(arguments: hostileNames)
  func shareFilesHaveSafeShortNamesWhateverThePictureIsCalled(name: String) throws {
    let picture = URL(fileURLWithPath: "/pictures").appendingPathComponent(name)

    let name = MemeFileName.base(picture: picture, captions: MemeCaptions(top: "", bottom: ""))
    let file = CacheFolder.newFile(prefix: name, extension: "png")

    let fileName = file.lastPathComponent
    #expect(fileName.wholeMatch(of: /[A-Za-z0-9][A-Za-z0-9_-]*\.png/) != nil, "\(fileName)")
    #expect(fileName.utf8.count <= 80)
    #expect(file.deletingLastPathComponent() == CacheFolder.url)
  }

  /// The whole Send by E-mail path, with a stand-in xdg-email that records what it was given.
  @Test func sendByEmailAttachesASafelyNamedFile() throws {
    try DisplayHarness.requireDisplay()
    let sink = InMemorySentMemes()
    let editor = EditorHarness.makeEditor(sink: sink)
    defer { EditorHarness.close(editor) }
    EditorHarness.load(Fixtures.picture(width: 320, height: 240, name: Self.hostileNames[0]), into: editor)
    EditorHarness.type(top: "attach", bottom: "only this", into: editor)

    let attached = try Self.attachment(sendingByEmail: editor, keptIn: sink)
    #expect(attached.lastPathComponent.wholeMatch(of: /[A-Za-z0-9][A-Za-z0-9_-]*\.png/) != nil, "\(attached)")
    #expect(try ImageLoader().load(contentsOf: attached).width == 320)
  }

  /// Sends the editor's meme by e-mail through a stand-in xdg-email that records its arguments, and
  /// returns the file it was asked to attach (the animated share tests use it too).
  static func attachment(sendingByEmail editor: EditorWindow, keptIn sink: InMemorySentMemes) throws -> URL {
    let bin = Fixtures.folder.appendingPathComponent("fake-bin-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
    let log = bin.appendingPathComponent("arguments")
    let script = bin.appendingPathComponent("xdg-email")
    try Data("#!/bin/sh\nprintf '%s\\0' \"$@\" > '\(log.path)'\n".utf8).write(to: script)
    try #require(chmod(script.path, 0o755) == 0)
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    setenv("PATH", "\(bin.path):\(path)", 1)
    defer { setenv("PATH", path, 1) }

    editor.actions.action(named: "send-by-email")?.activate()
    #expect(MainContext.iterate { !sink.isEmpty }, "the mail client took the meme")

    let arguments = try String(decoding: Data(contentsOf: log), as: UTF8.self).split(
      separator: "\0", omittingEmptySubsequences: false
    ).dropLast().map(String.init)
    #expect(arguments.count == 2 && arguments.first == "--attach", "\(arguments)")
    return URL(fileURLWithPath: arguments.last ?? "")
  }
}
