// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkKit

/// A short confirmation over a window's content ("Saved to Pictures/cat-meme.png", "Copied to the
/// clipboard") that goes away by itself. GTK 4.8 has no libadwaita toast: this is a label in the
/// on-screen-display style, added to an overlay by the window that shows it.
final class Toast {
  /// How long a message stays.
  static let milliseconds: UInt32 = 3000

  /// The label: add it to an overlay. Named "toast" for tests.
  let widget: UnsafeMutablePointer<GtkWidget>
  /// The pending hide, while a message is shown.
  private(set) var timeout: UInt32?

  init(valign: GtkAlign) {
    widget = Widget.label("")
    widget.name = "toast"
    widget.addCSSClass("osd")
    widget.addCSSClass("toast")
    widget.horizontalAlignment = GTK_ALIGN_CENTER
    widget.verticalAlignment = valign
    widget.setMargins(bottom: valign == GTK_ALIGN_END ? 24 : 0)
    widget.setMargins(start: 12)
    widget.setMargins(end: 12)
    widget.wrapsText = true
    widget.justification = GTK_JUSTIFY_CENTER
    widget.isVisible = false
    // The window can go while a message is shown, and this object outlive it (a window object kept
    // by its app or a test): its hide must not reach the destroyed label.
    Signal.connect(widget, "destroy") { [weak self] in self?.cancelHide() }
  }

  var isShown: Bool { widget.isVisible }
  var text: String { widget.text }

  /// Shows `message` for a few seconds (a newer message replaces it and starts the time again).
  func show(_ message: String) {
    widget.text = message
    widget.isVisible = true
    cancelHide()
    timeout = MainLoop.after(milliseconds: Self.milliseconds) { [weak self] in
      self?.timeout = nil
      self?.hide()
    }
  }

  func hide() {
    cancelHide()
    widget.isVisible = false
  }

  private func cancelHide() {
    if let timeout { MainLoop.cancel(timeout) }
    timeout = nil
  }
}
