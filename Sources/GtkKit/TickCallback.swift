// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSupport

/// Frame-by-frame work for animations, driven by the widget's frame clock.
public enum TickCallback {
  /// Calls `tick` with the frame time in microseconds before each frame of `widget` until it returns
  /// false (or the widget goes away). Returns the id for `remove`.
  @discardableResult
  public static func add(
    to widget: UnsafeMutablePointer<GtkWidget>, _ tick: @escaping (_ frameTime: Int64) -> Bool
  ) -> UInt32 {
    let box = ClosureBox(tick)
    return gtk_widget_add_tick_callback(
      widget,
      { _, clock, data in
        // The trampoline captures nothing: the closure comes through `data`.
        let time = Int64(gdk_frame_clock_get_frame_time(clock))
        let goOn = MainActor.assumeIsolated { ClosureBox<(Int64) -> Bool>.unretained(data).payload(time) }
        return goOn ? 1 : 0  // G_SOURCE_CONTINUE / G_SOURCE_REMOVE
      }, box.retainedPointer(), releaseDestroyNotify)
  }

  public static func remove(_ id: UInt32, from widget: UnsafeMutablePointer<GtkWidget>) {
    gtk_widget_remove_tick_callback(widget, id)
  }
}
