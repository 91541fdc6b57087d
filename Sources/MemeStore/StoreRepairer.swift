// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GRDB
import MemeCore

/// Start-up clean-up that never loses a meme. The database is only one file: it can go missing, be
/// emptied, or be replaced by an older copy or another store's, and then it lists none or few of the
/// image files beside it. So a file no row lists is never deleted: a whole meme (its original, rendered
/// and thumbnail files) gets its row back, anything else is moved to `lost+found`. Only the store's
/// own temporary files, which are never complete, are deleted.
///
/// It reads only the images folder. The kept pictures of stickers and panel cells are in a folder of
/// their own (`KeptStickers`), which it never lists, moves or removes from: a copy no row uses (its
/// rows lost with a database) stays where a restored database would look for it; only a purge
/// removes one.
final class StoreRepairer: Sendable {
  private let database: StoreDatabase
  /// The store's folder (where `lost+found` is made) and its images folder.
  private let folder: DurableFolder
  private let images: DurableFolder
  /// Taken exclusively while files are put right: see `StoreLock`.
  private let lock: StoreLock
  private let made: Locked<StoreRepairs>

  init(database: StoreDatabase, folder: DurableFolder, images: DurableFolder, lock: StoreLock) {
    self.database = database
    self.folder = folder
    self.images = images
    self.lock = lock
    made = Locked(
      StoreRepairs(
        lostAndFound: folder.url.appendingPathComponent(
          SentMemeStore.lostAndFoundFolderName, isDirectory: true)))
  }

  /// What the last `repair()` found wrong and put right; empty until it has run.
  var repairs: StoreRepairs { made.withLock { $0 } }

  /// Checks every row's file names and puts unlisted image files right; `repairs` then tells what it
  /// did. Slow on a large store with a cold disk cache (it lists the images folder), so the app runs
  /// it off the main thread once its first window is shown; saves, edits and purges may run meanwhile.
  func repair() throws -> StoreRepairs {
    try database.openForWriting()
    var repairs = StoreRepairs(lostAndFound: self.repairs.lostAndFound)
    // Skipped when a save (of this store or another on this folder) is writing files whose rows have
    // not committed yet; such a save waits for this to finish before writing.
    let ranExclusively = try lock.withExclusiveIfFree {
      let present = try? images.entryNames()
      // The rows are read after the folder, under the lock: every file in the listing was then
      // either committed by its save, or belongs to no row. (Read before, a save committing in
      // between would have its new files taken for lost ones.) A purge running meanwhile removes its
      // files before its rows go, so they are either still listed or no longer there to move.
      let (listed, skipped) = try readListedNames()
      repairs.skippedRowIDs = skipped
      // An unreadable folder is not worth failing over: nothing is touched.
      guard let present else { return }
      let unlisted = present.filter { !listed.contains($0) }
      images.remove(unlisted.filter { $0.hasPrefix(DurableFolder.temporaryPrefix) })
      let files = unlisted.compactMap { name in
        images.regularFileModificationDate(name).map { (name: name, modified: $0) }
      }
      guard !files.isEmpty else { return }
      let (memes, leftovers) = Self.wholeMemes(in: files)
      repairs.rebuiltMemeIDs = try rebuild(memes)
      repairs.filesSetAside = try setAside(leftovers)
    }
    if !ranExclusively { repairs.skippedRowIDs = try readListedNames().1 }
    let found = repairs
    made.withLock { $0 = found }
    return repairs
  }

  /// Every file name any row lists (plain ones only: others cannot match a file in the folder), and
  /// the rows with a name that is not plain.
  private func readListedNames() throws -> (Set<String>, [Int64]) {
    try database.reading { db in
      var listed: Set<String> = []
      var skipped: [Int64] = []
      let rows = try Row.fetchCursor(db, sql: "SELECT id, \(SentMemeDecoder.fileColumns) FROM sentMeme")
      while let row = try rows.next() {
        if let names = (try SentMemeDecoder.fileNames(in: row, from: 1)) {
          listed.formUnion(names)
        } else {
          skipped.append(row[0])
        }
      }
      // A template's files are listed too: they are no meme's, but they are not lost.
      listed.formUnion(try TemplateShelf.fileNames(in: db))
      return (listed, skipped)
    }
  }

  /// A meme that lost its row: its three files and when it was sent (as near as the files tell).
  struct OrphanedMeme {
    var names: MemeFileNames
    var sentAt: Date
  }

  /// Splits unlisted files into whole memes (exactly one file of each role with the same stem) and
  /// the rest. Memes come newest first, the order they would have had in the list.
  static func wholeMemes(in files: [(name: String, modified: Date)]) -> ([OrphanedMeme], [String]) {
    var byStem: [String: [(name: String, role: MemeFileNames.Role, modified: Date)]] = [:]
    var leftovers: [String] = []
    for file in files {
      if let (stem, role) = MemeFileNames.parse(file.name) {
        byStem[stem, default: []].append((file.name, role, file.modified))
      } else {
        leftovers.append(file.name)
      }
    }
    var memes: [OrphanedMeme] = []
    for group in byStem.values {
      let roles = Dictionary(grouping: group, by: \.role)
      guard roles.count == 3, roles.values.allSatisfy({ $0.count == 1 }),
        let original = roles[.original]?.first, let rendered = roles[.rendered]?.first,
        let thumbnail = roles[.thumbnail]?.first
      else {
        leftovers += group.map(\.name)
        continue
      }
      let names = MemeFileNames(original: original.name, rendered: rendered.name, thumbnail: thumbnail.name)
      memes.append(OrphanedMeme(names: names, sentAt: rendered.modified))
    }
    memes.sort { $0.sentAt > $1.sentAt }
    return (memes, leftovers.sorted())
  }

  /// Gives each meme a row with empty captions and the classic style, below every listed meme.
  private func rebuild(_ memes: [OrphanedMeme]) throws -> [Int64] {
    guard !memes.isEmpty else { return [] }
    let style = try SentMemeDecoder.json(for: .classic)
    return try database.writing { db in
      var position = try Int64.fetchOne(db, sql: "SELECT MAX(position) FROM sentMeme") ?? 0
      let insert = try db.cachedStatement(
        sql: """
          INSERT INTO sentMeme
            (topText, bottomText, style, sentAt, position, originalFile, renderedFile, thumbnailFile)
          VALUES ('', '', ?, ?, ?, ?, ?, ?)
          """)
      return try memes.map { meme in
        position += 1
        try insert.execute(arguments: [
          style, meme.sentAt.timeIntervalSinceReferenceDate, position, meme.names.original,
          meme.names.rendered, meme.names.thumbnail,
        ])
        return db.lastInsertedRowID
      }
    }
  }

  /// Moves `names` to `lost+found` (made 0700 when needed, and never a link); returns the names
  /// they have there.
  private func setAside(_ names: [String]) throws -> [String] {
    guard !names.isEmpty else { return [] }
    let lostAndFound = try folder.subfolder(SentMemeStore.lostAndFoundFolderName)
    return names.compactMap { images.move($0, into: lostAndFound) }
  }
}
