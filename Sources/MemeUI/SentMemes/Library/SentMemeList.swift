// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import MemeStore

/// The sent memes in the user's order, as one GListModel that the List and the Grid share.
///
/// The model is a `PlaceList`, whose items stand only for places in the list, and the memes live
/// here: a view's factory binds the item at a position to the meme `ids` has there.
///
/// Insertions, removals and moves change the model where the list changes, as any list model does.
/// Replacing everything (a search typed, a search cleared) does not: GTK 4.8's views would destroy
/// every row and tile they hold (up to thirty rows of the Grid's widest layout) and build new ones,
/// about a third of a second with a few hundred results. The model only grows or shrinks at its end,
/// and the views' cells already built are told to show the memes now at their places
/// (`onPlacesReplaced`). Its places cost nothing each, so that growing or shrinking by a hundred
/// thousand is as quick as by one.
///
/// Only the ids are held for every meme. A meme's details are read from the store when a view first
/// asks for it, a page of neighbours at a time, and only the most recently read pages are kept: tens
/// of thousands of memes cost a few hundred kilobytes until they are scrolled to.
package final class SentMemeList {
  /// Memes read per page: a screenful of grid tiles and then some, in one query.
  let pageSize: Int
  /// Reads kept before the oldest is forgotten (a page, or a meme inserted or updated).
  let keptReads: Int

  private let places = PlaceList()
  private(set) var ids: [Int64] = []
  /// Reads the details of the memes with these ids (missing or deleted ones are left out).
  private let read: ([Int64]) throws -> [SentMeme]
  private var memes: [Int64: SentMeme] = [:]
  /// The ids of each read, oldest first, for forgetting.
  private var reads: [[Int64]] = []
  /// Called after every change to the list (insertions, removals, moves, replacements).
  var onChange: () -> Void = {}
  /// Called when reading memes from the store fails; the rows stay empty until asked for again.
  var onReadError: (any Error) -> Void = { _ in }
  /// Called after `replaceAll`, once per view's factory: the cells already showing memes must show
  /// the ones now at their places.
  private var placesReplacedHandlers: [() -> Void] = []
  private var detailsChangedHandlers: [(SentMeme) -> Void] = []

  /// `read` fetches the details of memes by id: the store's `memes(ids:)`.
  init(pageSize: Int = 128, keptReads: Int = 16, read: @escaping ([Int64]) throws -> [SentMeme]) {
    self.pageSize = max(pageSize, 1)
    self.keptReads = max(keptReads, 1)
    self.read = read
  }

  /// The `GListModel *` the views show (they take their own references).
  var model: ObjectOwner { places.owner }
  /// `GListModel *` view of `model`.
  var listModel: OpaquePointer { gtkkit_list_model(places.owner.raw) }
  package var count: Int { ids.count }
  var isEmpty: Bool { ids.isEmpty }
  /// Memes whose details are held right now (the rest are read when asked for).
  var loadedCount: Int { memes.count }

  /// The meme, read from the store with its page when it is not held.
  func meme(id: Int64) -> SentMeme? {
    if let meme = memes[id] { return meme }
    guard let position = index(of: id) else { return nil }
    readPage(containing: position)
    return memes[id]
  }

  func meme(at position: Int) -> SentMeme? {
    ids.indices.contains(position) ? meme(id: ids[position]) : nil
  }

  func index(of id: Int64) -> Int? { ids.firstIndex(of: id) }

  /// Calls `handler` after every `replaceAll`, while `owner` lives (a view's factory).
  func onPlacesReplaced<Owner: AnyObject>(by owner: Owner, _ handler: @escaping (Owner) -> Void) {
    placesReplacedHandlers.append { [weak owner] in
      if let owner { handler(owner) }
    }
  }

  /// Calls `handler` with a meme whose details `update` changed, while `owner` lives (a view's
  /// factory, whose cells name the meme by its description).
  func onDetailsChanged<Owner: AnyObject>(by owner: Owner, _ handler: @escaping (Owner, SentMeme) -> Void) {
    detailsChangedHandlers.append { [weak owner] meme in
      if let owner { handler(owner, meme) }
    }
  }

  private func readPage(containing position: Int) {
    let start = position - position % pageSize
    let page = ids[start..<min(start + pageSize, ids.count)].filter { memes[$0] == nil }
    do {
      keep(try read(page))
    } catch {
      onReadError(error)
    }
  }

  /// Holds `newMemes` as one read, forgetting the oldest reads beyond `keptReads`.
  private func keep(_ newMemes: [SentMeme]) {
    guard !newMemes.isEmpty else { return }
    for meme in newMemes { memes[meme.id] = meme }
    reads.append(newMemes.map(\.id))
    while reads.count > keptReads {
      for id in reads.removeFirst() { memes[id] = nil }
    }
  }

  // MARK: - Changes

  /// Replaces everything, e.g. with the store's ids at launch or a search's results. Details already
  /// read are kept for the ids that stay.
  ///
  /// The model changes only at its end, by the difference in length; the views' cells over the
  /// places kept are rebound by `onPlacesReplaced`'s handlers.
  func replaceAll(with newIDs: [Int64]) {
    let oldCount = ids.count
    ids = newIDs
    let kept = Set(newIDs)
    memes = memes.filter { kept.contains($0.key) }
    reads = reads.map { $0.filter(kept.contains) }.filter { !$0.isEmpty }
    let shared = min(oldCount, newIDs.count)
    splice(at: shared, removing: oldCount - shared, inserting: newIDs.count - shared, announcing: false)
    for handler in placesReplacedHandlers { handler() }
    onChange()
  }

  func insert(_ meme: SentMeme, at index: Int) {
    let index = min(max(index, 0), ids.count)
    keep([meme])
    ids.insert(meme.id, at: index)
    splice(at: index, removing: 0, inserting: 1)
  }

  /// Inserts a meme known only by its id; its details are read when a view shows it.
  func insert(id: Int64, at index: Int) {
    let index = min(max(index, 0), ids.count)
    ids.insert(id, at: index)
    splice(at: index, removing: 0, inserting: 1)
  }

  /// Removes the meme; returns where it was.
  @discardableResult
  func remove(id: Int64) -> Int? {
    guard let index = index(of: id) else { return nil }
    ids.remove(at: index)
    memes[id] = nil
    splice(at: index, removing: 1, inserting: 0)
    return index
  }

  /// Moves the meme to `index` (clamped); returns its new index.
  @discardableResult
  func move(id: Int64, to index: Int) -> Int? {
    guard let from = self.index(of: id) else { return nil }
    let to = min(max(index, 0), ids.count - 1)
    guard from != to else { return to }
    ids.remove(at: from)
    ids.insert(id, at: to)
    // One splice over the affected range: a single items-changed signal for the views.
    let low = min(from, to)
    let high = max(from, to)
    splice(at: low, removing: high - low + 1, inserting: high - low + 1)
    return to
  }

  /// Replaces a meme's stored details (a new thumbnail file) without changing the order.
  func update(_ meme: SentMeme) {
    guard index(of: meme.id) != nil else { return }
    if memes[meme.id] != nil { memes[meme.id] = meme } else { keep([meme]) }
    for handler in detailsChangedHandlers { handler(meme) }
  }

  /// Puts `added` places in place of `removals` at `position`.
  private func splice(at position: Int, removing removals: Int, inserting added: Int, announcing: Bool = true)
  {
    places.splice(at: position, removing: removals, inserting: added)
    if announcing { onChange() }
  }
}
