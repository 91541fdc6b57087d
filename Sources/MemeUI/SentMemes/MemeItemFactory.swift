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
  /// The bound meme's details changed (an edited description): what names it follows, the
  /// thumbnail stays.
  func showDetails(of meme: SentMeme)
  func unbind()
  /// The view is done with the cell (its widget may already be gone): forget pending work only.
  func tearDown()
}

extension MemeCell {
  package func showDetails(of meme: SentMeme) {
    setAccessibleName(meme.accessibleName)
    thumbnail.showDetails(of: meme)
  }

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

/// A GtkSignalListItemFactory whose items are Swift cells, bound to the meme at their item's place in
/// `SentMemeList`.
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
  /// The items of cells that were off screen when the list was replaced, and still show the memes
  /// at their places before (see `rebindBoundCells`).
  private var staleItems: Set<OpaquePointer> = []

  init(list: SentMemeList, makeCell: @escaping () -> Cell) {
    self.list = list
    self.makeCell = makeCell
    factory = ObjectOwner(taking: gtk_signal_list_item_factory_new())
    Signal.connectListItem(factory.raw, "setup") { [weak self] item in self?.setUp(item) }
    Signal.connectListItem(factory.raw, "bind") { [weak self] item in self?.bind(item) }
    Signal.connectListItem(factory.raw, "unbind") { [weak self] item in
      self?.staleItems.remove(item)
      self?.cells[item]?.unbind()
    }
    Signal.connectListItem(factory.raw, "teardown") { [weak self] item in
      self?.staleItems.remove(item)
      self?.cells[item]?.tearDown()
      self?.cells[item] = nil
    }
    list.onPlacesReplaced(by: self) { $0.rebindBoundCells() }
    list.onDetailsChanged(by: self) { factory, meme in
      for cell in factory.cells.values where cell.memeID == meme.id { cell.showDetails(of: meme) }
    }
  }

  /// The cells currently showing memes (tests and the context menu look at them).
  package var boundCells: [Cell] { Array(cells.values) }

  /// Rebinds the cells left stale as soon as `view` scrolls, before GTK lays out the ones it brings
  /// on screen. `view` must already be in its scrolled window (which gives it its adjustment).
  func rebindStaleCells(whenScrolling view: Widget) {
    view.onScroll { [weak self] in self?.rebindStaleCells() }
  }

  private func setUp(_ item: OpaquePointer) {
    let cell = makeCell()
    ListItem(item).child = cell.widget
    cells[item] = cell
    // Shown without a scroll (the window grew): rebound before the next frame.
    Signal.connect(cell.widget, "map") { [weak self] in
      guard let self, staleItems.contains(item) else { return }
      MainLoop.post { [weak self] in self?.rebindStaleCells() }
    }
  }

  /// The bound cells with the place each shows (tests compare them with the list).
  package var boundPlaces: [(position: Int, cell: Cell)] {
    cells.compactMap { item, cell in
      guard cell.memeID != nil, let position = ListItem(item).position else { return nil }
      return (position, cell)
    }
  }

  private func bind(_ item: OpaquePointer) {
    staleItems.remove(item)
    guard let cell = cells[item], let meme = meme(at: item) else { return }
    cell.bind(meme)
  }

  /// The meme at the place `item` stands for; nil while GTK holds the item unbound.
  private func meme(at item: OpaquePointer) -> SentMeme? {
    ListItem(item).position.flatMap(list.meme(at:))
  }

  /// After the list was replaced, the cells GTK keeps bound show the memes now at their places:
  /// those on screen at once, the others (GTK's grid keeps thirty rows of tiles) after the frame
  /// that shows the new memes, unless a scroll needs them first.
  private func rebindBoundCells() {
    for (item, cell) in cells where cell.memeID != nil {
      if cell.widget.isMapped { rebind(item, cell) } else { staleItems.insert(item) }
    }
    guard !staleItems.isEmpty else { return }
    MainLoop.post(.afterFrames) { [weak self] in self?.rebindStaleCells() }
  }

  private func rebindStaleCells() {
    let items = staleItems
    staleItems = []
    for item in items {
      if let cell = cells[item] { rebind(item, cell) }
    }
  }

  private func rebind(_ item: OpaquePointer, _ cell: Cell) {
    guard let meme = meme(at: item) else { return cell.unbind() }
    if meme.id != cell.memeID { cell.bind(meme) }
  }
}
