// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSupport
import GtkKit
import MemeCore

/// One export at a time, in the background. One that takes longer than a second says so in place: a
/// row at the top of the editor's content (`bar`, packed by the window) slides down with a spinner,
/// "Saving…" and a Stop button, and slides away when the export ends.
///
/// Why there: nothing else ever appears in that row. The Stop button used to be packed beside the
/// Share button in the header, so when an export ended, the Caption Style button slid into the place
/// the pointer was on, and a late second click on Stop opened the style panel. Toasts appear at the
/// bottom of the window and questions in its middle, never under the row.
final class ExportProgress {
  /// Shorter exports finish before the row would be read; it would only flicker.
  static let delay: UInt32 = 1000

  /// The row: spinner, "Saving…", Stop.
  let bar: Revealer
  let stopButton: UnsafeMutablePointer<GtkWidget>
  let label: Label
  /// Runs whenever an export starts or stops: what the window's actions may do changes with it.
  var onChange: () -> Void = {}
  /// Whether the row shows.
  private(set) var isShown = false

  private let spinner = Spinner()
  private var running: Cancellation?
  private var timeout: UInt32?

  init(stopAction: String) {
    stopButton = Accessible.mnemonicButton(localized("_Stop"))
    stopButton.actionName = stopAction
    stopButton.name = "cancel-export-button"
    stopButton.tooltip = localized("Stop saving the meme: nothing is written or kept")
    label = Label(localized("Saving…"))
    label.widget.name = "export-progress-label"
    label.textAlignment = 0
    label.widget.expandsHorizontally = true
    spinner.widget.name = "export-spinner"
    let row = Box(GTK_ORIENTATION_HORIZONTAL, spacing: 10)
    row.widget.addCSSClass("export-progress")
    row.append(spinner.widget)
    row.append(label.widget)
    row.append(stopButton)
    bar = Revealer(child: row.widget)
    bar.widget.name = "export-progress"
    bar.revealsChild = false
  }

  var isRunning: Bool { running != nil }

  /// Starts an export: returns what stops it. The caller ends it with `end(_:)`.
  func begin() -> Cancellation {
    let cancellation = Cancellation()
    running = cancellation
    if let timeout { MainLoop.cancel(timeout) }
    timeout = MainLoop.after(milliseconds: Self.delay) { [weak self] in
      guard let self else { return }
      timeout = nil
      show(true)
    }
    onChange()
    return cancellation
  }

  /// The background work of the export `cancellation` stopped has returned (finished, failed or
  /// cancelled). Returns false when the export had been cancelled: its result is to be dropped.
  func end(_ cancellation: Cancellation) -> Bool {
    if running === cancellation { stopShowing() }
    return !cancellation.isCancelled
  }

  /// The Stop button: the export stops at its next step and leaves no file; the editor is free at
  /// once. True when an export was running.
  @discardableResult
  func cancel() -> Bool {
    guard let running else { return false }
    running.cancel()
    stopShowing()
    return true
  }

  /// The window is gone: the export stops, and no timer may touch the freed widgets.
  func windowDestroyed() {
    if let timeout { MainLoop.cancel(timeout) }
    timeout = nil
    running?.cancel()
    running = nil
  }

  private func stopShowing() {
    if let timeout { MainLoop.cancel(timeout) }
    timeout = nil
    running = nil
    show(false)
    onChange()
  }

  private func show(_ isShown: Bool) {
    self.isShown = isShown
    if isShown { spinner.start() } else { spinner.stop() }
    bar.revealsChild = isShown
  }
}
