// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSupport
import GtkKit
import MemeCore

/// One export at a time, in the background. One that takes longer than a moment turns the Share
/// button into a spinner, with a Stop button beside it (`stopButton`, packed by the window).
final class ExportProgress {
  /// Shorter exports finish before a spinner would be noticed; it would only flicker.
  static let delay: UInt32 = 300

  let stopButton: UnsafeMutablePointer<GtkWidget>
  /// Runs whenever an export starts or stops: what the window's actions may do changes with it.
  var onChange: () -> Void = {}
  /// Whether the spinner shows.
  private(set) var isShown = false

  private let shareButton: MenuButton
  private var running: Cancellation?
  private var timeout: UInt32?

  init(shareButton: UnsafeMutablePointer<GtkWidget>, stopAction: String) {
    self.shareButton = MenuButton(wrapping: shareButton)
    stopButton = Button(iconName: IconName.stopExport).widget
    stopButton.actionName = stopAction
    stopButton.name = "cancel-export-button"
    Accessible.setLabel(stopButton, localized("Cancel Export"))
    stopButton.tooltip = localized("Stop exporting the meme")
    stopButton.isVisible = false
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

  /// The Stop button: the export stops at its next step and leaves no file; the editor is free at once.
  func cancel() {
    guard let running else { return }
    running.cancel()
    stopShowing()
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

  /// A spinner in place of the Share icon, and the Stop button beside it.
  private func show(_ isShown: Bool) {
    self.isShown = isShown
    if isShown {
      let spinner = Spinner()
      spinner.widget.name = "export-spinner"
      spinner.start()
      shareButton.setChild(spinner.widget)
      shareButton.widget.tooltip = localized("Exporting the meme…")
    } else {
      shareButton.setIconName(IconName.share)
      shareButton.widget.tooltip = localized("Share")
    }
    stopButton.isVisible = isShown
  }
}
