// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import MemeStore

/// The sent memes in the user's order, as one GListModel that the List and the Grid share.
///
/// Swift cannot cheaply subclass GObject, so the model is a GtkStringList of meme ids (GTK makes an
/// item object only when a view asks for it) and the memes live in a Swift dictionary: a view's
/// factory reads the id of the item it binds and looks it up.
///
/// Only the ids are held for every meme. A meme's details are read from the store when a view first
/// asks for it, a page of neighbours at a time, and only the most recently read pages are kept: tens
/// of thousands of memes cost a few hundred kilobytes until they are scrolled to.
package final class SentMemeList {
  /// Memes read per page: a screenful of grid tiles and then some, in one query.
  let pageSize: Int
  /// Reads kept before the oldest is forgotten (a page, or a meme inserted or updated).
  let keptReads: Int

  /// The `GtkStringList *` (views take their own references).
  private let owner = ObjectOwner(taking: gtk_string_list_new(nil))
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

  /// `read` fetches the details of memes by id: the store's `memes(ids:)`.
  init(pageSize: Int = 128, keptReads: Int = 16, read: @escaping ([Int64]) throws -> [SentMeme]) {
    self.pageSize = max(pageSize, 1)
    self.keptReads = max(keptReads, 1)
    self.read = read
  }

  /// The `GtkStringList *` the views show.
  var model: ObjectOwner { owner }
  /// `GListModel *` view of `model`.
  var listModel: OpaquePointer { gtkkit_list_model(owner.raw) }
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

  /// The meme id an item of `model` stands for (a `GtkStringObject` holding the id).
  static func id(ofItem item: gpointer) -> Int64? {
    guard let string = gtk_string_object_get_string(gtkkit_string_object(item)) else { return nil }
    return Int64(String(cString: string))
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

  /// Replaces everything, e.g. with the store's ids at launch. Details already read are kept for the
  /// ids that stay.
  func replaceAll(with newIDs: [Int64]) {
    let removed = ids.count
    ids = newIDs
    let kept = Set(newIDs)
    memes = memes.filter { kept.contains($0.key) }
    reads = reads.map { $0.filter(kept.contains) }.filter { !$0.isEmpty }
    splice(at: 0, removing: removed, inserting: ids)
  }

  func insert(_ meme: SentMeme, at index: Int) {
    let index = min(max(index, 0), ids.count)
    keep([meme])
    ids.insert(meme.id, at: index)
    splice(at: index, removing: 0, inserting: [meme.id])
  }

  /// Inserts a meme known only by its id; its details are read when a view shows it.
  func insert(id: Int64, at index: Int) {
    let index = min(max(index, 0), ids.count)
    ids.insert(id, at: index)
    splice(at: index, removing: 0, inserting: [id])
  }

  /// Removes the meme; returns where it was.
  @discardableResult
  func remove(id: Int64) -> Int? {
    guard let index = index(of: id) else { return nil }
    ids.remove(at: index)
    memes[id] = nil
    splice(at: index, removing: 1, inserting: [])
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
    splice(at: low, removing: high - low + 1, inserting: Array(ids[low...high]))
    return to
  }

  /// Replaces a meme's stored details (a new thumbnail file) without changing the order.
  func update(_ meme: SentMeme) {
    guard index(of: meme.id) != nil else { return }
    if memes[meme.id] != nil { memes[meme.id] = meme } else { keep([meme]) }
  }

  private func splice(at position: Int, removing removals: Int, inserting added: [Int64]) {
    // strdup'd C strings: gtk_string_list_splice copies them, so they are freed right after.
    var strings: [UnsafeMutablePointer<CChar>?] = added.map { strdup(String($0)) } + [nil]
    defer { for string in strings { free(string) } }
    strings.withUnsafeMutableBufferPointer { buffer in
      let array = UnsafeRawPointer(buffer.baseAddress!).assumingMemoryBound(to: UnsafePointer<CChar>?.self)
      gtk_string_list_splice(owner.opaque, guint(position), guint(removals), array)
    }
    onChange()
  }
}
