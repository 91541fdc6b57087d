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
    case .openMeme:
      if let meme = targetMeme, let position = memes.list.index(of: meme.id) { open(at: position) }
    case .delete: if let meme = targetMeme { deletion.delete(id: meme.id) }
    case .undo: deletion.undo()
    case .dismissUndo: deletion.purgePending()
    case .moveUp: moveSelected(by: -1)
    case .moveDown: moveSelected(by: 1)
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

  // MARK: - Reordering

  private func moveSelected(by offset: Int) {
    guard !searching.refusesToReorder() else { return }
    guard let meme = targetMeme, let position = memes.list.index(of: meme.id) else { return }
    move(id: meme.id, to: position + offset)
  }

  /// Moves a meme (persisted) and keeps it selected, focused and in view.
  func move(id: Int64, to index: Int) {
    guard index >= 0, index < memes.list.count, memes.move(id: id, to: index) != nil else { return }
    select(id: id)
  }

  /// A row was dropped onto another row: the dragged meme takes the target's place above or below it.
  func drop(_ dragged: Int64, onto target: Int64, below: Bool) {
    guard dragged != target, !searching.refusesToReorder(), let from = memes.list.index(of: dragged),
      let onto = memes.list.index(of: target)
    else { return }
    var index = below ? onto + 1 : onto
    if from < index { index -= 1 }  // the dragged row leaves a gap above the target
    move(id: dragged, to: index)
  }
}
