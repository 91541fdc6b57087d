// SPDX-License-Identifier: GPL-3.0-or-later
import MemeStore

/// Moving memes in the list: Move Up and Move Down (`win.move-up`, `win.move-down`) and a row
/// dragged onto another. The moved meme stays selected, focused and in view.
final class SentMemesReordering {
  private unowned let host: any SentMemesHost
  /// Whether a move is refused now, the user told why (see `SentMemesSearch.refusesToReorder`).
  private let refuses: () -> Bool

  init(host: any SentMemesHost, refusesWhen refuses: @escaping () -> Bool) {
    self.host = host
    self.refuses = refuses
  }

  /// Moves `meme` (the one an action acts on) `offset` places down the list.
  func move(_ meme: SentMeme?, by offset: Int) {
    guard !refuses() else { return }
    guard let meme, let position = host.memes.list.index(of: meme.id) else { return }
    move(id: meme.id, to: position + offset)
  }

  /// Moves a meme (persisted) and keeps it selected, focused and in view.
  func move(id: Int64, to index: Int) {
    let memes = host.memes
    guard index >= 0, index < memes.list.count, memes.move(id: id, to: index) != nil else { return }
    host.select(id: id, in: nil)
  }

  /// A row was dropped onto another row: the dragged meme takes the target's place above or below it.
  func drop(_ dragged: Int64, onto target: Int64, below: Bool) {
    let list = host.memes.list
    guard dragged != target, !refuses(), let from = list.index(of: dragged), let onto = list.index(of: target)
    else { return }
    var index = below ? onto + 1 : onto
    if from < index { index -= 1 }  // the dragged row leaves a gap above the target
    move(id: dragged, to: index)
  }
}
