// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import GtkTestSupport
import MemeCore
import MemeEditing
import Testing

@testable import MemeUI

/// The windows' toasts (libadwaita's, one overlay per window), read from the overlay: Undo of a
/// deletion in Sent Memes and of a deleted text box in the editor, from the keyboard too; the saved
/// file's name and Show in Folder; and where the editor's toasts lie.
@Suite(.serialized) struct ToastTests {
  // MARK: - Sent Memes: Undo

  @Test func undoFromTheToastWithTabAndEnterRestoresTheMemes() throws {
    try SentMemesHarness.withSentMemes(memes: 3) { app, window, memes in
      window.select(id: memes[0].id)
      SentMemesHarness.activate(SentMemesAction.delete.name, in: window.window)
      SentMemesHarness.activate(SentMemesAction.delete.name, in: window.window)
      #expect(window.memes.list.ids == [memes[2].id])
      // Two deletions, one toast: it counts them, and its Undo brings both back.
      let toast = try #require(window.toasts.shownToast)
      #expect(toast.title == "2 memes deleted")
      #expect(toast.buttonLabel == "Undo")
      SentMemesHarness.settle(app)
      window.toasts.waitForSlideIn()
      Screenshot.save(window.window, named: "sent-memes-undo-toast-two")

      // Tab from the selected meme reaches the toast's button; Enter on it (its activate
      // binding) clicks it.
      let button = try #require(window.toasts.shownToastButton)
      #expect(tab(in: window.window, to: button), "Tab reaches Undo")
      #expect(gtk_widget_activate(button) != 0)
      #expect(MainContext.iterate { window.memes.list.count == 3 })
      #expect(window.memes.list.ids == memes.map(\.id), "back at their places")
      #expect(MainContext.iterate { window.toasts.shownToast == nil }, "the toast went")
      #expect(try window.memes.store.count() == 3, "nothing was purged")
    }
  }

  /// The same with real key presses (X11: xdotool's XTest), Tab until the focus is on Undo, then
  /// Space.
  @Test func undoWithRealKeys() throws {
    try SentMemesHarness.withSentMemes(memes: 2) { app, window, memes in
      try RealKeyboard.focus(window.window)
      window.select(id: memes[1].id)
      try RealKeyboard.press("Delete")
      #expect(window.memes.list.ids == [memes[0].id])
      let button = try #require(window.toasts.shownToastButton)
      for _ in 0..<40 where window.toplevel.focusedWidget != button {
        try RealKeyboard.press("Tab")
      }
      #expect(window.toplevel.focusedWidget == button, "Tab reaches Undo")
      SentMemesHarness.settle(app)
      Screenshot.save(window.window, named: "sent-memes-undo-focused")
      try RealKeyboard.press("space")
      #expect(MainContext.iterate { window.memes.list.ids == memes.map(\.id) })
    }
  }

  @Test func closingTheToastPurgesAndSoDoesItsTimeout() throws {
    try SentMemesHarness.withSentMemes(memes: 3) { app, window, memes in
      // Closed with its close button (named for screen readers).
      window.select(id: memes[0].id)
      SentMemesHarness.activate(SentMemesAction.delete.name, in: window.window)
      let close = try #require(window.toasts.shownToastCloseButton)
      #expect(close.tooltip == "Dismiss")
      #expect(gtk_widget_activate(close) != 0)
      #expect(MainContext.iterate { !window.isUndoToastShown })
      #expect(MainContext.iterate { !FileManager.default.fileExists(atPath: memes[0].renderedImageURL.path) })
      MainContext.drain()  // the window catches up on the next turn of the loop
      #expect(window.actions.action(named: SentMemesAction.undo.name)?.isEnabled == false)

      // Timed out (made short here; the toast's own time is eight seconds).
      window.select(id: memes[1].id)
      SentMemesHarness.activate(SentMemesAction.delete.name, in: window.window)
      let toast = try #require(window.deletion.undoToast)
      #expect(toast.timeoutSeconds == 8)
      toast.timeoutSeconds = 1
      window.toasts.show(toast)  // its time starts over, at the new length
      #expect(window.isUndoToastShown)
      #expect(MainContext.iterate { !FileManager.default.fileExists(atPath: memes[1].renderedImageURL.path) })
      #expect(!window.isUndoToastShown)
      SentMemesHarness.settle(app)
      #expect(window.memes.list.ids == [memes[2].id])
      #expect(try window.memes.store.purgeDeleted() == 0, "nothing was left to purge")
    }
  }

  /// A share's confirmation gives way to the undo toast, which a later confirmation waits behind.
  @Test func theUndoToastTakesTheConfirmationsPlace() throws {
    try SentMemesHarness.withSentMemes(memes: 2) { app, window, memes in
      window.confirm(ShareConfirmation("Copied to the clipboard"))
      #expect(window.toasts.shownToast?.title == "Copied to the clipboard")
      window.select(id: memes[0].id)
      SentMemesHarness.activate(SentMemesAction.delete.name, in: window.window)
      #expect(window.isUndoToastShown)
      window.confirm(ShareConfirmation("Meme attached to a new e-mail"))
      #expect(window.isUndoToastShown, "the confirmation waits its turn")
      SentMemesHarness.activate(SentMemesAction.undo.name, in: window.window)
      #expect(MainContext.iterate { window.toasts.shownToast?.title == "Meme attached to a new e-mail" })
      #expect(MainContext.iterate { window.memes.list.count == 2 })
    }
  }

  // MARK: - The editor: Undo of a deleted text box

  @Test func aDeletedTextBoxComesBackWithTheToastsUndo() throws {
    try DisplayHarness.requireDisplay()
    let editor = TextBoxEditorHarness.makeEditor()
    defer { EditorHarness.close(editor) }
    editor.document.selectLayer(at: 0)
    EditorHarness.settle(editor)
    let entry = try #require(editor.canvas.fields.boxEntry(at: 0))
    // Delete on the selected box, as its field's key handler gets it.
    #expect(editor.textBoxes.handleBoxKey(UInt32(GDK_KEY_Delete), GdkModifierType(0), in: entry, index: 0))
    #expect(editor.document.textBoxes.isEmpty)
    let toast = try #require(editor.toasts.shownToast)
    #expect(toast.title == "Text box deleted")
    #expect(toast.buttonLabel == "Undo")
    EditorHarness.settle(editor)
    editor.toasts.waitForSlideIn()
    Screenshot.save(editor.window, named: "editor-text-box-deleted-toast")

    // Focus is on Add Text; Tab goes on to the toast's Undo, and Enter clicks it.
    let button = try #require(editor.toasts.shownToastButton)
    #expect(tab(in: editor.window, to: button), "Tab reaches Undo")
    #expect(gtk_widget_activate(button) != 0)
    #expect(MainContext.iterate { editor.document.textBoxes == [TextBoxEditorHarness.box] })
    #expect(editor.document.selectedLayerIndex == 0, "the box is back, selected")
    #expect(MainContext.iterate { editor.toasts.shownToast == nil })
  }

  /// Undo in the toast would undo whatever changed after the deletion: any change takes it away.
  @Test func aChangeAfterTheDeletionTakesTheToastAway() throws {
    try DisplayHarness.requireDisplay()
    let editor = TextBoxEditorHarness.makeEditor()
    defer { EditorHarness.close(editor) }
    editor.document.selectLayer(at: 0)
    editor.textBoxes.deleteBox(at: 0)
    #expect(editor.toasts.shownToast?.title == "Text box deleted")
    editor.document.setText("changed", at: .top)
    #expect(editor.toasts.shownToast == nil)
    #expect(editor.textBoxes.deletionToast == nil)
    editor.actions.action(named: EditorAction.undo.name)?.activate()
    #expect(editor.document.captions.top != "changed")
    #expect(editor.document.textBoxes.isEmpty, "one step back: the caption, not the box")
  }

  // MARK: - Saved, and Show in Folder

  @Test func theSavedToastNamesTheFileAndShowInFolderAsksTheFileManager() throws {
    try DisplayHarness.requireDisplay()
    let fileManager = try FakeFileManager()
    defer { fileManager.stop() }
    let (editor, sink, _) = EditorHarness.makeEditorShowingLandscape()
    defer { EditorHarness.close(editor) }
    let folder = Fixtures.folder.appendingPathComponent("show in folder \(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let output = folder.appendingPathComponent("Tom & Jerry <3.png")
    editor.filePicker = { _, completion in completion(output) }
    editor.actions.action(named: ShareTarget.saveAs.name)?.activate()
    #expect(MainContext.iterate { !sink.isEmpty })
    let toast = try #require(editor.toasts.shownToast)
    // The file's name, not its path; its markup characters shown as they are.
    #expect(toast.title == "Saved “Tom & Jerry <3.png”")
    #expect(toast.buttonLabel == "Show in Folder")
    let button = try #require(editor.toasts.shownToastButton)
    let shownLabel = try #require(gtk_button_get_child(gtkkit_button(button)))
    #expect(String(cString: gtk_label_get_text(gtkkit_label(shownLabel))) == "Show in Folder")
    EditorHarness.settle(editor)
    editor.toasts.waitForSlideIn()
    Screenshot.save(editor.window, named: "editor-saved-toast-show-in-folder")

    #expect(gtk_widget_activate(button) != 0)
    let call = try #require(fileManager.waitForCall())
    #expect(call.method == "ShowItems")
    #expect(call.uris == [ShowInFolder.uri(of: output)])
    #expect(call.startupID == "")
    #expect(editor.lastError == nil)
  }

  /// Neither a file manager nor the portal: the user is told so, and where the file is.
  @Test func showInFolderSaysWhyWhenNothingCanShowTheFolder() throws {
    try DisplayHarness.requireDisplay()
    let showFile = ShareConfirmation.showFile
    ShareConfirmation.showFile = { _, _, completion in
      completion(.failed(fileManager: "no file manager", portal: "no portal"))
    }
    defer { ShareConfirmation.showFile = showFile }
    let editor = EditorHarness.makeEditor()
    defer { EditorHarness.close(editor) }
    let file = URL(fileURLWithPath: "/tmp/memes/cat-meme.png")
    editor.toasts.show(ShareConfirmation.saved(file).toast(in: editor.window))
    let button = try #require(editor.toasts.shownToastButton)
    #expect(gtk_widget_activate(button) != 0)
    #expect(MainContext.iterate { editor.lastError != nil })
    #expect(editor.lastError?.title == "Could not show “cat-meme.png” in its folder")
    #expect(
      editor.lastError?.detail
        == "No file manager answered, and the desktop portal could not open the folder either. The meme is in /tmp/memes."
    )
    let dialog = try #require(
      SentMemesHarness.toplevel(named: "message-dialog").flatMap { MessageDialog($0) })
    dialog.respond(MessageDialog.okResponse)
  }

  // MARK: - Where the editor's toasts lie

  /// Over the bottom bar, below the canvas: the picture and its captions stay in view.
  @Test func theEditorsToastLiesBelowThePicture() throws {
    try DisplayHarness.requireDisplay()
    let sink = InMemorySentMemes()
    let editor = EditorHarness.makeEditor(sink: sink)
    defer { EditorHarness.close(editor) }
    // Portrait: the picture takes the canvas's whole height, its bottom caption at the very bottom.
    EditorHarness.load(Fixtures.picture(width: 600, height: 900, name: "portrait.png"), into: editor)
    EditorHarness.type(top: "toasts stay", bottom: "off the picture", into: editor)
    editor.actions.action(named: ShareTarget.copyImage.name)?.activate()
    #expect(MainContext.iterate { !sink.isEmpty })
    let close = try #require(editor.toasts.shownToastCloseButton)
    let toastWidget = try #require(gtk_widget_get_parent(close))
    // At the normal text size and with GNOME's Large Text and twice that: the bar grows with it.
    for scale in [1, 1.25, 2] {
      try Appearance.with(highContrast: false, textScale: scale) {
        EditorHarness.settle(editor)
        let bounds = try #require(settledBounds(of: toastWidget, in: editor.window))
        let canvas = try #require(WidgetTree.bounds(of: editor.canvas.widget, in: editor.window))
        let bar = try #require(WidgetTree.bounds(of: editor.bottomBar.widget, in: editor.window))
        #expect(bounds.y >= canvas.y + canvas.height, "at \(scale)×: toast \(bounds), canvas \(canvas)")
        #expect(bounds.y + bounds.height <= bar.y + bar.height, "at \(scale)×: toast \(bounds), bar \(bar)")
      }
    }
    EditorHarness.settle(editor)
    Screenshot.save(editor.window, named: "editor-toast-over-the-bottom-bar")
  }

  // MARK: - Helpers

  /// Moves the focus as Tab does (`gtk_widget_child_focus`) until it is on `target`; false when a
  /// whole round of the window's controls did not reach it.
  private func tab(in window: UnsafeMutablePointer<GtkWidget>, to target: UnsafeMutablePointer<GtkWidget>)
    -> Bool
  {
    let toplevel = Window(wrapping: window)
    for _ in 0..<60 {
      if toplevel.focusedWidget == target { return true }
      if gtk_widget_child_focus(window, GTK_DIR_TAB_FORWARD) == 0 {
        // Past the last control: GTK starts over from the first.
        toplevel.focusedWidget = nil
      }
    }
    return toplevel.focusedWidget == target
  }

  /// `widget`'s bounds in `window` once its show animation (a slide up) has ended.
  private func settledBounds(of widget: gpointer, in window: gpointer) -> (
    x: Double, y: Double, width: Double, height: Double
  )? {
    let end = Date().addingTimeInterval(0.6)
    MainContext.iterate { Date() > end }
    return WidgetTree.bounds(of: widget, in: window)
  }
}

/// The stand-in file manager (Tests/FakeServices/fake-file-manager.py) on the test's session bus,
/// owning org.freedesktop.FileManager1 until stopped, and the calls it received.
final class FakeFileManager {
  struct Call {
    let method: String
    let uris: [String]
    let startupID: String
  }

  private let process = Process()
  private let calls: URL
  private let output: URL

  init() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fake-fm-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    calls = folder.appendingPathComponent("calls.jsonl")
    output = folder.appendingPathComponent("output")
    _ = FileManager.default.createFile(atPath: output.path, contents: nil)
    let script = TestEnvironment.packageRoot.appendingPathComponent("Tests/FakeServices/fake-file-manager.py")
    // Debian's own Python, which has GIO (python3-gi).
    process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    process.arguments = [script.path, calls.path]
    process.standardOutput = try FileHandle(forWritingTo: output)
    process.standardError = FileHandle.standardError
    try process.run()
    let ready = MainContext.iterate {
      !process.isRunning || ((try? String(contentsOf: output, encoding: .utf8)) ?? "").contains("ready")
    }
    try #require(ready && process.isRunning, "the stand-in file manager owns org.freedesktop.FileManager1")
  }

  /// The first call received, waiting a few seconds for it.
  func waitForCall() -> Call? {
    var line: String?
    MainContext.iterate {
      line = (try? String(contentsOf: calls, encoding: .utf8))?.split(separator: "\n").first.map(String.init)
      return line != nil
    }
    guard let data = line?.data(using: .utf8),
      let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let method = object["method"] as? String, let uris = object["uris"] as? [String],
      let startupID = object["startup_id"] as? String
    else { return nil }
    return Call(method: method, uris: uris, startupID: startupID)
  }

  /// Ends the stand-in (terminated, killed if it lingers) and removes its files. Polls rather than
  /// `waitUntilExit`, which runs a Foundation run loop that the test's thread does not serve.
  func stop() {
    if process.isRunning { process.terminate() }
    for _ in 0..<250 where process.isRunning { usleep(20_000) }
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    try? FileManager.default.removeItem(at: calls.deletingLastPathComponent())
  }
}
