// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeStore

/// Bytes as the store's database file: opening must refuse it with a `StoreError` or succeed, and
/// then listing, counting, paging, fetching every meme and the repair after launch must return rows
/// or throw, never crash.
enum StoreDecodingTarget {
  static func run(_ bytes: UnsafeRawBufferPointer) throws(FuzzFinding) {
    let folder = ScratchFolder.fresh("store")
    let database = folder.appendingPathComponent(SentMemeStore.databaseFileName)
    guard (try? Data(bytes).write(to: database)) != nil else { return }
    guard let store = try? SentMemeStore(directory: folder) else { return }
    _ = try? store.count()
    if let ids = try? store.memeIDs() { _ = try? store.memes(ids: Array(ids.prefix(50))) }
    guard let memes = try? store.allMemes() else { return }
    for meme in memes.prefix(50) {
      _ = try? store.meme(id: meme.id)
    }
    _ = try? store.repair()
  }
}
