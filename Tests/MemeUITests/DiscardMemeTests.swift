// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import GtkTestSupport
import MemeCore
import MemeEditing
import Testing

@testable import MemeUI

/// Closing the editor with an edited meme that was never shared asks before it is lost; a meme that
/// is kept (shared, or opened from Sent Memes unchanged) or a blank editor closes at once.
@Suite(.serialized) struct DiscardMemeTests {
  /// Set by a signal handler.
  private final class Flag {
    var isSet = false
  }

  private static func picture() -> URL {
    Fixtures.picture(width: 640, height: 480, name: "discard-meme.png")
  }

  /// Asks the editor to close as Ctrl+W does and returns whether its window was destroyed.
  private static func requestClose(_ editor: EditorWindow) -> Bool {
    let destroyed = Flag()
    Signal.connect(editor.window, "destroy") { destroyed.isSet = true }
    editor.actions.action(named: EditorAction.close.name)?.activate()
    MainContext.drain()
    return destroyed.isSet
  }

  private static func editedEditor() -> EditorWindow {
    let editor = EditorHarness.makeEditor()
    #expect(EditorHarness.load(picture(), into: editor))
    EditorHarness.type(top: "ONE DOES NOT SIMPLY", bottom: "CLOSE THE WINDOW", into: editor)
    EditorHarness.settle(editor)
    return editor
  }

  @Test func closingAnEditedMemeAsksAndCancelKeepsIt() throws {
    try DisplayHarness.requireDisplay()
    let editor = Self.editedEditor()
    defer { EditorHarness.close(editor) }
    #expect(!Self.requestClose(editor), "the window stays while the question is asked")
    let dialog = try #require(editor.leaving.dialog)
    #expect(String(cString: gtk_widget_get_name(dialog.widget)) == "discard-meme-dialog")
    #expect(dialog.heading == "Discard this meme?")
    #expect(Window(wrapping: dialog.widget).title == "Discard this meme?")
    #expect(dialog.body.hasPrefix("It has not been shared"))
    let discard = LeavingQuestions.DiscardResponse.discard.rawValue
    let cancel = LeavingQuestions.DiscardResponse.cancel.rawValue
    #expect(dialog.label(ofResponse: discard) == "_Discard")
    #expect(dialog.appearance(ofResponse: discard) == .destructive)
    #expect(dialog.label(ofResponse: cancel) == "_Cancel")
    #expect(dialog.appearance(ofResponse: cancel) == .plain)
    #expect(dialog.defaultResponse == cancel && dialog.closeResponse == cancel, "Enter and Escape keep it")
    let texts = WidgetTree.texts(in: dialog.widget)
    #expect(texts.contains("Discard") && texts.contains("Cancel"), "\(texts)")
    DisplayHarness.waitForFrames(dialog.widget)
    Screenshot.save(dialog.widget, named: "discard-meme-dialog")
    dialog.respond(cancel)
    MainContext.drain()
    #expect(editor.leaving.dialog == nil)
    #expect(gtk_widget_get_visible(editor.window) != 0, "Cancel keeps the editor")
    #expect(editor.document.captions.top == "ONE DOES NOT SIMPLY")
    #expect(editor.document.image != nil, "and its picture")
  }

  @Test func escapeKeepsTheMeme() throws {
    try DisplayHarness.requireDisplay()
    let editor = Self.editedEditor()
    defer { EditorHarness.close(editor) }
    #expect(!Self.requestClose(editor))
    let dialog = try #require(editor.leaving.dialog)
    // What Escape does in an AdwMessageDialog: its window.close action, answered by the close response.
    gtk_widget_activate_action_variant(dialog.widget, "window.close", nil)
    MainContext.drain()
    #expect(editor.leaving.dialog == nil, "the question is gone")
    #expect(EditorWindowTests.toplevel(named: "discard-meme-dialog") == nil)
    #expect(gtk_widget_get_visible(editor.window) != 0, "Escape keeps the editor")
    #expect(editor.document.image != nil)
  }

  @Test func discardClosesTheWindow() throws {
    try DisplayHarness.requireDisplay()
    let editor = Self.editedEditor()
    let destroyed = Flag()
    Signal.connect(editor.window, "destroy") { destroyed.isSet = true }
    #expect(!Self.requestClose(editor))
    let dialog = try #require(editor.leaving.dialog)
    dialog.respond(LeavingQuestions.DiscardResponse.discard.rawValue)
    MainContext.drain()
    #expect(destroyed.isSet, "Discard closes the editor")
  }

  /// An editor whose captioned picture has been shared (copied), and is kept in its Sent Memes.
  private static func sharedEditor() -> EditorWindow {
    let sink = InMemorySentMemes()
    let editor = EditorHarness.makeEditor(sink: sink)
    #expect(EditorHarness.load(picture(), into: editor))
    EditorHarness.type(top: "SHARED", bottom: "ALREADY", into: editor)
    editor.actions.action(named: ShareTarget.copyImage.name)?.activate()
    #expect(MainContext.iterate(maxIterations: 12_000) { sink.entries.count == 1 && !editor.isBusy })
    return editor
  }

  @Test func aSharedMemeClosesWithoutAsking() throws {
    try DisplayHarness.requireDisplay()
    let editor = Self.sharedEditor()
    #expect(Self.requestClose(editor), "the shared meme is in Sent Memes: nothing to lose")
    #expect(editor.leaving.dialog == nil)
  }

  @Test func anEditAfterSharingAsksAgain() throws {
    try DisplayHarness.requireDisplay()
    let editor = Self.sharedEditor()
    defer { EditorHarness.close(editor) }
    editor.actions.action(named: EditorAction.rotateRight.name)?.activate()
    #expect(!Self.requestClose(editor))
    #expect(
      editor.leaving.dialog.map { String(cString: gtk_widget_get_name($0.widget)) } == "discard-meme-dialog")
    if let dialog = editor.leaving.dialog {
      dialog.respond(LeavingQuestions.DiscardResponse.cancel.rawValue)
      MainContext.drain()
    }
  }

  @Test func editsUndoneToTheBlankEditorCloseWithoutAsking() throws {
    try DisplayHarness.requireDisplay()
    let editor = EditorHarness.makeEditor()
    #expect(EditorHarness.load(Self.picture(), into: editor))
    editor.actions.action(named: EditorAction.undo.name)?.activate()
    MainContext.drain()
    #expect(editor.document.image == nil)
    #expect(Self.requestClose(editor), "the blank editor holds nothing to lose")
  }

  @Test func aSentMemeOpenedUnchangedClosesWithoutAsking() throws {
    try DisplayHarness.requireDisplay()
    let editor = EditorHarness.makeEditor()
    let meme = Meme(
      content: MemeContent(captions: MemeCaptions(top: "SENT", bottom: "BEFORE")),
      originalImage: Self.picture())
    editor.loading.load(sent: meme)
    #expect(MainContext.iterate { !editor.isLoading && editor.document.image != nil })
    #expect(Self.requestClose(editor), "what was sent is still in Sent Memes")
  }

  @Test func aSentMemeChangedAsksAndSaysOnlyTheChangesAreLost() throws {
    try DisplayHarness.requireDisplay()
    let editor = EditorHarness.makeEditor()
    defer { EditorHarness.close(editor) }
    editor.loading.load(
      sent: Meme(
        content: MemeContent(captions: MemeCaptions(top: "SENT", bottom: "BEFORE")),
        originalImage: Self.picture()))
    #expect(MainContext.iterate { !editor.isLoading && editor.document.image != nil })
    EditorHarness.type(top: "SENT", bottom: "AND CHANGED", into: editor)
    #expect(!Self.requestClose(editor))
    let dialog = try #require(editor.leaving.dialog)
    // It is in Sent Memes: what goes is the changes, not the meme.
    #expect(!dialog.body.contains("not been shared") && !dialog.body.contains("not in"), "\(dialog.body)")
    #expect(dialog.body.contains("changes made since"), "\(dialog.body)")
    dialog.respond(LeavingQuestions.DiscardResponse.cancel.rawValue)
    MainContext.drain()
  }

  @Test func quittingWithAnEditedMemeAsksToo() throws {
    try DisplayHarness.requireDisplay()
    let (folder, _) = try SentMemesHarness.makeStoreFolder(memes: 0)
    let app = SentMemesHarness.launch(storeFolder: folder)
    defer { SentMemesHarness.close(app) }
    let editor = try #require(app.editor, "with no sent memes the editor is the first window")
    #expect(EditorHarness.load(Self.picture(), into: editor))
    app.application.actions.action(named: "quit")?.activate()
    MainContext.drain()
    let dialog = try #require(editor.leaving.dialog, "Quit asks before the meme is lost")
    #expect(String(cString: gtk_widget_get_name(dialog.widget)) == "discard-meme-dialog")
    dialog.respond(LeavingQuestions.DiscardResponse.cancel.rawValue)
    MainContext.drain()
    #expect(gtk_widget_get_visible(editor.window) != 0, "Cancel keeps the app and its editor")
    #expect(editor.document.image != nil)
  }

  // MARK: - The header's Cancel

  /// Presses the header bar's Cancel as a person does (the button's own activation).
  private static func pressCancel(_ editor: EditorWindow) {
    #expect(gtk_widget_activate(editor.header.cancelButton) != 0)
    MainContext.iterate(maxIterations: 200) { editor.leaving.dialog != nil || editor.document.image == nil }
    MainContext.drain()
  }

  @Test func cancelOnAnEditedMemeAsksTheSameQuestion() throws {
    try DisplayHarness.requireDisplay()
    let editor = Self.editedEditor()
    defer { EditorHarness.close(editor) }
    Self.pressCancel(editor)
    let dialog = try #require(editor.leaving.dialog, "Cancel asks before the edited meme is lost")
    #expect(String(cString: gtk_widget_get_name(dialog.widget)) == "discard-meme-dialog")
    #expect(dialog.heading == "Discard this meme?")
    #expect(dialog.body.hasPrefix("It has not been shared"))
    dialog.respond(LeavingQuestions.DiscardResponse.cancel.rawValue)
    MainContext.drain()
    #expect(editor.document.image != nil, "the question's Cancel keeps the meme")
    #expect(editor.document.captions.top == "ONE DOES NOT SIMPLY")

    Self.pressCancel(editor)
    let again = try #require(editor.leaving.dialog)
    again.respond(LeavingQuestions.DiscardResponse.discard.rawValue)
    #expect(MainContext.iterate { editor.document.image == nil }, "Discard starts over")
    #expect(editor.document.captions.top.isEmpty && editor.canvas.fields.topEntry.text == "TOP")
  }

  @Test func cancelOnASharedMemeStartsOverWithoutAsking() throws {
    try DisplayHarness.requireDisplay()
    let editor = Self.sharedEditor()
    defer { EditorHarness.close(editor) }
    Self.pressCancel(editor)
    #expect(editor.leaving.dialog == nil, "nothing to lose: it is in Sent Memes")
    #expect(editor.document.image == nil)
  }

  @Test func aMemeSharedHereAndChangedSaysOnlyTheChangesAreLost() throws {
    try DisplayHarness.requireDisplay()
    let editor = Self.sharedEditor()
    defer { EditorHarness.close(editor) }
    EditorHarness.type(top: "SHARED", bottom: "THEN CHANGED", into: editor)
    Self.pressCancel(editor)
    let dialog = try #require(editor.leaving.dialog)
    #expect(dialog.body.contains("changes made since"), "\(dialog.body)")
    dialog.respond(LeavingQuestions.DiscardResponse.cancel.rawValue)
    MainContext.drain()
    // A new picture makes a new meme, which has not been shared.
    #expect(EditorHarness.load(Fixtures.picture(width: 320, height: 240, name: "another.png"), into: editor))
    #expect(!Self.requestClose(editor))
    let second = try #require(editor.leaving.dialog)
    #expect(second.body.hasPrefix("It has not been shared"))
    second.respond(LeavingQuestions.DiscardResponse.cancel.rawValue)
    MainContext.drain()
  }
}
