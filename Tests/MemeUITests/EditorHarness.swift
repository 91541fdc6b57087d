// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import GtkTestSupport
import MemeCore
import MemeEditing
// The test pictures, for every suite of this target.
@_exported import PictureFixtures

@testable import MemeUI

/// Builds editors inside one registered application and drives them through their actions.
enum EditorHarness {
  /// One application per test process: a GApplication id can be registered only once. The id
  /// carries the process id so concurrent test runs on one session bus do not meet.
  static let application: MemeMeApplication = {
    let app = MemeMeApplication(
      id: "io.github.mememe.MemeMeTests.p\(ProcessInfo.processInfo.processIdentifier)",
      sink: InMemorySentMemes(), preferences: .inMemory())
    app.application.register()
    return app
  }()

  /// A new editor window of the given size, shown and laid out, with its own sent-memes sink.
  /// `preferences` are the editor's own (a fresh start) unless a test shares them between editors.
  static func makeEditor(
    width: Int32 = 960, height: Int32 = 720, sink: InMemorySentMemes = InMemorySentMemes(),
    preferences: Preferences = .inMemory()
  ) -> EditorWindow {
    let editor = EditorWindow(application: application.application, sink: sink, preferences: preferences)
    gtk_window_set_default_size(gtkkit_window(editor.window), width, height)
    editor.present()
    MainContext.iterate {
      gtk_widget_get_mapped(editor.window) != 0 && gtk_widget_get_width(editor.canvas.drawingArea) > 0
    }
    settle(editor)
    return editor
  }

  /// A new editor (see `makeEditor`) showing the 1200×800 landscape fixture, loaded through the
  /// Album action, with the sink its shares go to and the picture's file.
  static func makeEditorShowingLandscape() -> (EditorWindow, InMemorySentMemes, URL) {
    let sink = InMemorySentMemes()
    let editor = makeEditor(sink: sink)
    let picture = Fixtures.picture(width: 1200, height: 800, name: "landscape.png")
    load(picture, into: editor)
    return (editor, sink, picture)
  }

  static func close(_ editor: EditorWindow) {
    gtk_window_destroy(gtkkit_window(editor.window))
    MainContext.drain()
  }

  /// Loads `url` through win.open, the action the Album button uses, answering its file request.
  /// Returns when loading has finished (successfully or not); false when it has not within
  /// `maxIterations` turns of the main loop.
  @discardableResult
  static func load(_ url: URL, into editor: EditorWindow, maxIterations: Int = 1000) -> Bool {
    editor.filePicker = { request, completion in
      guard case .openPicture = request else { return completion(nil) }
      completion(url)
    }
    editor.actions.action(named: "open")?.activate()
    let finished = MainContext.iterate(maxIterations: maxIterations) { !editor.isLoading }
    settle(editor)
    return finished
  }

  /// Types both captions into the editor's entries, as a person replacing their text would.
  static func type(top: String, bottom: String, into editor: EditorWindow) {
    gtk_editable_set_text(gtkkit_editable(editor.canvas.fields.topEntry.widget), top)
    gtk_editable_set_text(gtkkit_editable(editor.canvas.fields.bottomEntry.widget), bottom)
  }

  /// Lays out and draws pending changes.
  static func settle(_ editor: EditorWindow) {
    DisplayHarness.waitForFrames(editor.window)
    MainContext.drain()
  }

  /// Answers the question a picture dropped or pasted over the picture asks (Add as Sticker or
  /// Replace Picture) with `response`; false when it was not asked.
  @discardableResult
  static func answerStickerOrPicture(_ response: StickerOrPictureQuestion.Response) -> Bool {
    let name = StickerOrPictureQuestion.dialogName
    MainContext.iterate { EditorWindowTests.toplevel(named: name) != nil }
    guard let question = EditorWindowTests.toplevel(named: name).flatMap(MessageDialog.init) else {
      return false
    }
    question.respond(response.rawValue)
    MainContext.drain()
    return true
  }
}
