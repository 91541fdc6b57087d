// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkKit

@testable import MemeUI

// What the Sent Memes tests observe of the window and its rows, read from their real widgets.
extension SentMemesWindow {
  /// Whether the toast shown is the one offering Undo.
  var isUndoToastShown: Bool {
    guard let shown = toasts.shownToast, let undoToast = deletion.undoToast else { return false }
    return shown.isSame(as: undoToast)
  }

  /// The meme whose row or tile has the keyboard focus in the current view, if any.
  var focusedMemeID: Int64? {
    guard let focus = toplevel.focusedWidget else { return nil }
    return boundCells(in: currentTab).first { $0.widget.parent == focus }?.id ?? nil
  }
}

extension MemeListRow {
  /// The time the row shows, read from its label.
  var timeText: String { timeLabel.text }
  /// The texts of the boxes placed anywhere, as the row's third line shows them.
  var boxesText: String { boxesLabel.text }
}
