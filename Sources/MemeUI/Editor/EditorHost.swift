// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import MemeEditing

/// What the editor's parts (sharing, crop mode, text boxes, the questions before leaving) ask of the
/// window they are in. Each part keeps its own state; the window keeps the widgets and the wiring.
protocol EditorHost: AppWindow {
  var document: EditorDocument { get }
  var canvas: EditorCanvas { get }
  /// Set once GTK has destroyed the window: late results have no window to speak in.
  var isDestroyed: Bool { get }
  /// Shows an error that names the file and the reason; the editor keeps its state.
  func showError(title: String, detail: String)
  /// A part's state changed what the window's actions may do.
  func updateActionStates()
}
