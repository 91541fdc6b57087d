// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSupport

/// GtkDrawingArea's draw function as a Swift closure.
public enum DrawingArea {
  /// Sets the function that paints `area`: it gets a `cairo_t *` and the size in logical pixels.
  /// The closure is released when the area is finalised or the function replaced.
  public static func setDrawFunction(
    _ area: gpointer, _ draw: @escaping (_ context: OpaquePointer, _ width: Int, _ height: Int) -> Void
  ) {
    let box = ClosureBox(draw)
    gtk_drawing_area_set_draw_func(
      gtkkit_drawing_area(area),
      { _, context, width, height, data in
        guard let context else { return }
        // The cairo_t is borrowed for the call; it crosses into the main-actor closure by address.
        let address = UInt(bitPattern: context)
        MainActor.assumeIsolated {
          ClosureBox<(OpaquePointer, Int, Int) -> Void>.unretained(data).payload(
            OpaquePointer(bitPattern: address)!, Int(width), Int(height))
        }
      }, box.retainedPointer(), releaseDestroyNotify)
  }
}
