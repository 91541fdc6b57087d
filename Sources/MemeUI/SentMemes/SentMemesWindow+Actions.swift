// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import GtkKit
import MemeStore

/// The window's `win.` actions. Each handler checks its preconditions first: an action can come
/// from a shortcut, a menu, a button or a test.
extension SentMemesWindow {
  func addActions() {
    SentMemesAction.add(to: actions) { [weak self] action in self?.perform(action) }
  }

  private func perform(_ action: SentMemesAction) {
    switch action {
    case .add: onAdd()
    case .collect: collecting.chooseAndCollect()
    case .paste: collecting.paste()
    case .readTextAgain: if let meme = targetMeme, meme.isReceived { onReadTextAgain(meme) }
    case .openMeme:
      if let meme = targetMeme, let position = memes.list.index(of: meme.id) { open(at: position) }
    case .delete: if let meme = targetMeme { deletion.delete(id: meme.id) }
    case .undo: deletion.undo()
    case .dismissUndo: deletion.purgePending()
    case .moveUp: reordering.move(targetMeme, by: -1)
    case .moveDown: reordering.move(targetMeme, by: 1)
    case .search: searching.start()
    case .clearSearch: searching.stop()
    case .showList: currentTab = .list
    case .showGrid: currentTab = .grid
    case .contextMenu: contextMenu.showForSelection()
    case .close: gtk_window_close(gtkkit_window(window))
    }
  }

  /// The meme an action acts on: the one the context menu was opened on while it is open, else the
  /// selected one.
  var targetMeme: SentMeme? {
    contextMenu.memeID.flatMap { memes.list.meme(id: $0) } ?? selectedMeme
  }

  package func open(at position: Int) {
    guard let meme = memes.list.meme(at: position) else { return }
    selection.selectedPosition = position
    onOpen(meme.id, currentTab)
  }
}
