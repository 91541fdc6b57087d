// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GRDB
import MemeCore

/// How every save writes: files first, each created inside the images folder and synced, then the rows
/// in one commit, so a crash at any point leaves either all of it or no row at all. Memes and
/// templates are written the same way.
struct StoreFileWriter: Sendable {
  let database: StoreDatabase
  let images: DurableFolder
  /// Where the stickers' and panel cells' pictures are kept, as the rows using them commit (see
  /// `committing`).
  let stickers: KeptStickers
  /// Held shared while files are written and until their rows commit (see `writeThenCommit`).
  let lock: StoreLock

  /// Saves `drafts` (memes or templates) in one transaction: their styles coded and their stickers'
  /// and cells' pictures kept first (nothing is written when either fails), then each draft's files written and
  /// synced (`filesOf`), then `insert` commits the rows of the drafts as stored, with their style
  /// columns and file names (see `writeThenCommit`).
  func save<Draft: MemeContentHolder, Names, Saved>(
    _ drafts: [Draft], filesOf: (Draft) throws -> (Names, [(Data, String)]), names: ([Names]) -> [String],
    lookingIn place: (table: String, column: String),
    insert: (_ stored: [Draft], _ stickerFiles: [KeptStickers.File], _ styles: [String], _ files: [Names])
      throws
      -> [Saved]
  ) throws -> [Saved] {
    guard !drafts.isEmpty else { return [] }
    let styles = try Self.styleColumns(drafts.map { $0.content.captions.style })
    let (stored, stickerFiles) = try storingStickers(of: drafts)
    return try writeThenCommit(
      files: { try writeSynced(drafts, filesOf: filesOf) }, names: names, lookingIn: place,
      commit: { try insert(stored, stickerFiles, styles, $0) })
  }

  /// No file is written for a row that could not go into the database (the file is checked first).
  /// A shared lock is held throughout: another store opening on this folder must not clean up the
  /// files before the rows that refer to them commit. A failed commit (the disk is full) must not
  /// leave files that no row lists (the next open would rebuild memes the user was told were not
  /// kept): they are removed unless `lookingIn`'s table and column list the first of `names`.
  func writeThenCommit<Files, Saved>(
    files write: () throws -> [Files], names: ([Files]) -> [String],
    lookingIn place: (table: String, column: String),
    commit: ([Files]) throws -> Saved
  ) throws -> Saved {
    try database.openForWriting()
    return try lock.withShared {
      let files = try write()
      do {
        return try commit(files)
      } catch {
        removeIfNotCommitted(names(files), lookingIn: place)
        throw error
      }
    }
  }

  /// Removes files written for a transaction that did not commit; `names[0]` is looked for in
  /// `place`, which tells for all of them (a transaction commits whole or not at all). Whether a
  /// commit happened can be uncertain after an I/O error, so the database is asked; when it cannot
  /// answer the files stay, and the next open rebuilds their memes.
  func removeIfNotCommitted(_ names: [String], lookingIn place: (table: String, column: String)) {
    guard let probe = names.first else { return }
    let listed = try? database.reading { db in
      try Int.fetchOne(
        db, sql: "SELECT COUNT(*) FROM \(place.table) WHERE \(place.column) = ?", arguments: [probe])
    }
    if listed == 0 { images.remove(names) }
  }

  /// Writes the files `filesOf` gives for each draft (its names, and each file's bytes and name), one
  /// draft at a time, each file synced, then syncs the folder once, and returns the names. On failure
  /// removes what it wrote (nothing refers to those files yet) and throws.
  func writeSynced<Draft, Names>(_ drafts: [Draft], filesOf: (Draft) throws -> (Names, [(Data, String)]))
    throws
    -> [Names]
  {
    var written: [String] = []
    do {
      let names = try drafts.map { draft in
        let (names, files) = try filesOf(draft)
        for (data, name) in files {
          try images.write(data, named: name)
          written.append(name)
        }
        return names
      }
      try images.sync()
      return names
    } catch {
      images.remove(written)
      throw error
    }
  }

  /// `drafts` with their layers and panels as the store keeps them, and the pictures to keep for
  /// their stickers and cells (see `KeptStickers.storing`). Called before any file is written: a
  /// picture that cannot be read fails the save with nothing written.
  func storingStickers<Draft: MemeContentHolder>(of drafts: [Draft]) throws -> ([Draft], [KeptStickers.File])
  {
    var stored = drafts
    var stickerFiles: [KeptStickers.File] = []
    for index in stored.indices {
      let (content, kept) = try stickers.storing(stored[index].content)
      stored[index].content = content
      stickerFiles += kept
    }
    return (stored, stickerFiles)
  }

  /// Runs `insert` in one write transaction after keeping `stickerFiles` (`KeptStickers.keep`): the
  /// copies are on disk, synced, before the rows that use them commit. When it does not commit, the
  /// copies it wrote that no row uses are removed again.
  func committing<Saved>(keeping stickerFiles: [KeptStickers.File], _ insert: (Database) throws -> Saved)
    throws -> Saved
  {
    let written = Locked<[String]>([])
    do {
      return try database.writing { db in
        let kept = try stickers.keep(stickerFiles)
        written.withLock { $0 = kept }
        return try insert(db)
      }
    } catch {
      stickers.removeUnused(written.withLock { $0 }, database: database)
      throw error
    }
  }

  /// Every style as its column's JSON, or a store error saying it cannot be stored.
  static func styleColumns(_ styles: [CaptionStyle]) throws -> [String] {
    try styles.map { style in
      do { return try SentMemeDecoder.json(for: style) } catch {
        throw StoreError.databaseFailure(reason: "the caption style cannot be stored: \(error)")
      }
    }
  }
}
