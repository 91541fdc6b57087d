// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSupport
import GtkKit

/// Closing the editor, or quitting, when work would be lost: a running export or Sent Memes save,
/// or an edited meme that was never shared. The editor asks first, one question at a time, in the
/// words of the GNOME guidelines for discarding unsaved work.
final class LeavingQuestions {
  /// The question open now, if any.
  private(set) var dialog: MessageDialog?

  private unowned let host: any EditorHost
  /// Whether an export or a Sent Memes save is running.
  private let isBusy: () -> Bool
  /// Stops a running export.
  private let stopExport: () -> Void
  /// Closing the window or quitting, asked for while work ran and not called off: runs once the
  /// work has ended (see `askBeforeLeaving`).
  private var pendingLeave: (() -> Void)?
  private var isWaitingToLeave = false

  init(host: any EditorHost, isBusy: @escaping () -> Bool, stopExport: @escaping () -> Void) {
    self.host = host
    self.isBusy = isBusy
    self.stopExport = stopExport
  }

  /// The window is gone: a question still open was destroyed with it, unanswered. A leave still
  /// pending waits for the work all the same.
  func windowDestroyed() {
    dialog = nil
  }

  /// close-request: returns true to keep the window open while asking.
  func closeRequested() -> Bool {
    askIfWorkWouldBeLost(leaveLabel: localized("_Close Anyway")) { [weak host] in
      guard let host, !host.isDestroyed else { return }
      host.toplevel.destroy()
    }
  }

  /// Asks before `leave` (closing the window, quitting) when it would lose work, and returns true;
  /// returns false, asking nothing, when nothing would be lost. Running work is asked about first;
  /// an edited meme that was not shared is the next thing that would be lost. `leaveLabel` is the
  /// button that leaves while work runs ("Close Anyway", "Quit Anyway").
  func askIfWorkWouldBeLost(leaveLabel: String, before leave: @escaping () -> Void) -> Bool {
    if isBusy() {
      askBeforeLeaving(leaveLabel: leaveLabel, then: leave)
    } else if host.document.hasUnsharedChanges {
      askToDiscard(then: leave)
    } else {
      return false
    }
    return true
  }

  // MARK: - Still saving

  /// Asks whether to wait for the running work or leave now; `leave` runs at once when the user
  /// chooses to leave anyway (a running export is stopped first), or when the work ends if they wait
  /// or have not answered yet (the question says the window closes once the meme is saved). Only
  /// Escape keeps the window.
  func askBeforeLeaving(leaveLabel: String, then leave: @escaping () -> Void) {
    pendingLeave = leave
    ask(
      named: "still-saving-dialog", heading: localized("Still saving your meme…"),
      body: localized(
        "It will be lost if MemeMe stops now. Wait a moment, and the window closes once it is saved."),
      choices: [
        Choice(label: leaveLabel, response: LeaveResponse.leave, losesWork: true),
        Choice(label: localized("_Wait"), response: LeaveResponse.wait),
      ],
      // Escape neither leaves nor waits to leave: the window stays open.
      defaultResponse: .wait, closeResponse: .stay
    ) { [weak self] response in
      guard let self else { return }
      switch response {
      case .leave:
        pendingLeave = nil
        stopExport()
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
    // The window too (`host`): it is what `isBusy` and `leave` ask of.
    _ = MainLoop.after(milliseconds: 100) { [self, host] in
      _ = host
      isWaitingToLeave = false
      guard let leave = pendingLeave else { return }
      guard !isBusy() else { return leaveOnceIdle() }
      pendingLeave = nil
      dialog?.respond(LeaveResponse.wait.rawValue)
      leave()
    }
  }

  /// The still-saving dialog's answers, by their response ids; `stay` has no button (Escape).
  enum LeaveResponse: String {
    case leave
    case wait
    case stay
  }

  // MARK: - Discard

  /// Asks whether to discard the unshared meme; `discard` runs when the user chooses Discard.
  /// Cancel, Escape or closing the dialog keep the editor as it is.
  func askToDiscard(then discard: @escaping () -> Void) {
    ask(
      named: "discard-meme-dialog", heading: localized("Discard this meme?"), body: discardedWork,
      choices: [
        Choice(label: localized("_Cancel"), response: DiscardResponse.cancel),
        Choice(label: localized("_Discard"), response: DiscardResponse.discard, losesWork: true),
      ],
      // Enter and Escape keep the meme: losing work takes a deliberate choice.
      defaultResponse: .cancel, closeResponse: .cancel
    ) { response in
      guard response == .discard else { return }
      // Once the dialog's response has finished: destroying its parent inside it upsets GTK's
      // bookkeeping of the dialog just destroyed.
      MainLoop.post { discard() }
    }
  }

  /// What Discard loses, in so many words: a meme already in Sent Memes keeps its sent version, and
  /// only the changes made since go.
  private var discardedWork: String {
    host.document.isEditingKeptMeme
      ? localized("It is in Sent Memes as it was last shared. The changes made since then will be lost.")
      : localized(
        "It has not been shared, so it is not in Sent Memes. Its captions and changes will be lost.")
  }

  /// The discard dialog's answers, by their response ids.
  enum DiscardResponse: String {
    case discard
    case cancel
  }

  // MARK: - One question at a time

  /// A button of the question: its label, its response, and whether choosing it loses work.
  private struct Choice<Response: RawRepresentable> where Response.RawValue == String {
    let label: String
    let response: Response
    var losesWork = false
  }

  /// Shows the question named `name` (or brings back the one already shown) and calls `answer` with
  /// the response once the dialog is gone; Enter answers `defaultResponse`, Escape `closeResponse`.
  private func ask<Response: RawRepresentable>(
    named name: String, heading: String, body: String, choices: [Choice<Response>],
    defaultResponse: Response, closeResponse: Response, answer: @escaping (Response) -> Void
  ) where Response.RawValue == String {
    if let dialog {
      dialog.present()
      return
    }
    dialog = MessageDialog.ask(
      parent: gtkkit_window(host.window), named: name, heading: heading, body: body,
      choices: choices.map {
        MessageDialog.Choice(
          label: $0.label, response: $0.response, appearance: $0.losesWork ? .destructive : .plain)
      },
      defaultResponse: defaultResponse, closeResponse: closeResponse
    ) { [weak self] response in
      guard let self else { return }
      dialog = nil
      answer(response)
    }
  }
}
