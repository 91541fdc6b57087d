// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkKit

/// Space+drag panning: the window's key controller (see `connectCrop`) reports Space here.
extension EditorWindow {
  /// Space held outside a text field lets a left-button drag pan the zoomed picture.
  func handleSpace(pressed: Bool, _ keyval: UInt32) -> Bool {
    guard Int32(keyval) == GDK_KEY_space else { return false }
    if !pressed {
      canvas.zoomControls.isSpaceHeld = false
      return false
    }
    // In a caption field Space types a space.
    if let focus = gtk_window_get_focus(gtkkit_window(window)), gtkkit_is_editable(focus) != 0 {
      return false
    }
    guard document.image != nil, crop == nil else { return false }
    canvas.zoomControls.isSpaceHeld = true
    return true
  }
}
