// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GLibSupport

/// A connected signal handler: enough to disconnect it early. Most handlers never need that, since
/// GLib disconnects them (and releases their closures) when the instance is finalised.
public struct SignalConnection {
  public let instance: gpointer
  public let id: gulong

  public func disconnect() {
    g_signal_handler_disconnect(instance, id)
  }
}

/// Typed signal connection: one function and one trampoline per C signal signature (a trampoline
/// with the wrong arity reads garbage registers, so the shim types each handler pointer).
///
/// Every trampoline captures nothing and finds its Swift closure through the user-data pointer.
/// GLib emits signals on the thread that owns the main context; `MainActor.assumeIsolated` turns a
/// wrong-thread emission into a trap instead of a data race. Handlers should capture `[weak self]`
/// when `self` owns the instance, or the closure keeps its owner alive forever.
public enum Signal {
  /// Signals with no arguments: `clicked`, `activate`, `changed`, `toggled`, `destroy`, ...
  @discardableResult
  public static func connect(
    _ instance: gpointer, _ signal: String, _ handler: @escaping () -> Void
  ) -> SignalConnection {
    let box = ClosureBox(handler)
    let id = gtkkit_connect_void(
      instance, signal,
      { _, data in
        MainActor.assumeIsolated { ClosureBox<() -> Void>.unretained(data).payload() }
      }, box.retainedPointer(), releaseClosureBox)
    return SignalConnection(instance: instance, id: id)
  }

  /// Like `connect`, but for the next emission only: the handler is disconnected before it runs.
  public static func connectOnce(_ instance: gpointer, _ signal: String, _ handler: @escaping () -> Void) {
    var connection: SignalConnection?
    connection = connect(instance, signal) {
      connection?.disconnect()
      connection = nil
      handler()
    }
  }

  /// Signals with no arguments returning gboolean, e.g. `close-request` (true stops the default).
  @discardableResult
  public static func connectReturningBool(
    _ instance: gpointer, _ signal: String, _ handler: @escaping () -> Bool
  ) -> SignalConnection {
    let box = ClosureBox(handler)
    let id = gtkkit_connect_bool(
      instance, signal,
      { _, data in
        let handled = MainActor.assumeIsolated { ClosureBox<() -> Bool>.unretained(data).payload() }
        return handled ? 1 : 0
      }, box.retainedPointer(), releaseClosureBox)
    return SignalConnection(instance: instance, id: id)
  }

  /// `notify::property`: the property changed.
  @discardableResult
  public static func connectNotify(
    _ instance: gpointer, property: String, _ handler: @escaping () -> Void
  ) -> SignalConnection {
    let box = ClosureBox(handler)
    let id = gtkkit_connect_notify(
      instance, "notify::\(property)",
      { _, _, data in
        MainActor.assumeIsolated { ClosureBox<() -> Void>.unretained(data).payload() }
      }, box.retainedPointer(), releaseClosureBox)
    return SignalConnection(instance: instance, id: id)
  }

  /// GSimpleAction `activate` / `change-state`: the parameter (or requested state), if any.
  @discardableResult
  public static func connectAction(
    _ action: OpaquePointer, _ signal: String, _ handler: @escaping (OpaquePointer?) -> Void
  ) -> SignalConnection {
    let box = ClosureBox(handler)
    let id = gtkkit_connect_action(
      action.raw, signal,
      { _, parameter, data in
        // The GVariant is borrowed for the duration of the call.
        let parameter = UInt(bitPattern: parameter)
        MainActor.assumeIsolated {
          ClosureBox<(OpaquePointer?) -> Void>.unretained(data).payload(OpaquePointer(bitPattern: parameter))
        }
      }, box.retainedPointer(), releaseClosureBox)
    return SignalConnection(instance: action.raw, id: id)
  }

  /// GtkGestureClick `pressed` / `released`: number of presses and position.
  @discardableResult
  public static func connectPressed(
    _ gesture: gpointer, _ signal: String = "pressed",
    _ handler: @escaping (_ pressCount: Int, _ x: Double, _ y: Double) -> Void
  ) -> SignalConnection {
    let box = ClosureBox(handler)
    let id = gtkkit_connect_pressed(
      gesture, signal,
      { _, count, x, y, data in
        MainActor.assumeIsolated {
          ClosureBox<(Int, Double, Double) -> Void>.unretained(data).payload(Int(count), x, y)
        }
      }, box.retainedPointer(), releaseClosureBox)
    return SignalConnection(instance: gesture, id: id)
  }

  /// GtkGestureDrag `drag-begin` (the start point), `drag-update` and `drag-end` (the offset from it).
  @discardableResult
  public static func connectPoint(
    _ gesture: gpointer, _ signal: String, _ handler: @escaping (_ x: Double, _ y: Double) -> Void
  ) -> SignalConnection {
    let box = ClosureBox(handler)
    let id = gtkkit_connect_point(
      gesture, signal,
      { _, x, y, data in
        MainActor.assumeIsolated { ClosureBox<(Double, Double) -> Void>.unretained(data).payload(x, y) }
      }, box.retainedPointer(), releaseClosureBox)
    return SignalConnection(instance: gesture, id: id)
  }

  /// GtkEventControllerScroll `scroll`: the deltas; return true when the scroll was used.
  @discardableResult
  public static func connectScroll(
    _ controller: gpointer, _ handler: @escaping (_ dx: Double, _ dy: Double) -> Bool
  ) -> SignalConnection {
    let box = ClosureBox(handler)
    let id = gtkkit_connect_scroll(
      controller, "scroll",
      { _, dx, dy, data in
        let used = MainActor.assumeIsolated {
          ClosureBox<(Double, Double) -> Bool>.unretained(data).payload(dx, dy)
        }
        return used ? 1 : 0
      }, box.retainedPointer(), releaseClosureBox)
    return SignalConnection(instance: controller, id: id)
  }

  /// GtkGestureZoom `scale-changed`: the scale since the gesture began.
  @discardableResult
  public static func connectScale(
    _ gesture: gpointer, _ handler: @escaping (_ scale: Double) -> Void
  ) -> SignalConnection {
    let box = ClosureBox(handler)
    let id = gtkkit_connect_scale(
      gesture, "scale-changed",
      { _, scale, data in
        MainActor.assumeIsolated { ClosureBox<(Double) -> Void>.unretained(data).payload(scale) }
      }, box.retainedPointer(), releaseClosureBox)
    return SignalConnection(instance: gesture, id: id)
  }

  /// GtkGesture `begin` / `end` (the event sequence is not passed on).
  @discardableResult
  public static func connectSequence(
    _ gesture: gpointer, _ signal: String, _ handler: @escaping () -> Void
  ) -> SignalConnection {
    let box = ClosureBox(handler)
    let id = gtkkit_connect_sequence(
      gesture, signal,
      { _, _, data in
        MainActor.assumeIsolated { ClosureBox<() -> Void>.unretained(data).payload() }
      }, box.retainedPointer(), releaseClosureBox)
    return SignalConnection(instance: gesture, id: id)
  }

  /// GtkEventControllerKey `key-released`.
  @discardableResult
  public static func connectKeyReleased(
    _ controller: gpointer, _ handler: @escaping (_ keyval: UInt32) -> Void
  ) -> SignalConnection {
    let box = ClosureBox(handler)
    let id = gtkkit_connect_key_released(
      controller, "key-released",
      { _, keyval, _, _, data in
        MainActor.assumeIsolated { ClosureBox<(UInt32) -> Void>.unretained(data).payload(keyval) }
      }, box.retainedPointer(), releaseClosureBox)
    return SignalConnection(instance: controller, id: id)
  }

  /// GtkDialog / GtkNativeDialog `response`.
  @discardableResult
  public static func connectResponse(
    _ dialog: gpointer, _ handler: @escaping (_ response: Int32) -> Void
  ) -> SignalConnection {
    let box = ClosureBox(handler)
    let id = gtkkit_connect_response(
      dialog, "response",
      { _, response, data in
        MainActor.assumeIsolated { ClosureBox<(Int32) -> Void>.unretained(data).payload(response) }
      }, box.retainedPointer(), releaseClosureBox)
    return SignalConnection(instance: dialog, id: id)
  }

  /// AdwMessageDialog `response`: the id of the response chosen (libadwaita names responses by
  /// strings, where GtkDialog numbered them).
  @discardableResult
  public static func connectNamedResponse(
    _ dialog: gpointer, _ handler: @escaping (_ response: String) -> Void
  ) -> SignalConnection {
    let box = ClosureBox(handler)
    let id = gtkkit_connect_string(
      dialog, "response",
      { _, response, data in
        let id = response.map { String(cString: $0) } ?? ""
        MainActor.assumeIsolated { ClosureBox<(String) -> Void>.unretained(data).payload(id) }
      }, box.retainedPointer(), releaseClosureBox)
    return SignalConnection(instance: dialog, id: id)
  }

  /// GApplication `open`: the files as URLs (native paths where GIO has one, URIs otherwise).
  @discardableResult
  public static func connectOpen(
    _ application: gpointer, _ handler: @escaping (_ files: [URL]) -> Void
  ) -> SignalConnection {
    let box = ClosureBox(handler)
    let id = gtkkit_connect_open(
      gtkkit_g_application(application), "open",
      { _, files, count, _, data in
        let urls = (0..<Int(max(count, 0))).compactMap { index in files?[index].flatMap(FileURL.url(of:)) }
        MainActor.assumeIsolated { ClosureBox<([URL]) -> Void>.unretained(data).payload(urls) }
      }, box.retainedPointer(), releaseClosureBox)
    return SignalConnection(instance: application, id: id)
  }

  /// GtkDrawingArea `resize`: the new size in logical pixels.
  @discardableResult
  public static func connectResize(
    _ area: gpointer, _ handler: @escaping (_ width: Int, _ height: Int) -> Void
  ) -> SignalConnection {
    let box = ClosureBox(handler)
    let id = gtkkit_connect_resize(
      area, "resize",
      { _, width, height, data in
        MainActor.assumeIsolated {
          ClosureBox<(Int, Int) -> Void>.unretained(data).payload(Int(width), Int(height))
        }
      }, box.retainedPointer(), releaseClosureBox)
    return SignalConnection(instance: area, id: id)
  }

  /// GtkEditable `insert-text`, before the text is inserted: the handler gets the text (`length`
  /// bytes, not NUL-terminated) and where it goes, and may stop the emission
  /// (`g_signal_stop_emission_by_name`) to insert something else instead.
  @discardableResult
  public static func connectInsertText(
    _ editable: gpointer,
    _ handler:
      @escaping (_ text: UnsafePointer<CChar>, _ length: Int, _ position: UnsafeMutablePointer<Int32>) -> Void
  ) -> SignalConnection {
    let box = ClosureBox(handler)
    let id = gtkkit_connect_insert_text(
      editable, "insert-text",
      { _, text, length, position, data in
        guard let text, let position else { return }
        MainActor.assumeIsolated {
          ClosureBox<(UnsafePointer<CChar>, Int, UnsafeMutablePointer<Int32>) -> Void>.unretained(data)
            .payload(
              text, Int(length), position)
        }
      }, box.retainedPointer(), releaseClosureBox)
    return SignalConnection(instance: editable, id: id)
  }

  /// GtkEventControllerKey `key-pressed`: return true when the key was handled.
  @discardableResult
  public static func connectKeyPressed(
    _ controller: gpointer,
    _ handler: @escaping (_ keyval: UInt32, _ keycode: UInt32, _ state: GdkModifierType) -> Bool
  ) -> SignalConnection {
    let box = ClosureBox(handler)
    let id = gtkkit_connect_key(
      controller, "key-pressed",
      { _, keyval, keycode, state, data in
        let handled = MainActor.assumeIsolated {
          ClosureBox<(UInt32, UInt32, GdkModifierType) -> Bool>.unretained(data).payload(
            keyval, keycode, state)
        }
        return handled ? 1 : 0
      }, box.retainedPointer(), releaseClosureBox)
    return SignalConnection(instance: controller, id: id)
  }

  /// GtkOverlay `get-child-position`: return the child's allocation, or nil for the default.
  @discardableResult
  public static func connectChildPosition(
    _ overlay: gpointer, _ handler: @escaping (_ child: UnsafeMutablePointer<GtkWidget>) -> GdkRectangle?
  ) -> SignalConnection {
    let box = ClosureBox(handler)
    let id = gtkkit_connect_child_position(
      overlay, "get-child-position",
      { _, child, allocation, data in
        guard let child, let allocation else { return 0 }
        let address = UInt(bitPattern: child)
        let rectangle = MainActor.assumeIsolated {
          ClosureBox<(UnsafeMutablePointer<GtkWidget>) -> GdkRectangle?>.unretained(data).payload(
            UnsafeMutablePointer(bitPattern: address)!)
        }
        guard let rectangle else { return 0 }
        allocation.pointee = rectangle
        return 1
      }, box.retainedPointer(), releaseClosureBox)
    return SignalConnection(instance: overlay, id: id)
  }
}
