// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import MemeEditing

@testable import MemeUI

// What the crop and zoom tests reach in the editor's controls.
extension CropBar {
  /// The toggle button for `aspect`.
  func presetButton(_ aspect: CropAspect) -> UnsafeMutablePointer<GtkWidget>? { presetButtons[aspect] }
}

extension CanvasZoomControls {
  /// Starts a pan as a middle-button drag's begin does (the tests then drive it through `pan`).
  func beginPan() { panStart = zoom }
}
