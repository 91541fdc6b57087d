// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSupport
import GtkKit

/// "Loading “cat.png”…" in the middle of the canvas while a picture is decoded, with a Stop button;
/// Escape stops the load too.
final class LoadingIndicator {
  private let box: Box
  private let label = Label(localized("Loading…"))
  /// Stops the load shown (its Stop button, Escape); nil while none is shown.
  private(set) var stop: (() -> Void)?
  private var watchesEscape = false

  /// The indicator's widget (made hidden): lay it over the canvas.
  var widget: Widget { box.widget }

  init() {
    box = Box(GTK_ORIENTATION_HORIZONTAL, spacing: 12)
    OnScreenDisplay.style(
      box.widget, name: "loading", styleClass: "loading-indicator", horizontal: GTK_ALIGN_CENTER,
      vertical: GTK_ALIGN_CENTER)
    let spinner = Spinner()
    spinner.start()
    box.append(spinner.widget)
    box.append(label.widget)
    box.widget.isVisible = false
    let button = gtk_button_new_with_mnemonic(localized("_Stop"))!
    button.name = "stop-loading"
    button.tooltip = localized("Stop loading the picture (Escape)")
    _ = Signal.connect(button, "clicked") { [weak self] in self?.stop?() }
    box.append(button)
  }

  /// Shows the indicator for `fileName`, whose Stop button (and Escape) calls `stop`, or hides it
  /// (nil).
  func show(_ fileName: String?, stop: (() -> Void)? = nil) {
    if let fileName {
      label.text = String(format: localized("Loading %@…"), fileName)
      watchEscape()
    }
    self.stop = fileName == nil ? nil : stop
    box.widget.isVisible = !(fileName == nil)
  }

  /// Escape stops a load while the indicator shows (in the capture phase, before a caption field
  /// or another shortcut takes it); at other times it passes on.
  private func watchEscape() {
    guard !watchesEscape, let root = gtk_widget_get_root(widget) else { return }
    watchesEscape = true
    let keys = gtk_event_controller_key_new()!
    gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
    Signal.connectKeyPressed(keys.raw) { [weak self] keyval, _, _ in
      self?.handleKey(keyval) ?? false
    }
    gtk_widget_add_controller(UnsafeMutableRawPointer(root).assumingMemoryBound(to: GtkWidget.self), keys)
  }

  /// Escape stops the load shown; true when it did (the key is then taken).
  func handleKey(_ keyval: UInt32) -> Bool {
    guard Int32(keyval) == GDK_KEY_Escape, let stop else { return false }
    stop()
    return true
  }
}
