// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkKit

/// Space+drag panning: the window's key controller (see `connectWindowKeys`) reports Space here.
extension EditorWindow {
  /// Notes whether Space is held outside a text field, which lets a left-button drag pan the zoomed
  /// picture. The key itself always passes on: a focused button still activates with Space.
  func noteSpace(pressed: Bool, _ keyval: UInt32) {
    guard Int32(keyval) == GDK_KEY_space else { return }
    // In a caption field Space types a space.
    let isTyping = toplevel.focusedWidget.map { gtkkit_is_editable($0) != 0 } ?? false
    canvas.zoomControls.isSpaceHeld = pressed && !isTyping && document.image != nil && !cropMode.isOn
  }
}
