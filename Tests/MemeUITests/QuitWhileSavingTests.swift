// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import DiskTestSupport
import Foundation
import GtkKit
import GtkTestSupport
import MemeCore
import MemeEditing
import MemeStore
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
  private static func quitWhileCopying(answer: LeavingQuestions.LeaveResponse?, sink: InMemorySentMemes)
    -> Run
  {
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
    in app: MemeMeApplication, answer: LeavingQuestions.LeaveResponse?, recording run: Run
  ) {
    guard let editor = app.editor else { return app.application.quit() }
    run.editor = editor
    guard let answer else {
      app.application.actions.action(named: ApplicationAction.quit.rawValue)?.activate()
      run.askedBeforeQuitting = editor.leaving.dialog != nil
      return
    }
    let dialog = shareThenQuit(.copyImage, in: app, recording: run) { sink(of: editor).entries.isEmpty }
    dialog?.respond(answer.rawValue)
  }

  /// Loads a 24-megapixel picture into the app's editor, starts `share` and asks to quit at once;
  /// records the question asked, and whether the work was still running (`unsaved` says whether
  /// the meme is not kept yet). Returns the question, still open.
  private static func shareThenQuit(
    _ share: ShareTarget, in app: MemeMeApplication, recording run: Run, savingTo file: URL? = nil,
    unsaved: () -> Bool
  ) -> MessageDialog? {
    guard let editor = app.editor else {
      app.application.quit()
      return nil
    }
    // Not kept in `run`: the editor lives only as long as the app keeps it, as in the app.
    let picture = Fixtures.picture(
      width: 6000, height: 4000, format: .jpeg(quality: 90), name: "big-24mp.jpg")
    // Decoding 24 megapixels beside two busy test runs can outlast the default wait.
    guard EditorHarness.load(picture, into: editor, maxIterations: SentMemesHarness.backgroundWorkBound)
    else {
      app.application.quit()
      return nil
    }
    if let file { editor.filePicker = { _, completion in completion(file) } }
    editor.actions.action(named: share.name)?.activate()
    app.application.actions.action(named: ApplicationAction.quit.rawValue)?.activate()
    MainContext.drain()
    guard let dialog = editor.leaving.dialog else { return nil }
    run.askedBeforeQuitting = true
    run.dialogTitle = Window(wrapping: dialog.widget).title ?? ""
    run.wasStillSaving = editor.isBusy && unsaved()
    return dialog
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
    MainContext.iterate(maxIterations: 12_000) { MainLoop.backgroundWorkInFlight == 0 }
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
    #expect(run.editor?.sharing.progress.isRunning == false, "the export was stopped")
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

  // MARK: - Quitting during Save As, with Sent Memes taking over

  /// Runs a new application on an empty store of its own, so that a finished share is stored and
  /// Sent Memes then takes over from the editor (closing it), as in the app. It saves a
  /// 24-megapixel meme with Save As and asks to quit at once, within a second of Save; the question
  /// gets `answer` (nil: it is left unanswered). Returns when the main loop has ended, with the file
  /// saved to and the store's folder.
  private static func quitWhileSavingAs(answer: LeavingQuestions.LeaveResponse?) -> (
    Run, file: URL, store: URL
  ) {
    let store = ScratchFolder.unique("quit-while-saving")
    let file = Fixtures.folder.appendingPathComponent("quit-while-saving-\(UUID().uuidString).png")
    let app = MemeMeApplication(
      id: "io.github.mememe.MemeMeQuitTests.p\(ProcessInfo.processInfo.processIdentifier)n\(counter.next())",
      sink: InMemorySentMemes(), preferences: .inMemory())
    let opening = SentMemesLibrary.startOpening(directory: store)
    app.openStore = { SentMemesLibrary.open(opening) }
    let run = Run()
    app.application.onActivate {
      _ = MainLoop.after(milliseconds: 0) {
        let dialog = shareThenQuit(.saveAs, in: app, recording: run, savingTo: file) {
          !FileManager.default.fileExists(atPath: file.path)
        }
        if let answer { dialog?.respond(answer.rawValue) }
      }
    }
    let guardTimer = MainLoop.after(milliseconds: 180_000) {
      run.timedOut = true
      app.application.quit()
    }
    _ = app.run(arguments: ["mememe"])
    if !run.timedOut { g_source_remove(guardTimer) }
    for window in app.application.windows { gtk_window_destroy(window) }
    MainContext.drain()
    return (run, file, store)
  }

  /// The saved file is whole (ImageMagick reads it at its full size) and the meme is in the store.
  private static func expectSavedAndKept(_ file: URL, store: URL) throws {
    let size = try ChildProcess.run("/usr/bin/identify", ["-format", "%wx%h", file.path])
    #expect(
      size.status == 0 && size.output == "6000x4000", "the file is complete: \(size.output) \(size.errors)")
    #expect(try SentMemeStore(directory: store).memeIDs().count == 1, "the meme is in Sent Memes")
  }

  @Test func quitDuringSaveAsThenWaitQuitsOnceTheMemeIsSavedAndKept() throws {
    try DisplayHarness.requireDisplay()
    let (run, file, store) = Self.quitWhileSavingAs(answer: .wait)
    #expect(!run.timedOut, "the application quit once the save had ended, as the question says")
    #expect(run.askedBeforeQuitting && run.dialogTitle == "Still saving your meme…")
    #expect(run.wasStillSaving)
    try Self.expectSavedAndKept(file, store: store)
  }

  @Test func quitDuringSaveAsLeftUnansweredStillQuitsOnceTheMemeIsSavedAndKept() throws {
    try DisplayHarness.requireDisplay()
    let (run, file, store) = Self.quitWhileSavingAs(answer: nil)
    #expect(!run.timedOut, "the quit asked for within a second of Save is not lost")
    #expect(run.askedBeforeQuitting && run.wasStillSaving)
    try Self.expectSavedAndKept(file, store: store)
  }
}
