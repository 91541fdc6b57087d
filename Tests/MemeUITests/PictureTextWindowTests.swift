// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import GtkTestSupport
import MemeCore
import MemeEditing
import Testing

@testable import MemeUI

/// "Use the picture's text" in the editor: a picture with words opened through Album is read in
/// the background and offers its words (the bar and `win.use-picture-text`); using them fills the
/// captions and covers the old words with hidden areas, one undo step. A picture without words
/// offers nothing.
@MainActor @Suite(.serialized) struct PictureTextWindowTests {
  /// A meme file the engine drew: the old captions on the sunset photo.
  static func memeFile() throws -> URL {
    let url = Fixtures.folder.appendingPathComponent("picture-text-meme.png")
    if FileManager.default.fileExists(atPath: url.path) { return url }
    let photo = try ImageLoader().load(
      contentsOf: Fixtures.picture(width: 1200, height: 800, name: "picture-text-photo.png"))
    let captions = MemeCaptions(top: "WHEN THE CODE COMPILES", bottom: "ON THE FIRST TRY")
    let meme = try #require(MemeRenderer.rendered(captions, image: photo))
    try ImageWriter.write(meme, to: url, as: .png)
    return url
  }

  /// Waits, in bounded main-context iterations, for the editor's reading of its picture to end.
  static func waitForReading(_ editor: EditorWindow) {
    #expect(
      MainContext.iterate(maxIterations: SentMemesHarness.backgroundWorkBound) {
        !editor.pictureText.isReading
      }, "the reading ended")
    EditorHarness.settle(editor)
  }

  /// Uses the picture's text through its action, and settles.
  static func use(_ editor: EditorWindow) {
    useAction(editor)?.activate()
    EditorHarness.settle(editor)
  }

  static func useAction(_ editor: EditorWindow) -> SimpleAction? {
    editor.actions.action(named: EditorAction.usePictureText.name)
  }

  @Test func aMemeOpenedOffersItsWordsWhichFillTheCaptionsAndCoverTheOldOnes() throws {
    try DisplayHarness.requireDisplay()
    let editor = EditorHarness.makeEditor()
    defer { EditorHarness.close(editor) }
    #expect(EditorHarness.load(try Self.memeFile(), into: editor))
    Self.waitForReading(editor)
    let action = try #require(Self.useAction(editor))
    #expect(action.isEnabled)
    #expect(editor.pictureText.bar.isShown)
    // The bar's button is the action's, named as the action is, for a screen reader and the keyboard.
    let button = editor.pictureText.bar.useButton
    #expect(button.actionName == EditorAction.usePictureText.detailedName)
    #expect(AccessibleNameTests.labelMismatch(button, "Use the picture's text") == nil)
    #expect(gtk_widget_get_focusable(button) != 0)
    Screenshot.save(editor.window, named: "picture-text-offered")

    action.activate()
    EditorHarness.settle(editor)
    #expect(editor.document.captions.top == "WHEN THE CODE COMPILES")
    #expect(editor.document.captions.bottom == "ON THE FIRST TRY")
    let areas = editor.document.layers.compactMap(\.hiddenArea)
    #expect(areas.count >= 2)
    #expect(areas.allSatisfy { if case .solid = $0.method { true } else { false } })
    // The fields show the captions; the bar has done its work.
    #expect(editor.canvas.fields.topEntry.text == "WHEN THE CODE COMPILES")
    #expect(MainContext.iterate { !editor.pictureText.bar.isShown })
    Screenshot.save(editor.window, named: "picture-text-used")

    // One undo step takes the captions and the areas back; the action stays for another try.
    editor.actions.action(named: "undo")?.activate()
    #expect(editor.document.captions.top.isEmpty && editor.document.layers.isEmpty)
    #expect(action.isEnabled)
  }

  @Test func aPictureWithoutWordsOffersNothing() throws {
    try DisplayHarness.requireDisplay()
    let (editor, _, _) = EditorHarness.makeEditorShowingLandscape()
    defer { EditorHarness.close(editor) }
    Self.waitForReading(editor)
    #expect(Self.useAction(editor)?.isEnabled == false)
    #expect(!editor.pictureText.bar.isShown)
    // Activated anyway (a stale shortcut), it changes nothing.
    editor.pictureText.use()
    #expect(editor.document.layers.isEmpty && editor.document.captions.top.isEmpty)
  }

  @Test func dismissingTheBarKeepsTheCaptionsAndMovesTheFocusToTheTopCaption() throws {
    try DisplayHarness.requireDisplay()
    let editor = EditorHarness.makeEditor()
    defer { EditorHarness.close(editor) }
    #expect(EditorHarness.load(try Self.memeFile(), into: editor))
    Self.waitForReading(editor)
    #expect(editor.pictureText.bar.isShown)
    // As a key press on it would: GtkButton's activate shows the press, then clicks.
    gtk_widget_activate(editor.pictureText.bar.dismissButton)
    #expect(MainContext.iterate { !editor.pictureText.bar.isShown })
    #expect(editor.document.captions.top.isEmpty)
    #expect(MainContext.iterate { editor.canvas.fields.topEntry.isFocused })
    // The words are still offered, in the canvas's context menu (hidden there while there are none).
    #expect(Self.useAction(editor)?.isEnabled == true)
    let menu = EditorContextMenu.menu
    #expect(
      PrimaryMenuTests.items(of: menu.model).contains {
        $0.label == "Use the picture's text" && $0.action == EditorAction.usePictureText.detailedName
      })
  }

  /// Opening another picture while the first is read: its words are never offered for the second.
  @Test func anotherPictureOpenedWhileReadingDropsTheFirstPicturesWords() throws {
    try DisplayHarness.requireDisplay()
    let editor = EditorHarness.makeEditor()
    defer { EditorHarness.close(editor) }
    #expect(EditorHarness.load(try Self.memeFile(), into: editor))
    #expect(
      EditorHarness.load(Fixtures.picture(width: 1200, height: 800, name: "landscape.png"), into: editor))
    Self.waitForReading(editor)
    #expect(!editor.pictureText.bar.isShown)
    #expect(Self.useAction(editor)?.isEnabled == false)
  }

  /// Closing the window while its picture is read: the reading is cancelled or its result dropped,
  /// and the reader goes on to the next window's pictures.
  @Test func closingTheWindowWhileReadingLeavesTheReaderFree() throws {
    try DisplayHarness.requireDisplay()
    let editor = EditorHarness.makeEditor()
    #expect(EditorHarness.load(try Self.memeFile(), into: editor))
    EditorHarness.close(editor)
    #expect(
      MainContext.iterate(maxIterations: SentMemesHarness.backgroundWorkBound) {
        PictureTextOffering.reader.waitingCount == 0
      })
    let next = EditorHarness.makeEditor()
    defer { EditorHarness.close(next) }
    #expect(EditorHarness.load(try Self.memeFile(), into: next))
    Self.waitForReading(next)
    #expect(next.pictureText.bar.isShown)
  }

  /// A pasted picture (encoded bytes, as the clipboard gives them) is read as an opened one is.
  @Test func aPastedMemeOffersItsWordsToo() throws {
    try DisplayHarness.requireDisplay()
    let editor = EditorHarness.makeEditor()
    defer { EditorHarness.close(editor) }
    let bytes = try [UInt8](Data(contentsOf: try Self.memeFile()))
    editor.loading.load(pasted: bytes)
    #expect(MainContext.iterate { editor.document.image != nil && !editor.isLoading })
    Self.waitForReading(editor)
    #expect(editor.pictureText.bar.isShown)
    Self.use(editor)
    #expect(editor.document.captions.bottom == "ON THE FIRST TRY")
  }
}
