// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GtkKit
import MemeCore
import MemeEditing
import MemeStore

/// The app's store opened, and its memes' ids read in the list's order, on a background thread.
package typealias StoreOpening = BackgroundTask<Result<(store: SentMemeStore, ids: [Int64]), any Error>>

/// The app's library of sent memes: the SQLite store (`SentMemeStore`, which reads and writes the disk)
/// and the list the Sent Memes window shows.
///
/// The store is the truth; `list` mirrors it on the main thread. Saving copies and syncs files, so it
/// runs on a background thread and the list changes when it is done. Deleting is undoable until
/// `purge` (the store hides a deleted meme and keeps its files until then).
///
/// Shared memes are saved one after another, in the order they were shared. When another program
/// keeps the database busy, a meme waits and is saved once it is free (`BusyStoreRetry`); the user
/// hears of it only when that takes long.
package final class SentMemesLibrary: SentMemeSink {
  let store: SentMemeStore
  package let list: SentMemeList
  /// Called after a shared meme has been saved and put at the top of the list.
  var onSaved: (SentMeme) -> Void = { _ in }
  /// Called with a message for the user when the store fails after opening.
  var onError: (_ title: String, _ message: String) -> Void = { _, _ in }
  /// Shared memes not in the store yet, oldest first: the first is being saved or waits for a busy
  /// database.
  private var unsaved: [SentMemeDraft] = []
  private var isSavingFirst = false
  private let saveRetry = BusyStoreRetry()
  private let checkRetry = BusyStoreRetry()
  /// Whether the user was told that a meme waits for a busy database (once until one is saved).
  private var hasToldBusy = false
  /// How long a meme waits for a busy database before the user is told.
  var busyNoticeDelay: TimeInterval = 60
  private var hasReportedReadError = false
  /// What the list is filtered by (see `search(_:)`); "" shows every meme.
  var searchQuery = ""
  /// Which memes the list shows by who made them (the View menu's choice): all, received ones only,
  /// or the user's own.
  var receivedFilter = ReceivedFilter.all
  /// True once the store's file failed its check after the first frame: the app then said that shared
  /// memes will not be kept, as when the store cannot be opened at all.
  private(set) var hasFailedCheck = false

  /// Reads the store's order (the memes themselves are read as the views show them). Throws a
  /// `StoreError` whose message can be shown as is.
  convenience init(store: SentMemeStore) throws {
    self.init(store: store, ids: try store.memeIDs())
  }

  /// The library of `store`, whose memes' ids in the list's order (`memeIDs()`) are `ids`.
  init(store: SentMemeStore, ids: [Int64]) {
    self.store = store
    list = SentMemeList(read: store.memes(ids:))
    list.replaceAll(with: ids)
    list.onReadError = { [weak self] error in self?.reportReadError(error) }
  }

  /// Starts opening the store in `directory` (the app's own is `$XDG_DATA_HOME/<appID>/`) and reading
  /// its order on a background thread; `open(_:)` waits for it. The store is checked after the first
  /// frame (see `open(directory:checkingLater:)`). An `images` folder that is a symbolic link is
  /// used only when it points where the user said to use (`linkedImagesFolder`, the link's text when
  /// they chose it); any other link fails the opening with `StoreError.linkedFolder`.
  ///
  /// Until the first window the main thread is busy starting GTK (connecting to the display, loading
  /// its renderer and theme) and the other core is mostly idle: the opening, tens of milliseconds
  /// with thousands of memes and a cold disk, overlaps with it instead of following it.
  package static func startOpening(directory: URL, linkedImagesFolder: String = "") -> StoreOpening {
    StoreOpening {
      Result {
        let store: SentMemeStore
        do {
          store = try SentMemeStore(directory: directory, checkingLater: true)
        } catch StoreError.linkedFolder(_, let target) where !target.isEmpty && target == linkedImagesFolder {
          store = try SentMemeStore(directory: directory, checkingLater: true, followingLinkedImages: true)
        }
        return (store, try store.memeIDs())
      }
    }
  }

  /// The library of the store `opening` opened, once it has.
  package static func open(_ opening: StoreOpening) -> Result<SentMemesLibrary, StoreError> {
    result(of: {
      let opened = try opening.wait().get()
      return SentMemesLibrary(store: opened.store, ids: opened.ids)
    })
  }

  /// With `checkingLater`, the store's quick check (a read of the whole file) waits for
  /// `finishOpening()`, which the app runs after its first frame; nothing is written before it passes.
  /// With `followingLinkedImages`, an `images` folder that is a symbolic link is used (the user chose
  /// to), every file operation relative to the folder it points to now.
  package static func open(
    directory: URL, checkingLater: Bool = false, followingLinkedImages: Bool = false
  ) -> Result<SentMemesLibrary, StoreError> {
    open {
      try SentMemeStore(
        directory: directory, checkingLater: checkingLater, followingLinkedImages: followingLinkedImages)
    }
  }

  private static func open(_ makeStore: () throws -> SentMemeStore) -> Result<SentMemesLibrary, StoreError> {
    result(of: { try SentMemesLibrary(store: try makeStore()) })
  }

  /// What `makeLibrary` made, or its error as a `StoreError` whose message can be shown as is.
  private static func result(
    of makeLibrary: () throws -> SentMemesLibrary
  ) -> Result<SentMemesLibrary, StoreError> {
    do {
      return .success(try makeLibrary())
    } catch let error as StoreError {
      return .failure(error)
    } catch {
      return .failure(.databaseFailure(reason: error.localizedDescription))
    }
  }

  // MARK: - SentMemeSink

  /// True only when nothing is stored and nothing is being saved.
  package var isEmpty: Bool { list.isEmpty && unsaved.isEmpty }
  /// Whether a shared meme is not in the store yet (being saved, or waiting for a busy database).
  package var isSaving: Bool { !unsaved.isEmpty }

  package func keep(_ meme: SharedMeme) {
    guard !hasFailedCheck else { return }
    // The bytes and the thumbnail are made: what is left is copying them in and syncing the disk.
    // The draft is made now, so a meme that has to wait keeps the time it was sent.
    unsaved.append(SentMemeDraftMaker.draft(of: meme))
    saveFirstUnsaved()
  }

  /// Saves the oldest unsaved meme on a background thread, then the next. A busy database keeps it
  /// first in line for the next try (a new share tries at once); any other failure drops it and says
  /// why.
  private func saveFirstUnsaved() {
    guard !isSavingFirst, let draft = unsaved.first else { return }
    saveRetry.cancel()
    isSavingFirst = true
    let store = store
    MainLoop.runInBackground(
      { () -> Result<SentMeme, Error> in Result { try store.save(draft) } },
      then: { [weak self] result in
        guard let self else { return }
        isSavingFirst = false
        switch result {
        case .success(let meme):
          unsaved.removeFirst()
          saveRetry.succeeded()
          hasToldBusy = false
          // While searching, the list shows the meme only if it matches.
          if isFiltered { showSearchResults() } else { list.insert(meme, at: 0) }
          onSaved(meme)
        case .failure(let error as StoreError) where error == .databaseBusy:
          saveRetry.schedule { [weak self] in self?.saveFirstUnsaved() }
          tellOnceWhenBusyLong()
          return
        case .failure(let error):
          unsaved.removeFirst()
          onError(localized("Could not keep the meme in Sent Memes"), Self.message(error))
        }
        saveFirstUnsaved()
      })
  }

  /// Says, once, that a shared meme is waiting for a database another program keeps busy, when it
  /// has waited `busyNoticeDelay`: it is kept when the database is free, unless MemeMe quits first.
  private func tellOnceWhenBusyLong() {
    guard !hasToldBusy, saveRetry.busyFor >= busyNoticeDelay else { return }
    hasToldBusy = true
    onError(
      localized("The meme is not in Sent Memes yet"),
      StoreError.databaseBusy.message + "\n\n"
        + localized(
          "MemeMe keeps trying, and adds the meme as soon as the other program is done. If MemeMe quits before then, the meme is not kept."
        ))
  }

  /// Checks the store's file and opens it for writing off the main thread (a read of the whole file),
  /// then runs `repair()`; `completion` gets what repair did (nil when it failed: everything is left
  /// as it was and the next launch tries again), or why the check failed. A file that fails the check
  /// is left as it is, and nothing more is kept in it. A database another program keeps busy has not
  /// failed: the check is tried again later (`BusyStoreRetry`), and `completion` waits for it.
  func finishOpening(then completion: @escaping (Result<StoreRepairs?, StoreError>) -> Void) {
    let store = store
    MainLoop.runInBackground(
      { () -> Result<StoreRepairs?, StoreError> in
        do {
          try store.finishOpening()
        } catch {
          return .failure(error as? StoreError ?? .databaseFailure(reason: error.localizedDescription))
        }
        return .success(try? store.repair())
      },
      then: { [weak self] result in
        if case .failure(.databaseBusy) = result, let self {
          checkRetry.schedule { [weak self] in self?.finishOpening(then: completion) }
          return
        }
        if case .failure = result { self?.hasFailedCheck = true }
        completion(result)
      })
  }

  // MARK: - Editing the list

  /// Hides a meme (undoable). Returns false when the store refused.
  @discardableResult
  func delete(id: Int64) -> Bool {
    do {
      try store.delete(id: id)
    } catch {
      onError(localized("Could not delete the meme"), Self.message(error))
      return false
    }
    list.remove(id: id)
    return true
  }

  /// Meme Detail's Edit Description: the store keeps `description` (nil: the default again) and
  /// the list the meme as stored now, which is returned; nil when the store refused (it says why).
  /// One row and its search entry: quick enough for the main thread, as a delete is.
  func setDescription(_ description: String?, ofMemeWithID id: Int64) -> SentMeme? {
    updated(localized("Could not change the description")) {
      try store.setDescription(description, ofMemeWithID: id)
    }
  }

  /// Meme Detail's Save As wrote the meme to `file`: the store records it for Show in Folder.
  func recordSavedFile(_ file: URL, ofMemeWithID id: Int64) -> SentMeme? {
    updated(localized("Could not remember where the meme was saved")) {
      try store.recordSavedFile(file, ofMemeWithID: id)
    }
  }

  private func updated(_ failure: String, _ change: () throws -> SentMeme) -> SentMeme? {
    do {
      let meme = try change()
      list.update(meme)
      return meme
    } catch {
      onError(failure, Self.message(error))
      return nil
    }
  }

  /// Brings deleted memes back where they were. The store knows their places (other memes may have
  /// moved since), so the order is read again off the main thread; `completion` runs when the list
  /// shows them.
  func undoDelete(ids: [Int64], completion: @escaping () -> Void = {}) {
    var restored: [Int64] = []
    for id in ids {
      do {
        try store.undoDelete(id: id)
        restored.append(id)
      } catch {
        onError(localized("Could not restore the meme"), Self.message(error))
      }
    }
    guard !restored.isEmpty else { return completion() }
    let store = store
    // The order of what the list shows: the current search's results, which the memes rejoin.
    let query = searchQuery
    let filter = receivedFilter
    MainLoop.runInBackground(
      { Result { try store.memeIDs(matching: query, filter: filter) } },
      then: { [weak self] result in
        guard let self else { return }
        switch result {
        case .success where query != searchQuery || filter != receivedFilter: showSearchResults()
        case .success(let order): restore(restored, from: order)
        case .failure(let error): onError(localized("Could not restore the meme"), Self.message(error))
        }
        completion()
      })
  }

  /// Inserts `restored` at their places in `order` (the store's). When the rest of the list no
  /// longer matches the store's, the whole list is replaced instead.
  private func restore(_ restored: [Int64], from order: [Int64]) {
    let wanted = Set(restored)
    guard order.filter({ !wanted.contains($0) }) == list.ids else { return list.replaceAll(with: order) }
    for (index, id) in order.enumerated() where wanted.contains(id) {
      list.insert(id: id, at: index)
    }
  }

  /// Adds memes the store's repair rebuilt at the end of the list, where the store put them (below
  /// every other meme, in the order given).
  func listRebuilt(_ ids: [Int64]) {
    // Their captions are empty: no search finds them.
    guard !isFiltered else { return }
    for id in ids where list.index(of: id) == nil { list.insert(id: id, at: list.count) }
  }

  /// Removes deleted memes and their files for good, off the main thread.
  func purge(ids: [Int64]) {
    guard !ids.isEmpty else { return }
    let store = store
    MainLoop.runInBackground(
      {
        for id in ids { _ = try? store.purgeDeleted(id: id) }
      }, then: { _ in })
  }

  /// Moves a meme to `index` in the list; the order persists. Returns the new index.
  @discardableResult
  func move(id: Int64, to index: Int) -> Int? {
    // A place in the results is no place in the whole list (see `isFiltered`).
    guard !isFiltered, list.index(of: id) != nil else { return nil }
    let target = min(max(index, 0), list.count - 1)
    do {
      try store.move(id: id, toIndex: target)
    } catch {
      onError(localized("Could not move the meme"), Self.message(error))
      return nil
    }
    return list.move(id: id, to: target)
  }

  /// Said once: a store that cannot be read fails again for every row a view shows.
  private func reportReadError(_ error: any Error) {
    guard !hasReportedReadError else { return }
    hasReportedReadError = true
    onError(localized("Could not read Sent Memes"), Self.message(error))
  }

  static func message(_ error: Error) -> String {
    (error as? StoreError)?.message ?? (error as? ImageError).map { "\($0.reason)" }
      ?? error.localizedDescription
  }
}
