// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GLibSupport
import GtkKit

/// The context menu over a meme: a secondary click on a row or tile, or the Menu key (Shift+F10)
/// for the selected meme. Its items are the window's actions: the meme clicked is selected and
/// focused first, and while the menu is open they act on that meme (`memeID`), even if the
/// selection changes under the menu.
final class SentMemesContextMenu {
  private unowned let host: any SentMemesHost
  /// The menu of each view, parented to the view it opens over.
  private(set) var menus: [SentMemesWindow.Tab: UnsafeMutablePointer<GtkWidget>] = [:]
  /// The meme the menu was opened on, while it is open.
  private(set) var memeID: Int64?

  init(host: any SentMemesHost) {
    self.host = host
  }

  func show(
    for id: Int64, in tab: SentMemesWindow.Tab, over widget: UnsafeMutablePointer<GtkWidget>, x: Double,
    y: Double
  ) {
    guard host.memes.list.index(of: id) != nil else { return }
    host.select(id: id, in: tab)
    let view = host.view(for: tab)
    var viewX = 0.0
    var viewY = 0.0
    guard gtk_widget_translate_coordinates(widget, view, x, y, &viewX, &viewY) != 0 else { return }
    popUp(for: id, in: tab, at: GdkRectangle(x: Int32(viewX), y: Int32(viewY), width: 1, height: 1))
  }

  /// The Menu key: the menu points at the selected row or tile (or the view's middle if scrolled away).
  func showForSelection() {
    guard let meme = host.selectedMeme else { return }
    let tab = host.currentTab
    let view = host.view(for: tab)
    var rectangle = GdkRectangle(
      x: Int32(view.width) / 2, y: Int32(view.height) / 2, width: 1, height: 1)
    if let cell = host.boundCells(in: tab).first(where: { $0.id == meme.id }),
      let bounds = WidgetTree.bounds(of: cell.widget, in: view)
    {
      rectangle = GdkRectangle(
        x: Int32(bounds.x + bounds.width / 2), y: Int32(bounds.y + bounds.height / 2), width: 1, height: 1)
    }
    popUp(for: meme.id, in: tab, at: rectangle)
  }

  private func popUp(for id: Int64, in tab: SentMemesWindow.Tab, at rectangle: GdkRectangle) {
    let menu = menu(for: tab)
    memeID = id
    // Its items act on this meme (Read Text Again is for a received one only): enabled for it.
    host.updateState()
    // On the side of the point where it fits inside the window (a narrow window's last column).
    menu.popUp(atX: Double(rectangle.x), y: Double(rectangle.y))
  }

  /// Makes a view's menu with the view: a menu made at its first popup is measured before its items
  /// have found their actions and opens too short, cutting off its last item.
  func build(for tab: SentMemesWindow.Tab) {
    _ = menu(for: tab)
  }

  /// The popover of a view, parented to the view.
  private func menu(for tab: SentMemesWindow.Tab) -> UnsafeMutablePointer<GtkWidget> {
    if let menu = menus[tab] { return menu }
    let menu = Widget.popoverMenu(SentMemesMenus.contextMenu(), named: localized("Meme Menu"))
    menu.name = "meme-context-menu"
    gtk_popover_set_has_arrow(gtkkit_popover(menu), 0)
    // The menu's item runs after the menu closes, in the same event: forget the meme just after.
    Signal.connect(menu, "closed") { [weak self] in
      MainLoop.post { [weak self] in
        guard let self, !host.isDestroyed, let menu = menus[tab], !menu.isVisible else { return }
        memeID = nil
        host.updateState()
      }
    }
    // Closed and unparented while the view is disposed (the window's own "destroy" comes after
    // its children are gone).
    host.view(for: tab).attachPopover(menu)
    menus[tab] = menu
    return menu
  }
}
