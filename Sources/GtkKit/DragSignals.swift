// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSupport

/// Signals of drag and drop (GtkDropTarget, GtkDragSource), typed like the ones in `Signal`: one
/// trampoline per C signature, closures released by GLib's destroy notify.
public enum DragSignal {
  /// GtkDropTarget `drop`: the dropped value and position; return whether it was accepted.
  @discardableResult
  public static func connectDrop(
    _ target: gpointer,
    _ handler: @escaping (_ value: UnsafePointer<GValue>, _ x: Double, _ y: Double) -> Bool
  ) -> SignalConnection {
    let box = ClosureBox(handler)
    let id = gtkkit_connect_drop(
      target, "drop",
      { _, value, x, y, data in
        guard let value else { return 0 }
        let address = UInt(bitPattern: value)
        let accepted = MainActor.assumeIsolated {
          ClosureBox<(UnsafePointer<GValue>, Double, Double) -> Bool>.unretained(data).payload(
            UnsafePointer(bitPattern: address)!, x, y)
        }
        return accepted ? 1 : 0
      }, box.retainedPointer(), releaseClosureBox)
    return SignalConnection(instance: target, id: id)
  }

  /// GtkDropTarget `enter` / `motion`: return the action the drop would perform.
  @discardableResult
  public static func connectDropMotion(
    _ target: gpointer, _ signal: String, _ handler: @escaping (_ x: Double, _ y: Double) -> GdkDragAction
  ) -> SignalConnection {
    let box = ClosureBox(handler)
    let id = gtkkit_connect_drop_motion(
      target, signal,
      { _, x, y, data in
        let action = MainActor.assumeIsolated {
          ClosureBox<(Double, Double) -> GdkDragAction>.unretained(data).payload(x, y).rawValue
        }
        return GdkDragAction(rawValue: action)
      }, box.retainedPointer(), releaseClosureBox)
    return SignalConnection(instance: target, id: id)
  }

  /// GtkDragSource `prepare`: return a content provider (transfer full) or nil to refuse the drag.
  @discardableResult
  public static func connectDragPrepare(
    _ source: gpointer,
    _ handler: @escaping (_ x: Double, _ y: Double) -> UnsafeMutablePointer<GdkContentProvider>?
  ) -> SignalConnection {
    let box = ClosureBox(handler)
    let id = gtkkit_connect_drag_prepare(
      source, "prepare",
      { _, x, y, data in
        // Pointers are not Sendable, so the provider leaves the main-actor closure as an address.
        let address = MainActor.assumeIsolated {
          UInt(
            bitPattern: ClosureBox<(Double, Double) -> UnsafeMutablePointer<GdkContentProvider>?>
              .unretained(data).payload(x, y))
        }
        return UnsafeMutablePointer(bitPattern: address)
      }, box.retainedPointer(), releaseClosureBox)
    return SignalConnection(instance: source, id: id)
  }

  /// GtkDragSource `drag-end`: whether the destination asked to delete the data (a move).
  @discardableResult
  public static func connectDragEnd(
    _ source: gpointer, _ handler: @escaping (_ deleteData: Bool) -> Void
  ) -> SignalConnection {
    let box = ClosureBox(handler)
    let id = gtkkit_connect_drag_end(
      source, "drag-end",
      { _, _, deleteData, data in
        MainActor.assumeIsolated { ClosureBox<(Bool) -> Void>.unretained(data).payload(deleteData != 0) }
      }, box.retainedPointer(), releaseClosureBox)
    return SignalConnection(instance: source, id: id)
  }

  /// GtkDragSource `drag-cancel`: return true when the cancellation was handled (no animation).
  @discardableResult
  public static func connectDragCancel(
    _ source: gpointer, _ handler: @escaping (_ reason: GdkDragCancelReason) -> Bool
  ) -> SignalConnection {
    let box = ClosureBox(handler)
    let id = gtkkit_connect_drag_cancel(
      source, "drag-cancel",
      { _, _, reason, data in
        let handled = MainActor.assumeIsolated {
          ClosureBox<(GdkDragCancelReason) -> Bool>.unretained(data).payload(reason)
        }
        return handled ? 1 : 0
      }, box.retainedPointer(), releaseClosureBox)
    return SignalConnection(instance: source, id: id)
  }
}
