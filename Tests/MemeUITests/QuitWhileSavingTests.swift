// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import GtkTestSupport
import MemeCore
import MemeEditing
import Testing

@testable import MemeUI

/// Quitting (app.quit, Ctrl+Q) while a meme is being made asks first. Each test runs an application
/// of its own through `g_application_run`, as `main` does, so that its quit really ends a main loop
/// (the shared test application is only registered, and must outlive every test). The steps run
/// inside that loop; the test checks what had happened by the time the loop returned.
@Suite(.serialized) struct QuitWhileSavingTests {
  /// What the steps inside the running application saw.
  private final class Run {
    var askedBeforeQuitting = false
    var dialogTitle = ""
    /// Whether the copy was still running (and unsaved) while the question was open.
    var wasStillSaving = false
    var timedOut = false
    var editor: EditorWindow?
  }

  /// Runs a new application whose editor copies a 24-megapixel meme, activates app.quit during
  /// the copy and gives the still-saving question `answer` (nil: nothing is running, so there is
  /// no question). Returns when the application's main loop has ended.
  private static func quitWhileCopying(answer: EditorWindow.LeaveResponse?, sink: InMemorySentMemes) -> Run {
    let app = MemeMeApplication(
      id: "io.github.mememe.MemeMeQuitTests.p\(ProcessInfo.processInfo.processIdentifier)n\(counter.next())",
      sink: sink, preferences: .inMemory())
    let run = Run()
    // Connected after the application's own handler, which presents the editor.
    app.application.onActivate {
      _ = MainLoop.after(milliseconds: 0) { steps(in: app, answer: answer, recording: run) }
    }
    // Bounded: a quit that never comes must fail the test, not hang it.
    let guardTimer = MainLoop.after(milliseconds: 180_000) {
      run.timedOut = true
      app.application.quit()
    }
    _ = app.run(arguments: ["mememe"])
    if !run.timedOut { g_source_remove(guardTimer) }
    return run
  }

  private static func steps(
    in app: MemeMeApplication, answer: EditorWindow.LeaveResponse?, recording run: Run
  ) {
    guard let editor = app.editor else { return app.application.quit() }
    run.editor = editor
    guard let answer else {
      app.application.actions.action(named: ApplicationAction.quit.rawValue)?.activate()
      run.askedBeforeQuitting = editor.leavingDialog != nil
      return
    }
    let picture = Fixtures.picture(
      width: 6000, height: 4000, format: .jpeg(quality: 90), name: "big-24mp.jpg")
    guard EditorHarness.load(picture, into: editor) else { return app.application.quit() }
    editor.actions.action(named: EditorAction.copyImage.name)?.activate()
    app.application.actions.action(named: ApplicationAction.quit.rawValue)?.activate()
    MainContext.drain()
    guard let dialog = editor.leavingDialog else { return }
    run.askedBeforeQuitting = true
    run.dialogTitle = dialog.widget.title ?? ""
    run.wasStillSaving = editor.isBusy && sink(of: editor).entries.isEmpty
    dialog.respond(answer.rawValue)
  }

  private static func sink(of editor: EditorWindow) -> InMemorySentMemes {
    editor.sink as? InMemorySentMemes ?? InMemorySentMemes()
  }

  /// Makes each application id unique within the process.
  private static let counter = Counter()
  private final class Counter: @unchecked Sendable {
    private var value = 0
    func next() -> Int {
      value += 1
      return value
    }
  }

  private static func close(_ run: Run) {
    guard let editor = run.editor else { return }
    // Background work still returning into the editor finishes before its window goes.
    MainContext.iterate(maxIterations: 12_000) { editor.exportsInBackground == 0 }
    gtk_window_destroy(gtkkit_window(editor.window))
    MainContext.drain()
  }

  @Test func quittingWhileSavingAsksAndWaitingQuitsOnceTheMemeIsKept() throws {
    try DisplayHarness.requireDisplay()
    let sink = InMemorySentMemes()
    let run = Self.quitWhileCopying(answer: .wait, sink: sink)
    defer { Self.close(run) }
    #expect(!run.timedOut, "the application quit")
    #expect(run.askedBeforeQuitting, "quitting during the copy asks first")
    #expect(run.dialogTitle == "Still saving your meme…")
    #expect(run.wasStillSaving, "the question was open while the meme was still being made")
    #expect(sink.entries.count == 1, "the application quit only after the meme was kept")
  }

  @Test func quitAnywayStopsTheExportAndQuitsAtOnce() throws {
    try DisplayHarness.requireDisplay()
    let sink = InMemorySentMemes()
    let run = Self.quitWhileCopying(answer: .leave, sink: sink)
    #expect(!run.timedOut, "the application quit")
    #expect(run.askedBeforeQuitting && run.wasStillSaving)
    #expect(run.editor?.runningExport == nil, "the export was stopped")
    Self.close(run)
    #expect(sink.entries.isEmpty, "the stopped meme is not kept, even once its work has returned")
  }

  @Test func withNothingRunningQuitQuitsWithoutAsking() throws {
    try DisplayHarness.requireDisplay()
    let run = Self.quitWhileCopying(answer: nil, sink: InMemorySentMemes())
    defer { Self.close(run) }
    #expect(!run.timedOut, "the application quit")
    #expect(run.editor != nil && !run.askedBeforeQuitting)
  }
}
