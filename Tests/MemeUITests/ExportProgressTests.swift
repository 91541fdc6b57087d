// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import GtkTestSupport
import MemeCore
import MemeEditing
import Testing

@testable import MemeUI

/// A long export shows progress, can be stopped, and is not lost by closing the window. The exports
/// are slow for a real reason: a 24-megapixel picture, written as PNG at its own size.
@Suite(.serialized) struct ExportProgressTests {
  private static func bigPicture() -> URL {
    Fixtures.picture(width: 6000, height: 4000, format: .jpeg(quality: 90), name: "big-24mp.jpg")
  }

  /// Waits (bounded: about two minutes) for the background work of every export to return.
  private static func waitForExports(_ editor: EditorWindow) -> Bool {
    MainContext.iterate(maxIterations: 12_000) { MainLoop.backgroundWorkInFlight == 0 }
  }

  @Test func aLongExportShowsASpinnerAndStopsWhenCancelled() throws {
    try DisplayHarness.requireDisplay()
    let sink = InMemorySentMemes()
    let editor = EditorHarness.makeEditor(sink: sink)
    defer { EditorHarness.close(editor) }
    #expect(EditorHarness.load(Self.bigPicture(), into: editor))
    let output = Fixtures.folder.appendingPathComponent("cancelled-export.png")
    try? FileManager.default.removeItem(at: output)
    editor.filePicker = { _, completion in completion(output) }

    editor.actions.action(named: ShareTarget.saveAs.name)?.activate()
    #expect(editor.actions.action(named: ShareTarget.copyImage.name)?.isEnabled == false, "one at a time")
    #expect(
      MainContext.iterate(maxIterations: 3000) { editor.sharing.progress.isShown }, "progress after 300 ms")
    let spinner = try #require(WidgetTree.descendant(of: editor.shareButton, named: "export-spinner"))
    #expect(gtk_widget_get_mapped(spinner) != 0, "the spinner is on the Share button")
    #expect(
      gtk_widget_get_mapped(editor.sharing.progress.stopButton) != 0, "with a button that stops the export")
    EditorHarness.settle(editor)
    Screenshot.save(editor.window, named: "export-progress")

    editor.actions.action(named: EditorAction.cancelExport.name)?.activate()
    #expect(
      !editor.sharing.progress.isShown && gtk_widget_get_visible(editor.sharing.progress.stopButton) == 0)
    #expect(WidgetTree.descendant(of: editor.shareButton, named: "export-spinner") == nil)
    #expect(
      editor.actions.action(named: ShareTarget.copyImage.name)?.isEnabled == true,
      "Share is free again at once")
    #expect(Self.waitForExports(editor))
    MainContext.drain()
    #expect(!FileManager.default.fileExists(atPath: output.path), "a cancelled export writes no file")
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: Fixtures.folder.path).filter {
      $0.contains("cancelled-export")
    }
    #expect(leftovers.isEmpty, "nor a temporary one: \(leftovers)")
    #expect(sink.entries.isEmpty, "nothing goes to Sent Memes")
    #expect(editor.lastError == nil, "a cancel is not an error")
  }

  /// Set by a signal handler.
  private final class Flag {
    var isSet = false
  }

  /// An editor with the big picture, copying it, asked to close: the editor, its Sent Memes, whether
  /// its window has been destroyed, and the question asked.
  private static func closeWhileCopying() throws -> (
    editor: EditorWindow, sink: InMemorySentMemes, destroyed: Flag, dialog: MessageDialog
  ) {
    let sink = InMemorySentMemes()
    let editor = EditorHarness.makeEditor(sink: sink)
    let destroyed = Flag()
    Signal.connect(editor.window, "destroy") { destroyed.isSet = true }
    #expect(EditorHarness.load(bigPicture(), into: editor))
    editor.actions.action(named: ShareTarget.copyImage.name)?.activate()
    editor.actions.action(named: EditorAction.close.name)?.activate()
    MainContext.drain()
    #expect(!destroyed.isSet, "the window stays while its meme is being made")
    return (editor, sink, destroyed, try #require(editor.leaving.dialog))
  }

  @Test func closingWhileExportingAsksAndWaitingKeepsTheMeme() throws {
    try DisplayHarness.requireDisplay()
    // The editor is held here, as the application holds it, while its window waits to close.
    let (editor, sink, destroyed, dialog) = try Self.closeWhileCopying()
    defer { withExtendedLifetime(editor) {} }
    #expect(dialog.heading == "Still saving your meme…")
    let leave = LeavingQuestions.LeaveResponse.leave.rawValue
    #expect(
      dialog.label(ofResponse: leave) == "_Close Anyway"
        && dialog.appearance(ofResponse: leave) == .destructive)
    #expect(dialog.defaultResponse == LeavingQuestions.LeaveResponse.wait.rawValue)
    #expect(dialog.closeResponse == LeavingQuestions.LeaveResponse.stay.rawValue)
    #expect(dialog.label(ofResponse: dialog.closeResponse) == nil, "Escape's answer has no button")
    Screenshot.save(dialog.widget, named: "still-saving-dialog")
    dialog.respond(LeavingQuestions.LeaveResponse.wait.rawValue)
    #expect(MainContext.iterate(maxIterations: 12_000) { destroyed.isSet }, "closes once the meme is saved")
    #expect(sink.entries.count == 1, "the meme was kept before the window closed")
    MainContext.drain()
  }

  @Test func closingAnywayStopsTheExport() throws {
    try DisplayHarness.requireDisplay()
    let (editor, sink, destroyed, dialog) = try Self.closeWhileCopying()
    dialog.respond(LeavingQuestions.LeaveResponse.leave.rawValue)
    MainContext.drain()
    #expect(destroyed.isSet, "Close Anyway closes at once")
    #expect(Self.waitForExports(editor))
    #expect(sink.entries.isEmpty, "the stopped export is not kept")
  }

  @Test func escapeStaysAndTheMemeIsKept() throws {
    try DisplayHarness.requireDisplay()
    let (editor, sink, destroyed, dialog) = try Self.closeWhileCopying()
    defer { EditorHarness.close(editor) }
    // What Escape does in an AdwMessageDialog: its window.close action, answered by the close response.
    gtk_widget_activate_action_variant(dialog.widget, "window.close", nil)
    MainContext.drain()
    #expect(editor.leaving.dialog == nil, "the question is gone")
    #expect(
      MainContext.iterate(maxIterations: 12_000) { sink.entries.count == 1 }, "the export ran to its end")
    #expect(Self.waitForExports(editor))
    MainContext.drain()
    #expect(!destroyed.isSet, "Escape neither closes nor waits to close")
  }

  @Test func withNothingRunningTheWindowClosesWithoutAsking() throws {
    try DisplayHarness.requireDisplay()
    let editor = EditorHarness.makeEditor()
    var destroyed = false
    Signal.connect(editor.window, "destroy") { destroyed = true }
    editor.actions.action(named: EditorAction.close.name)?.activate()
    MainContext.drain()
    #expect(destroyed && editor.leaving.dialog == nil)
  }
}
