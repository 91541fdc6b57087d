// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkKit
import MemeCore

/// Work that must not be lost silently. An export runs in the background; one that takes longer
/// than a moment turns the Share button into a spinner with a button beside it that stops the
/// export. Closing the window or quitting while an export or a Sent Memes save runs asks first.
extension EditorWindow {
  /// Shorter exports finish before a spinner would be noticed; it would only flicker.
  static let progressDelay: UInt32 = 300

  /// Whether closing now would lose work: an export or a Sent Memes save is running.
  var isBusy: Bool { runningExport != nil || sink.isSaving }

  /// Starts an export: returns what stops it. The caller ends it with `endExport(_:)`.
  func beginExport() -> Cancellation {
    let cancellation = Cancellation()
    runningExport = cancellation
    exportsInBackground += 1
    if let progressTimeout { MainLoop.cancel(progressTimeout) }
    progressTimeout = MainLoop.after(milliseconds: Self.progressDelay) { [weak self] in
      guard let self else { return }
      progressTimeout = nil
      showExportProgress(true)
    }
    updateActionStates()
    return cancellation
  }

  /// The background work of the export `cancellation` stopped has returned (finished, failed or
  /// cancelled). Returns false when the export had been cancelled: its result is to be dropped.
  @discardableResult
  func endExport(_ cancellation: Cancellation) -> Bool {
    exportsInBackground -= 1
    if runningExport === cancellation { stopShowingExport() }
    return !cancellation.isCancelled
  }

  /// The window is gone (closed, or destroyed by its application) while an export may still run:
  /// the export stops, and its late result must not reach the window's widgets, which are freed.
  func windowDestroyed() {
    isDestroyed = true
    // Destroyed with its parent, unanswered: a leave still pending waits for the work all the same.
    leavingDialog = nil
    if let progressTimeout { MainLoop.cancel(progressTimeout) }
    progressTimeout = nil
    runningExport?.cancel()
    runningExport = nil
  }

  /// The Stop button: the export stops at its next step and leaves no file; the editor is free at once.
  func cancelExport() {
    guard let runningExport else { return }
    runningExport.cancel()
    stopShowingExport()
  }

  private func stopShowingExport() {
    if let progressTimeout { MainLoop.cancel(progressTimeout) }
    progressTimeout = nil
    runningExport = nil
    showExportProgress(false)
    updateActionStates()
  }

  /// A spinner in place of the Share icon, and the Stop button beside it.
  private func showExportProgress(_ isShown: Bool) {
    isShowingExportProgress = isShown
    if isShown {
      let spinner = gtk_spinner_new()!
      spinner.name = "export-spinner"
      spinner.startSpinning()
      gtk_menu_button_set_child(gtkkit_menu_button(shareButton), spinner)
      shareButton.tooltip = localized("Exporting the meme…")
    } else {
      shareButton.setMenuIconName(IconName.share)
      shareButton.tooltip = localized("Share")
    }
    cancelExportButton.isVisible = isShown
  }

  // MARK: - Leaving while work runs

  /// close-request: returns true to keep the window open while asking. Running work is asked about
  /// first; an edited meme that was not shared is the next thing that would be lost.
  func closeRequested() -> Bool {
    let close = { [weak self] in
      guard let self, !isDestroyed else { return }
      window.destroyWindow()
    }
    if isBusy {
      askBeforeLeaving(leaveLabel: localized("_Close Anyway"), then: close)
    } else if document.hasUnsharedChanges {
      askToDiscard(then: close)
    } else {
      return false
    }
    return true
  }

  /// Asks whether to wait for the running work or leave now; `leave` runs at once when the user
  /// chooses to leave anyway (a running export is stopped first), or when the work ends if they wait
  /// or have not answered yet (the question says the window closes once the meme is saved). Only
  /// Escape keeps the window.
  func askBeforeLeaving(leaveLabel: String, then leave: @escaping () -> Void) {
    pendingLeave = leave
    askLeavingQuestion(
      named: "still-saving-dialog", heading: localized("Still saving your meme…"),
      body: localized(
        "It will be lost if MemeMe stops now. Wait a moment, and the window closes once it is saved."),
      choices: [
        LeavingChoice(label: leaveLabel, response: LeaveResponse.leave, losesWork: true),
        LeavingChoice(label: localized("_Wait"), response: LeaveResponse.wait),
      ],
      // Escape neither leaves nor waits to leave: the window stays open.
      defaultResponse: .wait, closeResponse: .stay
    ) { [weak self] response in
      guard let self else { return }
      switch response {
      case .leave:
        pendingLeave = nil
        cancelExport()
        // Once the dialog's response has finished: destroying its parent inside it upsets GTK's
        // bookkeeping of the dialog just destroyed.
        MainLoop.post { leave() }
      case .wait: break  // `leaveOnceIdle` leaves when the work ends
      case .stay: pendingLeave = nil
      }
    }
    leaveOnceIdle()
  }

  /// Runs the pending leave once nothing is running any more, taking away a question still open:
  /// its wait is over. The store tells no one when a save ends, so this looks again ten times a
  /// second (the work is seconds long). It holds the editor until then: when the save it waits for
  /// ends, Sent Memes takes over and closes the editor's window, and the quit promised must come
  /// all the same.
  private func leaveOnceIdle() {
    guard !isWaitingToLeave else { return }
    isWaitingToLeave = true
    _ = MainLoop.after(milliseconds: 100) { [self] in
      isWaitingToLeave = false
      guard let leave = pendingLeave else { return }
      guard !isBusy else { return leaveOnceIdle() }
      pendingLeave = nil
      leavingDialog?.respond(LeaveResponse.wait.rawValue)
      leave()
    }
  }

  /// The still-saving dialog's answers, by their response ids; `stay` has no button (Escape).
  enum LeaveResponse: String {
    case leave
    case wait
    case stay
  }
}
