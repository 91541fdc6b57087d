// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkKit

/// Selection and keyboard focus on the same meme.
///
/// A GtkListView or GtkGridView keeps its own focus position apart from the selection model: a
/// meme selected in code (after a move, an undo, a share, Back from Detail) would show the
/// selection on one row and the focus ring on another, and Enter would open the wrong meme. So
/// every selection made by the window also focuses the meme's row or tile. GTK's single-click mode
/// is off (it selects whatever row the pointer passes over, which moved the selection away from the
/// focused or just-restored meme): one click opens a meme through `openOnClick` instead.
final class SentMemesFocus {
  private unowned let host: any SentMemesHost
  /// Counts focus moves, so that a later one ends the retries of an earlier one.
  private var request = 0

  init(host: any SentMemesHost) {
    self.host = host
  }

  /// Gives the keyboard focus to meme `id`'s row or tile in `tab`'s view. A row scrolled into view
  /// is made at the next layout, so this tries again on the next frames (ten at most); a newer
  /// request ends an older one.
  func move(to id: Int64, in tab: SentMemesWindow.Tab) {
    request += 1
    let current = request
    if focusCell(showing: id, in: tab) { return }
    var frames = 0
    TickCallback.add(to: host.view(for: tab)) { [weak self] _ in
      guard let self, !host.isDestroyed, current == request else { return false }
      frames += 1
      return !focusCell(showing: id, in: tab) && frames < 10
    }
  }

  /// Focuses the list item (GTK's row or grid cell) holding the meme's cell: the view then moves
  /// its own focus position there too (GTK 4.8 follows its focused child).
  private func focusCell(showing id: Int64, in tab: SentMemesWindow.Tab) -> Bool {
    guard let cell = host.boundCells(in: tab).first(where: { $0.id == id }),
      let item = cell.widget.parent
    else { return false }
    return gtk_widget_grab_focus(item) != 0
  }

  /// One click on a row or tile opens its meme, when the button comes up over it. GTK's own click
  /// handling (which runs first, on the row) has selected and focused it by then; a drag to reorder
  /// cancels the click.
  func openOnClick(in tab: SentMemesWindow.Tab) {
    let click = Gesture.click(button: 1)  // GDK_BUTTON_PRIMARY
    Signal.connectPressed(click.raw, "released") { [weak self] count, x, y in
      guard let self, count == 1, let id = memeID(at: x, y, in: tab),
        let position = host.memes.list.index(of: id)
      else { return }
      host.open(at: position)
    }
    host.view(for: tab).addController(click)
  }

  /// The meme under the point (x, y) of `tab`'s view: the cell picked there or around it.
  private func memeID(at x: Double, _ y: Double, in tab: SentMemesWindow.Tab) -> Int64? {
    let view = host.view(for: tab)
    let cells = host.boundCells(in: tab)
    var widget = gtk_widget_pick(view, x, y, GTK_PICK_DEFAULT)
    while let current = widget, current != view {
      // The cell itself, or GTK's row around it (a click on the row's padding).
      if let cell = cells.first(where: { $0.widget == current || $0.widget.parent == current }
      ) {
        return cell.id
      }
      widget = current.parent
    }
    return nil
  }
}
