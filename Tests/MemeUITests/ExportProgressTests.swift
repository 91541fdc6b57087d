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
/// are slow for a real reason (a 24-megapixel picture, written as PNG at its own size), or held by
/// the test until stopped.
@Suite(.serialized) struct ExportProgressTests {
  private static func bigPicture() -> URL {
    Fixtures.picture(width: 6000, height: 4000, format: .jpeg(quality: 90), name: "big-24mp.jpg")
  }

  /// Waits (bounded: about two minutes) for the background work of every export to return.
  private static func waitForExports(_ editor: EditorWindow) -> Bool {
    MainContext.iterate(maxIterations: 12_000) { MainLoop.backgroundWorkInFlight == 0 }
  }

  /// Holds `editor`'s exports in the background until they are stopped (a minute at most), as a
  /// slow export would be held: no test here depends on how fast the machine is.
  private static func holdExports(of editor: EditorWindow) {
    editor.sharing.holdExport = { cancellation in
      for _ in 0..<60_000 where !cancellation.isCancelled { usleep(1000) }
    }
  }

  /// Whether `widget` or one of its ancestors is a button (a GtkButton: menu buttons hold one).
  private static func isInButton(_ widget: UnsafeMutablePointer<GtkWidget>?) -> Bool {
    var current = widget
    while let widget = current {
      if gtkkit_is_a(widget, gtk_button_get_type()) != 0 { return true }
      current = gtk_widget_get_parent(widget)
    }
    return false
  }

  /// An export past a second says "Saving…" with Stop, in a row of its own under the header bar,
  /// inside the window; Stop says "Not saved", frees Share at once, and leaves no file and nothing
  /// in Sent Memes. When the row has gone, no button is where Stop was: a late second click on it
  /// lands on the canvas.
  @Test func aLongExportSaysSavingAndStopSaysNotSaved() throws {
    try DisplayHarness.requireDisplay()
    let sink = InMemorySentMemes()
    let editor = EditorHarness.makeEditor(sink: sink)
    defer { EditorHarness.close(editor) }
    let picture = Fixtures.picture(
      width: 800, height: 600, format: .jpeg(quality: 90), name: "held-export.jpg")
    #expect(EditorHarness.load(picture, into: editor))
    Self.holdExports(of: editor)
    let output = Fixtures.folder.appendingPathComponent("stopped-export.png")
    try? FileManager.default.removeItem(at: output)
    editor.filePicker = { _, completion in completion(output) }

    editor.actions.action(named: ShareTarget.saveAs.name)?.activate()
    #expect(!editor.sharing.progress.isShown, "not at once: a short export would only flicker")
    #expect(editor.actions.action(named: ShareTarget.copyImage.name)?.isEnabled == false, "one at a time")
    #expect(MainContext.iterate(maxIterations: 3000) { editor.sharing.progress.isShown }, "after a second")
    let progress = editor.sharing.progress
    // Measured where the row rests, once it has slid down.
    #expect(
      MainContext.iterate(maxIterations: 3000) {
        gtk_revealer_get_child_revealed(gtkkit_revealer(progress.bar.widget)) != 0
      })
    EditorHarness.settle(editor)
    #expect(progress.label.text == "Saving…" && gtk_widget_get_mapped(progress.label.widget) != 0)
    let stop = progress.stopButton
    #expect(gtk_widget_get_mapped(stop) != 0)
    #expect(gtk_button_get_label(gtkkit_button(stop)).map { String(cString: $0) } == "_Stop")
    var bounds = graphene_rect_t()
    #expect(gtk_widget_compute_bounds(stop, editor.window, &bounds) != 0)
    let window = (
      width: Float(gtk_widget_get_width(editor.window)), height: Float(gtk_widget_get_height(editor.window))
    )
    #expect(
      bounds.origin.x >= 0 && bounds.origin.x + bounds.size.width <= window.width && bounds.origin.y >= 0
        && bounds.origin.y + bounds.size.height <= window.height, "Stop is inside the window: \(bounds)")
    var header = graphene_rect_t()
    #expect(gtk_widget_compute_bounds(editor.header.bar.widget, editor.window, &header) != 0)
    #expect(bounds.origin.y >= header.origin.y + header.size.height, "below the header bar, not in it")
    Screenshot.save(editor.window, named: "export-progress")

    let center = (
      x: Double(bounds.origin.x + bounds.size.width / 2), y: Double(bounds.origin.y + bounds.size.height / 2)
    )
    editor.actions.action(named: EditorAction.cancelExport.name)?.activate()
    #expect(!progress.isShown)
    #expect(editor.toasts.shownToast?.title == "Not saved")
    #expect(
      editor.actions.action(named: ShareTarget.copyImage.name)?.isEnabled == true,
      "Share is free again at once")
    #expect(
      MainContext.iterate(maxIterations: 3000) {
        gtk_revealer_get_child_revealed(gtkkit_revealer(progress.bar.widget)) == 0
      })
    EditorHarness.settle(editor)
    let there = gtk_widget_pick(editor.window, center.x, center.y, GTK_PICK_DEFAULT)
    #expect(!Self.isInButton(there), "no button took Stop's place")
    #expect(Self.waitForExports(editor))
    MainContext.drain()
    #expect(!FileManager.default.fileExists(atPath: output.path), "a stopped export writes no file")
    #expect(sink.entries.isEmpty, "nothing goes to Sent Memes")
    #expect(editor.lastError == nil, "a stop is not an error")
  }

  /// A real export that takes long (24 megapixels written as PNG), stopped: no file, not even a
  /// temporary one.
  @Test func aStoppedExportLeavesNoFile() throws {
    try DisplayHarness.requireDisplay()
    let sink = InMemorySentMemes()
    let editor = EditorHarness.makeEditor(sink: sink)
    defer { EditorHarness.close(editor) }
    #expect(
      EditorHarness.load(Self.bigPicture(), into: editor, maxIterations: SentMemesHarness.backgroundWorkBound)
    )
    let output = Fixtures.folder.appendingPathComponent("cancelled-export.png")
    try? FileManager.default.removeItem(at: output)
    editor.filePicker = { _, completion in completion(output) }

    editor.actions.action(named: ShareTarget.saveAs.name)?.activate()
    // Stopped while it runs: once it says so, the picture is being rendered or written.
    #expect(MainContext.iterate(maxIterations: 3000) { editor.sharing.progress.isShown })
    editor.actions.action(named: EditorAction.cancelExport.name)?.activate()
    #expect(editor.toasts.shownToast?.title == "Not saved")
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
    #expect(
      EditorHarness.load(Self.bigPicture(), into: editor, maxIterations: SentMemesHarness.backgroundWorkBound)
    )
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
