// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit

/// Dropping a picture in: picture files from a file manager, or image data from another
/// application. (Dragging the meme out is `DragOut`, a part of sharing.)
extension PictureLoading {
  /// Takes pictures dropped on `widget` (the canvas).
  func acceptDrops(on widget: Widget) {
    PictureArrival.acceptDrops(on: widget) { [weak self] value, x, y in
      self?.acceptDrop(value, at: (x, y)) ?? false
    }
  }

  /// Takes a dropped picture file or image (see `arrive`); false when the value holds neither.
  func acceptDrop(_ value: UnsafePointer<GValue>, at point: (x: Double, y: Double)? = nil) -> Bool {
    guard let picture = PictureArrival.pictures(in: value).first else { return false }
    arrive(picture, at: point)
    return true
  }
}
