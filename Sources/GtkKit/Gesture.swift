// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// Gestures made and steered in Swift terms (gestures import as OpaquePointer, and each GTK gesture
/// function wants its own class's pointer: the casts are here). Add one to a widget with
/// `addController`, which owns it from then on.
public enum Gesture {
  /// A click gesture for mouse `button` only (1 primary, 2 middle, 3 secondary; 0 any).
  public static func click(button: UInt32) -> OpaquePointer {
    let click = gtk_gesture_click_new()!
    gtk_gesture_single_set_button(gtkkit_gesture_single(click.raw), button)
    return click
  }

  /// A drag gesture for mouse `button` only (0 any).
  public static func drag(button: UInt32) -> OpaquePointer {
    let drag = gtk_gesture_drag_new()!
    gtk_gesture_single_set_button(gtkkit_gesture_single(drag.raw), button)
    return drag
  }

  /// Takes the current touch sequence (other gestures on it are cancelled) or gives it up.
  public static func claim(_ gesture: OpaquePointer, _ isClaimed: Bool = true) {
    gtk_gesture_set_state(
      gtkkit_gesture(gesture.raw), isClaimed ? GTK_EVENT_SEQUENCE_CLAIMED : GTK_EVENT_SEQUENCE_DENIED)
  }

  /// The centre of the gesture's touch points, in its widget's coordinates; nil when not active.
  public static func center(of gesture: OpaquePointer) -> (x: Double, y: Double)? {
    var x = 0.0
    var y = 0.0
    guard gtk_gesture_get_bounding_box_center(gtkkit_gesture(gesture.raw), &x, &y) != 0 else { return nil }
    return (x, y)
  }
}
