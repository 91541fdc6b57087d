// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GRDB
import MemeCore

/// Every meme the user has sent: an SQLite database (`memes.sqlite`, WAL mode) and the image files it
/// refers to (in `images/` beside it), and the templates kept beside them. The pictures their
/// stickers were placed from, and those in a panel meme's cells, are kept once each in `stickers/`
/// (see `KeptStickers`).
///
/// Thread-safe: queries may run on the main thread while another thread saves. The list order is the
/// user's: a newly saved meme goes to the top (index 0), `move(id:toIndex:)` changes it.
///
/// Deleting is two-step so it can be undone: `delete(id:)` hides a meme, `undoDelete(id:)` brings it
/// back, `purgeDeleted()` removes hidden memes and their files for good (opening a store purges those a
/// previous run left behind).
///
/// The store opens its folders and database and hands each job to a part that owns it: reading the
/// list (`SentMemeReader`), searching it (`SentMemeSearch`), saving (`SentMemeWriter`, through
/// `StoreFileWriter`), changing saved memes (`SentMemeChanges`), templates (`TemplateShelf`), and
/// putting unlisted files right (`StoreRepairer`).
public final class SentMemeStore: Sendable {
  public static let databaseFileName = "memes.sqlite"
  public static let imagesFolderName = "images"
  public static let lostAndFoundFolderName = "lost+found"
  static let lockFileName = "memes.lock"

  /// The folder holding the database and the images folder.
  public let directory: URL
  public var databaseURL: URL { database.url }
  /// Where the images are: `directory/images`, or the folder that link led to when the store was
  /// opened `followingLinkedImages`.
  public var imagesDirectory: URL { reader.images.url }

  /// What `repair()` found wrong and put right (memes rebuilt from their files, files moved to
  /// `lost+found`, rows skipped), for the app to tell the user; empty until it has run.
  public var repairs: StoreRepairs { repairer.repairs }

  let database: StoreDatabase
  private let reader: SentMemeReader
  private let search: SentMemeSearch
  private let writer: SentMemeWriter
  private let changes: SentMemeChanges
  private let shelf: TemplateShelf
  private let repairer: StoreRepairer

  /// Where the app keeps its store: `$XDG_DATA_HOME/<appID>`, or `~/.local/share/<appID>` when
  /// XDG_DATA_HOME is unset or not an absolute path (as the XDG spec says).
  public static func defaultDirectory(
    appID: String, environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> URL {
    let base: URL
    if let dataHome = environment["XDG_DATA_HOME"], dataHome.hasPrefix("/") {
      base = URL(fileURLWithPath: dataHome, isDirectory: true)
    } else {
      let home =
        environment["HOME"].map { URL(fileURLWithPath: $0, isDirectory: true) }
        ?? FileManager.default.homeDirectoryForCurrentUser
      base = home.appendingPathComponent(".local/share", isDirectory: true)
    }
    return base.appendingPathComponent(appID, isDirectory: true)
  }

  /// Opens (creating if needed) the store in `defaultDirectory(appID:)`.
  public convenience init(appID: String) throws {
    try self.init(directory: Self.defaultDirectory(appID: appID))
  }

  /// Opens (creating if needed) the store in `directory`. Throws a `StoreError` whose `message` can be
  /// shown as is when the database cannot be used; the database file is then left untouched.
  ///
  /// The folders are made readable by their owner only (mode 0700, files 0600), and existing ones are
  /// narrowed to that.
  ///
  /// The store's folder itself may be a symbolic link (the user put all of it elsewhere). Its
  /// `images` folder being one throws `StoreError.linkedFolder` and changes nothing, unless
  /// `followingLinkedImages`: then the folder the link points to now is opened once and used, every
  /// file operation relative to it.
  ///
  /// Opening also purges memes deleted in a previous run. Image files that no row lists are put right
  /// by `repair()`, which the app runs in the background after its first frame: listing a folder of
  /// tens of thousands of files takes seconds when the disk cache is cold.
  ///
  /// With `checkingLater`, an existing database is opened read-only after the checks that cost next to
  /// nothing, and its quick integrity check (a read of the whole file) is left to `finishOpening()`,
  /// which the app runs in the background after its first frame. Nothing is written before that check
  /// has passed: every write runs it first, or waits for it, and fails as opening would have when it
  /// fails. The purge waits for it too.
  public init(directory: URL, checkingLater: Bool = false, followingLinkedImages: Bool = false) throws {
    self.directory = directory
    // Every file operation is relative to these two folders, each opened once.
    let folder = try DurableFolder.open(at: directory)
    let images = try folder.subfolder(Self.imagesFolderName, followingLink: followingLinkedImages)
    let lock = StoreLock(folder: folder, name: Self.lockFileName)
    let stickers = KeptStickers(store: folder)
    let deletions = DeletedRows(images: images, stickers: stickers)
    database = try StoreDatabase(
      url: directory.appendingPathComponent(Self.databaseFileName, isDirectory: false),
      checkingLater: checkingLater, purgeOnOpening: { _ = try deletions.purgeEverything(in: $0) })
    reader = SentMemeReader(database: database, images: images, stickers: stickers)
    search = SentMemeSearch(reader: reader)
    let files = StoreFileWriter(database: database, images: images, stickers: stickers, lock: lock)
    writer = SentMemeWriter(files: files, reader: reader)
    changes = SentMemeChanges(database: database, reader: reader, deletions: deletions)
    shelf = TemplateShelf(files: files, deletions: deletions)
    repairer = StoreRepairer(database: database, folder: folder, images: images, lock: lock)
  }

  /// Checks the database file and opens it for writing, then purges memes deleted in a previous run,
  /// unless that has been done; throws what `init(directory:)` would have thrown when the file fails
  /// the check (and then always again). Another program holding the database for writing longer than
  /// the store waits throws `StoreError.databaseBusy`, and the next call tries again. Slow on a large
  /// store with a cold disk cache: call it off the main thread. Writes call it themselves.
  public func finishOpening() throws {
    try database.openForWriting()
  }

  // MARK: The list

  /// The memes in the user's order (index 0 first), without those deleted and not yet purged.
  public func allMemes() throws -> [SentMeme] { try reader.allMemes() }

  /// The ids of the memes `allMemes()` returns, in the same order, without building the memes: a list
  /// of tens of thousands shows its first rows long before every meme could be read.
  public func memeIDs() throws -> [Int64] { try reader.memeIDs() }

  /// The memes among `ids` that exist and are not deleted, in no particular order: the rows a list
  /// is about to show, read a page at a time.
  public func memes(ids: [Int64]) throws -> [SentMeme] { try reader.memes(ids: ids) }

  /// The meme with this id, or nil if there is none or it is deleted.
  public func meme(id: Int64) throws -> SentMeme? { try reader.meme(id: id) }

  /// Another process wrote to the store (`mememe collect` beside the app): what the store keeps in
  /// memory of the list's order is read again from the file on the next query.
  public func noticeChangesFromOutside() { database.forgetVisibleOrder() }

  /// How many memes `allMemes()` would return.
  public func count() throws -> Int { try reader.count() }

  // MARK: Search

  /// The ids of the memes whose texts match `query`, in `memeIDs()` order, the first `limit` of them
  /// when given (see `SentMemeSearch`). The empty query is `memeIDs()`; no query throws a syntax error.
  /// `filter` shows only the received memes, or only the sent ones.
  public func memeIDs(matching query: String, limit: Int? = nil, filter: ReceivedFilter = .all) throws
    -> [Int64]
  {
    try search.memeIDs(matching: query, limit: limit, filter: filter)
  }

  /// How many words of a query a search reads, and how many characters of each (see `SearchQuery`):
  /// the rest are ignored.
  public static let searchedWords = SearchQuery.maximumWords
  public static let searchedWordLength = SearchQuery.maximumWordLength

  /// Whether `query` has no words (it is blank, or only punctuation): it matches every meme, so a
  /// list of its results is the whole list, in the whole list's order.
  public static func matchesEveryMeme(_ query: String) -> Bool {
    SearchQuery(query).isEmpty
  }

  // MARK: Saving

  /// Records a sent meme: its image files are written and synced to disk first, then its row commits,
  /// so a crash at any point leaves either the whole meme or no row at all. The meme goes to the top
  /// of the list. Call it off the main thread: it copies and syncs files.
  @discardableResult
  public func save(_ draft: SentMemeDraft) throws -> SentMeme {
    try save(contentsOf: [draft])[0]
  }

  /// Records several memes in one transaction, as if saved one by one in order (so the last one ends
  /// up on top). All files are synced before the single commit.
  @discardableResult
  public func save(contentsOf drafts: [SentMemeDraft]) throws -> [SentMeme] {
    try writer.save(contentsOf: drafts)
  }

  /// Replaces a meme's thumbnail (e.g. after making a new one for a missing or outdated file).
  @discardableResult
  public func replaceThumbnail(id: Int64, with thumbnail: EncodedImage) throws -> SentMeme {
    try writer.replaceThumbnail(id: id, with: thumbnail)
  }

  // MARK: Changes

  /// Moves a meme to `index` in `allMemes()` order (clamped to the list). The order persists, and
  /// deleted memes that can still be undone keep their place between their neighbours.
  public func move(id: Int64, toIndex index: Int) throws { try changes.move(id: id, toIndex: index) }

  /// Hides a meme until `undoDelete(id:)` or `purgeDeleted()`. Its files stay until it is purged.
  public func delete(id: Int64) throws { try changes.setDeleted(true, id: id) }

  /// Brings back a deleted meme that has not been purged, at its old place in the order.
  public func undoDelete(id: Int64) throws { try changes.setDeleted(false, id: id) }

  /// Removes every deleted meme's row, then its files. Returns how many memes were purged.
  @discardableResult
  public func purgeDeleted() throws -> Int { try changes.purgeDeleted() }

  /// Removes one deleted meme's row, then its files (when its undo chance has passed while other
  /// deletions can still be undone). Returns false if that meme is not deleted.
  @discardableResult
  public func purgeDeleted(id: Int64) throws -> Bool { try changes.purgeDeleted(id: id) }

  /// Replaces the description of meme `id` (nil or white space only: back to the default, its text
  /// in reading order), and its search entry with it. Returns the meme as stored now.
  @discardableResult
  public func setDescription(_ description: String?, ofMemeWithID id: Int64) throws -> SentMeme {
    try changes.setDescription(description, ofMemeWithID: id)
  }

  /// Records what was read in the picture of received meme `id` (`.nothingFound` when it has no
  /// words, so it is not read again), and its search entry with it. The meme's description, when
  /// the user has written none, is what was read (see `SentMeme.resolvedDescription`). Returns the
  /// meme as stored now.
  @discardableResult
  public func recordTextInPicture(_ text: TextInPicture, ofMemeWithID id: Int64) throws -> SentMeme {
    try changes.recordTextInPicture(text, ofMemeWithID: id)
  }

  /// The ids of the received memes whose pictures have not been read yet, in the list's order: what
  /// the app reads in the background when it starts.
  public func memesAwaitingReading() throws -> [Int64] { try changes.memesAwaitingReading() }

  /// Records that meme `id` was just saved to `file` (Meme Detail's Save As). Returns the meme as
  /// stored now.
  @discardableResult
  public func recordSavedFile(_ file: URL, ofMemeWithID id: Int64) throws -> SentMeme {
    try changes.recordSavedFile(file, ofMemeWithID: id)
  }

  // MARK: Templates

  /// The templates, most used first (then the most recently used, then the newest), without those
  /// deleted and not yet purged.
  public func templates() throws -> [MemeTemplate] { try shelf.templates() }

  /// The template with this id, or nil if there is none or it is deleted.
  public func template(id: Int64) throws -> MemeTemplate? { try shelf.template(id: id) }

  /// Keeps a template: its files are written and synced, then its row commits.
  @discardableResult
  public func saveTemplate(_ draft: MemeTemplateDraft) throws -> MemeTemplate {
    try saveTemplates(contentsOf: [draft])[0]
  }

  /// Keeps several templates in one transaction (a folder's import), files first as for memes.
  @discardableResult
  public func saveTemplates(contentsOf drafts: [MemeTemplateDraft]) throws -> [MemeTemplate] {
    try shelf.save(contentsOf: drafts)
  }

  /// Gives a template a new name (surrounding white space dropped; a blank name is refused).
  public func renameTemplate(id: Int64, to name: String) throws { try shelf.rename(id: id, to: name) }

  /// Counts one more meme started from the template, at `date`.
  public func markTemplateUsed(id: Int64, at date: Date = Date()) throws {
    try shelf.markUsed(id: id, at: date)
  }

  /// Hides a template until `undoDeleteTemplate(id:)` or a purge. Its files stay until it is purged.
  public func deleteTemplate(id: Int64) throws { try shelf.setDeleted(true, id: id) }

  /// Brings back a deleted template that has not been purged.
  public func undoDeleteTemplate(id: Int64) throws { try shelf.setDeleted(false, id: id) }

  /// Removes every deleted template's files, then its row. Returns how many were purged.
  @discardableResult
  public func purgeDeletedTemplates() throws -> Int { try shelf.purgeDeleted() }

  // MARK: Repair

  /// Checks every row's file names and puts unlisted image files right (see `StoreRepairer`);
  /// `repairs` then tells what it did. Slow on a large store: the app runs it off the main thread.
  @discardableResult
  public func repair() throws -> StoreRepairs { try repairer.repair() }

  /// Moves the damaged database in `directory` aside and rebuilds Sent Memes from what can be read
  /// of it and from the pictures (see `DamagedDatabaseRebuilder`); returns the store, opened, and what
  /// was done. Slow on a large store: call it off the main thread, with no store open on `directory`.
  public static func rebuildDamagedDatabase(in directory: URL, at date: Date = Date()) throws -> (
    SentMemeStore, DatabaseRebuild
  ) {
    try DamagedDatabaseRebuilder.rebuild(in: directory, at: date)
  }
}
