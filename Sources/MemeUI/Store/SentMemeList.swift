// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GtkKit
import MemeStore

/// The sent memes in the user's order, as one GListModel that the List and the Grid share.
///
/// Swift cannot cheaply subclass GObject, so the model is a GtkStringList of meme ids and the memes
/// live in a Swift dictionary: a view's factory reads the id of the item it binds and looks it up.
package final class SentMemeList {
  /// The `GtkStringList *` (views take their own references).
  private let owner = ObjectOwner(taking: gtk_string_list_new(nil))
  private(set) var ids: [Int64] = []
  private var memes: [Int64: SentMeme] = [:]
  /// Called after every change to the list (insertions, removals, moves, replacements).
  var onChange: () -> Void = {}

  init() {}

  /// The `GtkStringList *` the views show.
  var model: ObjectOwner { owner }
  /// `GListModel *` view of `model`.
  var listModel: OpaquePointer { gtkkit_list_model(owner.raw) }
  package var count: Int { ids.count }
  var isEmpty: Bool { ids.isEmpty }

  func meme(id: Int64) -> SentMeme? { memes[id] }

  func meme(at position: Int) -> SentMeme? {
    ids.indices.contains(position) ? memes[ids[position]] : nil
  }

  func index(of id: Int64) -> Int? { ids.firstIndex(of: id) }

  /// The meme id an item of `model` stands for (a `GtkStringObject` holding the id).
  static func id(ofItem item: gpointer) -> Int64? {
    guard let string = gtk_string_object_get_string(gtkkit_string_object(item)) else { return nil }
    return Int64(String(cString: string))
  }

  // MARK: - Changes

  /// Replaces everything, e.g. with the store's list at launch.
  func replaceAll(with newMemes: [SentMeme]) {
    let removed = ids.count
    ids = newMemes.map(\.id)
    memes = Dictionary(newMemes.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
    splice(at: 0, removing: removed, inserting: ids)
  }

  func insert(_ meme: SentMeme, at index: Int) {
    let index = min(max(index, 0), ids.count)
    memes[meme.id] = meme
    ids.insert(meme.id, at: index)
    splice(at: index, removing: 0, inserting: [meme.id])
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
    guard memes[meme.id] != nil else { return }
    memes[meme.id] = meme
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
