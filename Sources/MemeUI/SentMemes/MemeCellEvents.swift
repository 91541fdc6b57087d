// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkKit

/// What a cell tells its window: a context menu was asked for over it, or a meme was dropped on it.
struct MemeCellEvents {
  /// A secondary click at (x, y) in the cell's widget, over the meme with this id.
  var contextMenu: (_ id: Int64, _ widget: UnsafeMutablePointer<GtkWidget>, _ x: Double, _ y: Double) -> Void
  /// The meme `dragged` was dropped on the meme `target`, above or below its middle.
  var drop: (_ dragged: Int64, _ target: Int64, _ below: Bool) -> Void

  /// Connects a secondary-click gesture that reports `contextMenu` for the meme `id()` names.
  func attachContextMenu(to widget: UnsafeMutablePointer<GtkWidget>, id: @escaping () -> Int64?) {
    let click = Gesture.click(button: 3)  // GDK_BUTTON_SECONDARY
    let contextMenu = contextMenu
    Signal.connectPressed(click.raw) { _, x, y in
      guard let id = id() else { return }
      contextMenu(id, widget, x, y)
    }
    widget.addController(click)
  }
}
