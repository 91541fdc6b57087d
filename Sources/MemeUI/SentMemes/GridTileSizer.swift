// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkKit

/// How big the Grid's tiles are: as many columns as tiles of at least `minimumWidth` fit (up to
/// `maximumColumns`), sharing the view's width, so tiles grow with a wide window instead of
/// leaving ever wider gaps between them. Tiles keep the thumbnails' 4:3 shape.
///
/// The view's own largest number of columns follows too: GTK 4.8's grid keeps thirty rows of that
/// many tiles, bound and rebound with every search typed, whatever fits on screen.
final class GridTileSizer {
  /// The narrowest tile, in logical pixels: a thumbnail still worth looking at.
  static let minimumWidth: Int32 = 176
  /// Beyond this many columns, a wider window makes the tiles bigger rather than more of them.
  static let maximumColumns: Int32 = 6
  /// The space around each tile inside its cell (the style sheet's `.meme-grid > child` padding,
  /// both sides).
  static let cellPadding: Int32 = 12

  private(set) var size = tileSize(width: minimumWidth)
  private var columns = maximumColumns
  private var gridView: UnsafeMutablePointer<GtkWidget>?
  /// Called when `size` changes, to resize the tiles already made.
  var onChange: ((width: Int32, height: Int32)) -> Void = { _ in }

  static func tileSize(width: Int32) -> (width: Int32, height: Int32) {
    (width, Int32(ThumbnailShape.pixelHeight(forWidth: Int(width))))
  }

  /// The columns and tile size for a grid view `viewWidth` logical pixels wide (its content box).
  static func layout(forViewWidth viewWidth: Int32) -> (columns: Int32, tile: (width: Int32, height: Int32)) {
    let columns = min(maximumColumns, max(1, viewWidth / (minimumWidth + cellPadding)))
    let width = max(minimumWidth, viewWidth / columns - cellPadding)
    return (columns, tileSize(width: width))
  }

  /// Follows the width of `gridView` (through its scrolled window's horizontal adjustment, whose
  /// page size is the view's width).
  func follow(_ gridView: UnsafeMutablePointer<GtkWidget>, in scrolled: UnsafeMutablePointer<GtkWidget>) {
    self.gridView = gridView
    gtk_grid_view_set_max_columns(gtkkit_grid_view(gridView), guint(columns))
    let adjustment = gtk_scrolled_window_get_hadjustment(gtkkit_scrolled_window(scrolled))!
    Signal.connectNotify(adjustment, property: "page-size") { [weak self] in
      guard let self, !isUpdatePending else { return }
      // The page size changes while GTK allocates the view, when new size requests would be lost:
      // the tiles are resized right after, and the view lays them out again.
      isUpdatePending = true
      MainLoop.post { [weak self] in
        guard let self else { return }
        isUpdatePending = false
        update(forViewWidth: Int32(gtk_adjustment_get_page_size(adjustment)))
      }
    }
  }

  private var isUpdatePending = false

  func update(forViewWidth viewWidth: Int32) {
    guard viewWidth > 0 else { return }
    let layout = Self.layout(forViewWidth: viewWidth)
    if layout.columns != columns, let gridView {
      columns = layout.columns
      gtk_grid_view_set_max_columns(gtkkit_grid_view(gridView), guint(columns))
    }
    let tile = layout.tile
    guard tile != size else { return }
    size = tile
    onChange(tile)
  }
}
