// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkKit
import MemeStore

/// What the Sent Memes window's parts (deletion with undo, search, keyboard focus, the context menu)
/// ask of the window they are in. Each part keeps its own state; the window keeps the List and the
/// Grid, the selection they share, and the wiring.
protocol SentMemesHost: AnyObject {
  /// The window itself (dialogs and choosers open over it).
  var window: UnsafeMutablePointer<GtkWidget> { get }
  var memes: SentMemesLibrary { get }
  /// The List's and the Grid's selection.
  var selection: SingleSelection { get }
  var toasts: ToastOverlay { get }
  /// Set once GTK has destroyed the window: work posted earlier must not touch its widgets.
  var isDestroyed: Bool { get }
  var currentTab: SentMemesWindow.Tab { get }
  var selectedMeme: SentMeme? { get }
  /// The List, and the Grid once it is built.
  var builtViews: [UnsafeMutablePointer<GtkWidget>] { get }
  /// The list or the grid (built on first use).
  func view(for tab: SentMemesWindow.Tab) -> UnsafeMutablePointer<GtkWidget>
  /// The meme ids and widgets of the rows or tiles `tab`'s view shows now.
  func boundCells(in tab: SentMemesWindow.Tab) -> [(id: Int64?, widget: UnsafeMutablePointer<GtkWidget>)]
  /// Selects meme `id` in `tab`'s view (nil: the current one), scrolled into view and focused.
  func select(id: Int64, in tab: SentMemesWindow.Tab?)
  /// Opens the meme at `position` in its detail.
  func open(at position: Int)
  /// Shows an error over the window.
  func showError(title: String, detail: String)
  /// A part's state changed what the window shows or its actions may do.
  func updateState()
}
