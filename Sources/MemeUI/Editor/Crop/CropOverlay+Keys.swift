// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkKit
import MemeEditing

/// Crop mode from the keyboard: the arrow keys move the crop by a screen pixel; with Alt they move
/// one edge or corner instead, the one nearest the pointer while it rests on the crop layer, else
/// the bottom-right corner (with the arrows moving the whole, that reaches any crop); Shift makes
/// each press ten times as far. Alt, as a selected text box's arrows resize it.
extension CropOverlay {
  /// Screen pixels a press moves the crop; with Shift, `largeStep`.
  static let smallStep = 1.0
  static let largeStep = 10.0

  /// An arrow key, with or without Alt and Shift; false for any other key.
  func handleKey(_ keyval: UInt32, _ state: GdkModifierType) -> Bool {
    guard var selection, let direction = ArrowKey.direction(of: keyval) else { return false }
    let modifiers = state.rawValue
    guard modifiers & GDK_CONTROL_MASK.rawValue == 0 else { return false }
    let step = (modifiers & GDK_SHIFT_MASK.rawValue != 0 ? Self.largeStep : Self.smallStep) * scale
    let handle = modifiers & GDK_ALT_MASK.rawValue != 0 ? resizingHandle : .move
    selection.nudge(handle, by: direction.x * step, direction.y * step)
    self.selection = selection
    return true
  }

  /// What Alt and the arrows move now.
  var resizingHandle: CropHandle {
    guard let selection, let pointer else { return .bottomRight }
    let rect = pictureRect()
    return selection.nearestHandle(to: ((pointer.x - rect.x) * scale, (pointer.y - rect.y) * scale))
  }
}
