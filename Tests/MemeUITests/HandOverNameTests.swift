// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import GtkTestSupport
import MemeCore
import MemeEditing
import Testing

@testable import MemeUI

/// The file Open With hands another application is named after the meme, as Save As suggests: the
/// picture's name, or for a pasted picture (a file the app named itself) the meme's first words.
@Suite(.serialized) struct HandOverNameTests {
  /// Stands in for the application the user chose: keeps the file it was given (the animated
  /// share tests use it too).
  final class RecordingOpener: MemeOpener {
    var opened: URL?
    func open(_ file: URL, completion: @escaping (Result<Void, OpenWithFailure>) -> Void) {
      opened = file
      completion(.success(()))
    }
    var confirmation: String { "Opened" }
  }

  /// Opens the editor's meme with a recording application and returns the file it got.
  private static func openWith(_ editor: EditorWindow) throws -> URL {
    let opener = RecordingOpener()
    editor.applicationChooser = { _, chosen in chosen(opener) }
    editor.actions.action(named: ShareTarget.openWith.name)?.activate()
    #expect(MainContext.iterate(maxIterations: 12_000) { opener.opened != nil && !editor.isBusy })
    return try #require(opener.opened)
  }

  /// An editor showing a picture of `width` × `height` pasted as PNG bytes.
  private static func editorWithPastedPicture(width: Int, height: Int) throws -> EditorWindow {
    let editor = EditorHarness.makeEditor()
    let png = try Data(
      contentsOf: Fixtures.picture(width: width, height: height, name: "to-paste-\(width).png"))
    editor.loading.load(pasted: [UInt8](png))
    #expect(MainContext.iterate { !editor.isLoading && editor.document.image != nil })
    return editor
  }

  /// What Save As suggests for the editor's meme.
  private static func suggestedName(_ editor: EditorWindow) -> String? {
    var suggested: String?
    editor.filePicker = { request, completion in
      if case .saveMeme(let name) = request { suggested = name }
      completion(nil)
    }
    editor.actions.action(named: ShareTarget.saveAs.name)?.activate()
    MainContext.drain()
    return suggested
  }

  @Test func aPastedPictureIsHandedOverUnderTheMemesFirstWords() throws {
    try DisplayHarness.requireDisplay()
    let editor = try Self.editorWithPastedPicture(width: 640, height: 480)
    defer { EditorHarness.close(editor) }
    #expect(editor.document.image?.url.lastPathComponent.hasPrefix("pasted-") == true)
    EditorHarness.type(top: "One does not simply", bottom: "paste a Picture, naïvely", into: editor)

    let file = try Self.openWith(editor)
    #expect(file.lastPathComponent == "one-does-not-simply-paste-a.png", "\(file.path)")
    #expect(Self.suggestedName(editor) == "one-does-not-simply-paste-a.png", "Save As suggests the same")
    // The whole meme is in it, read back by ImageMagick.
    let size = try ChildProcess.run("/usr/bin/identify", ["-format", "%wx%h", file.path])
    #expect(size.status == 0 && size.output == "640x480", "\(size.output) \(size.errors)")
  }

  @Test func aPictureFromAFileIsHandedOverUnderItsName() throws {
    try DisplayHarness.requireDisplay()
    let (editor, _, _) = EditorHarness.makeEditorShowingLandscape()
    defer { EditorHarness.close(editor) }
    EditorHarness.type(top: "Named", bottom: "after the picture", into: editor)
    let file = try Self.openWith(editor)
    #expect(file.lastPathComponent == "landscape-meme.png", "\(file.path)")
    // A second hand-over keeps the name: each lies in a folder of its own.
    let second = try Self.openWith(editor)
    #expect(second.lastPathComponent == "landscape-meme.png" && second != file)
    #expect(
      FileManager.default.fileExists(atPath: file.path) && FileManager.default.fileExists(atPath: second.path)
    )
  }

  @Test func aPastedPictureWithNoWordsIsAMeme() throws {
    try DisplayHarness.requireDisplay()
    let editor = try Self.editorWithPastedPicture(width: 320, height: 240)
    defer { EditorHarness.close(editor) }
    #expect(Self.suggestedName(editor) == "meme.png", "untouched placeholders are no words")
  }
}
