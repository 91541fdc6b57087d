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

  /// A drag gesture for mouse `button` that sees presses in the capture phase, before the widgets
  /// lying over its widget (fields over a canvas) do.
  public static func dragFirst(button: UInt32) -> OpaquePointer {
    let drag = drag(button: button)
    gtk_event_controller_set_propagation_phase(drag, GTK_PHASE_CAPTURE)
    return drag
  }

  /// A click gesture for any button that sees each press in the capture phase, before its widget
  /// does, and takes none: `pressed` hears that a press began (a slider's drag, one run of changes).
  public static func pressesFirst(_ pressed: @escaping () -> Void) -> OpaquePointer {
    let click = click(button: 0)
    gtk_event_controller_set_propagation_phase(click, GTK_PHASE_CAPTURE)
    Signal.connectPressed(click.raw) { _, _, _ in pressed() }
    return click
  }

  /// A key controller that sees keys in the capture phase, before the focused widget does:
  /// `pressed` gets the key and the modifiers held, and returns whether it handled the key.
  public static func keysFirst(
    _ pressed: @escaping (_ keyval: UInt32, _ state: GdkModifierType) -> Bool
  ) -> OpaquePointer {
    let keys = gtk_event_controller_key_new()!
    gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
    Signal.connectKeyPressed(keys.raw) { keyval, _, state in pressed(keyval, state) }
    return keys
  }

  /// Takes the current touch sequence (other gestures on it are cancelled) or gives it up.
  public static func claim(_ gesture: OpaquePointer, _ isClaimed: Bool = true) {
    gtk_gesture_set_state(
      gtkkit_gesture(gesture.raw), isClaimed ? GTK_EVENT_SEQUENCE_CLAIMED : GTK_EVENT_SEQUENCE_DENIED)
  }

  /// Where the current touch point or pointer of single-point `gesture` (a drag source, a click)
  /// is now, in its widget's coordinates; nil when it is not active.
  public static func currentPoint(of gesture: OpaquePointer) -> (x: Double, y: Double)? {
    let sequence = gtk_gesture_single_get_current_sequence(gtkkit_gesture_single(gesture.raw))
    var x = 0.0
    var y = 0.0
    guard gtk_gesture_get_point(gtkkit_gesture(gesture.raw), sequence, &x, &y) != 0 else { return nil }
    return (x, y)
  }

  /// The centre of the gesture's touch points, in its widget's coordinates; nil when not active.
  public static func center(of gesture: OpaquePointer) -> (x: Double, y: Double)? {
    // GTK 4.8 reads the gesture's last event without checking there is one: asked while idle, it
    // passes NULL to gdk_event_get_event_type (a CRITICAL).
    guard gtk_gesture_is_active(gtkkit_gesture(gesture.raw)) != 0 else { return nil }
    var x = 0.0
    var y = 0.0
    guard gtk_gesture_get_bounding_box_center(gtkkit_gesture(gesture.raw), &x, &y) != 0 else { return nil }
    return (x, y)
  }

  /// A motion controller: `moved` on every pointer motion over its widget (with the position).
  public static func motion(_ moved: @escaping (_ x: Double, _ y: Double) -> Void) -> OpaquePointer {
    let motion = gtk_event_controller_motion_new()!
    Signal.connectPoint(motion.raw, "motion", moved)
    return motion
  }

  /// A focus controller: `entered` when the keyboard focus moves into its widget or a child.
  public static func focusEntering(_ entered: @escaping () -> Void) -> OpaquePointer {
    let focus = gtk_event_controller_focus_new()!
    Signal.connect(focus.raw, "enter", entered)
    return focus
  }

  /// Whether the keyboard focus is in the widget of `focusController` (made by `focusEntering`)
  /// or one of its children.
  public static func containsFocus(_ focusController: OpaquePointer) -> Bool {
    gtk_event_controller_focus_contains_focus(focusController) != 0
  }

  /// A key controller that sees keys after the focused widget had its turn (a text field types a
  /// comma rather than give it to the window): `pressed` gets the key and whether a modifier that
  /// makes a shortcut (Ctrl, Alt, Shift, Super) was held, and returns whether it handled the key.
  public static func keysLeftOver(
    _ pressed: @escaping (_ keyval: UInt32, _ withModifiers: Bool) -> Bool
  ) -> OpaquePointer {
    let keys = gtk_event_controller_key_new()!
    gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_BUBBLE)
    Signal.connectKeyPressed(keys.raw) { keyval, _, state in
      pressed(keyval, state.rawValue & gtk_accelerator_get_default_mod_mask().rawValue != 0)
    }
    return keys
  }

  /// A scroll controller for both axes: `scrolled` gets the deltas and whether Ctrl was held, and
  /// returns whether it used the scroll (else the widgets below get it).
  public static func scroll(
    _ scrolled: @escaping (_ dx: Double, _ dy: Double, _ withControl: Bool) -> Bool
  ) -> OpaquePointer {
    let scroll = gtk_event_controller_scroll_new(GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES)!
    Signal.connectScroll(scroll.raw) { dx, dy in
      let state = gtk_event_controller_get_current_event_state(scroll)
      return scrolled(dx, dy, state.rawValue & GDK_CONTROL_MASK.rawValue != 0)
    }
    return scroll
  }

  /// Whether a pointer moved (`dx`, `dy`) from where it pressed on `widget` has gone past the
  /// desktop's drag threshold: before it, a press is still a click.
  public static func passesDragThreshold(on widget: UnsafeMutablePointer<GtkWidget>, dx: Double, dy: Double)
    -> Bool
  {
    gtk_drag_check_threshold(widget, 0, 0, Int32(dx.rounded()), Int32(dy.rounded())) != 0
  }

  /// A long-press gesture for mouse `button` (and touch): `pressed` once the press has been held
  /// still for the desktop's long-press time.
  public static func longPress(button: UInt32, _ pressed: @escaping () -> Void) -> OpaquePointer {
    let hold = gtk_gesture_long_press_new()!
    gtk_gesture_single_set_button(gtkkit_gesture_single(hold.raw), button)
    Signal.connectPoint(hold.raw, "pressed") { _, _ in pressed() }
    return hold
  }
}
