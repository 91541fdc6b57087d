// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit

/// Dropping a picture in: picture files from a file manager, or image data from another
/// application. (Dragging the meme out is `DragOut`, a part of sharing.)
extension PictureLoading {
  /// Takes pictures dropped on `widget` (the canvas).
  func acceptDrops(on widget: Widget) {
    // GType 0 is G_TYPE_INVALID: the accepted types are set just below.
    let target = gtk_drop_target_new(0, GDK_ACTION_COPY)!
    var types = [gtkkit_type_file_list(), gtkkit_type_texture()]
    gtk_drop_target_set_gtypes(target, &types, gsize(types.count))
    DragSignal.connectDrop(target.raw) { [weak self] value, x, y in
      self?.acceptDrop(value, at: (x, y)) ?? false
    }
    widget.addController(target)
  }

  /// Takes a dropped picture file or image (see `arrive`); false when the value holds neither.
  func acceptDrop(_ value: UnsafePointer<GValue>, at point: (x: Double, y: Double)? = nil) -> Bool {
    if let url = FileList.urls(in: value).first {
      arrive(.file(url), at: point)
      return true
    }
    if gtkkit_value_holds(value, gtkkit_type_texture()) != 0, let texture = g_value_get_object(value),
      let png = Texture(retaining: texture).pngBytes()
    {
      arrive(.bytes(png), at: point)
      return true
    }
    return false
  }
}
