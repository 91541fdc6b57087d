// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkKit
import MemeStore

/// A widget that shows one meme in a list or grid view, reused for other memes as the view scrolls.
package protocol MemeCell: AnyObject {
  var widget: UnsafeMutablePointer<GtkWidget> { get }
  var thumbnail: ThumbnailView { get }
  /// The bound meme's id; nil while the cell is unbound.
  var memeID: Int64? { get set }
  func bind(_ meme: SentMeme)
  func unbind()
  /// The view is done with the cell (its widget may already be gone): forget pending work only.
  func tearDown()
}

extension MemeCell {
  package func unbind() {
    memeID = nil
    thumbnail.clear()
  }

  package func tearDown() {
    memeID = nil
    thumbnail.cancelRequest()
  }

  /// Names the cell for screen readers: its widget, and the item GTK's list and grid views wrap it
  /// in, which is what a screen reader moves over (unnamed, it was read as "GtkListItemWidget").
  func setAccessibleName(_ name: String) {
    Accessible.setLabel(widget, name)
    if let item = widget.parent { Accessible.setLabel(item, name) }
  }
}

/// A GtkSignalListItemFactory whose items are Swift cells, bound to memes through `SentMemeList`.
///
/// `factory` is handed to a view (which takes ownership); the handlers reach back here weakly, so
/// the window that keeps this object decides how long cells live.
package final class MemeItemFactory<Cell: MemeCell> {
  /// `GtkListItemFactory *` with one reference for the view that takes it.
  let factory: ObjectOwner
  private let list: SentMemeList
  private let makeCell: () -> Cell
  /// Cells by their `GtkListItem *`.
  private var cells: [OpaquePointer: Cell] = [:]

  init(list: SentMemeList, makeCell: @escaping () -> Cell) {
    self.list = list
    self.makeCell = makeCell
    factory = ObjectOwner(taking: gtk_signal_list_item_factory_new())
    Signal.connectListItem(factory.raw, "setup") { [weak self] item in self?.setUp(item) }
    Signal.connectListItem(factory.raw, "bind") { [weak self] item in self?.bind(item) }
    Signal.connectListItem(factory.raw, "unbind") { [weak self] item in self?.cells[item]?.unbind() }
    Signal.connectListItem(factory.raw, "teardown") { [weak self] item in
      self?.cells[item]?.tearDown()
      self?.cells[item] = nil
    }
  }

  /// The cells currently showing memes (tests and the context menu look at them).
  package var boundCells: [Cell] { Array(cells.values) }

  private func setUp(_ item: OpaquePointer) {
    let cell = makeCell()
    gtk_list_item_set_child(gtkkit_list_item(item.raw), cell.widget)
    cells[item] = cell
  }

  private func bind(_ item: OpaquePointer) {
    guard let cell = cells[item], let object = gtk_list_item_get_item(gtkkit_list_item(item.raw)),
      let id = SentMemeList.id(ofItem: object), let meme = list.meme(id: id)
    else { return }
    cell.bind(meme)
  }
}
