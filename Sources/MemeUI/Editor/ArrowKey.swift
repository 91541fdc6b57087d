// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// The arrow keys (and the keypad's), as directions on the screen: what crop mode and a selected
/// text box move, resize and turn with.
enum ArrowKey {
  /// The key's direction (x right, y down); nil for any other key.
  static func direction(of keyval: UInt32) -> (x: Double, y: Double)? {
    switch Int32(keyval) {
    case GDK_KEY_Left, GDK_KEY_KP_Left: (-1, 0)
    case GDK_KEY_Right, GDK_KEY_KP_Right: (1, 0)
    case GDK_KEY_Up, GDK_KEY_KP_Up: (0, -1)
    case GDK_KEY_Down, GDK_KEY_KP_Down: (0, 1)
    default: nil
    }
  }

  /// Whether `state` holds the modifier.
  static func holds(_ state: GdkModifierType, _ modifier: GdkModifierType) -> Bool {
    state.rawValue & modifier.rawValue != 0
  }
}
