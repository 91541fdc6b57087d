// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore

/// Why the sent-memes store could not do what was asked. `message` is written for the person using the
/// app: the UI shows it as is (and keeps working as an editor when the store cannot be opened).
public enum StoreError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
  /// The folder that holds the database and images could not be made or is not a folder.
  case cannotCreateDirectory(URL, reason: String)
  /// A folder of the store (its `images`) is a symbolic link, to `target`. The store does not follow
  /// it unless asked to (`SentMemeStore.init(directory:checkingLater:followingLinkedImages:)`): a
  /// restored backup or an unpacked archive can leave such a link, and the store moves and removes
  /// files in its folders.
  case linkedFolder(URL, target: String)
  /// The folder's entries could not be read.
  case cannotReadFolder(URL, reason: String)
  /// The database file exists but is not an SQLite database at all (e.g. some other file).
  case notADatabase(URL)
  /// The database file is an SQLite database whose contents are damaged.
  case corruptDatabase(URL, reason: String)
  /// A newer version of the app has changed the database in a way this version does not know.
  case createdByNewerVersion(URL)
  /// SQLite refused to open the database (read-only folder, disk full, locked, ...).
  case cannotOpen(URL, reason: String)
  /// Reading or writing the database failed after it was opened.
  case databaseFailure(reason: String)
  /// Another program (or another copy of MemeMe) held the database for writing for longer than the
  /// store waits. Nothing was changed, and trying again once it is done will work.
  case databaseBusy
  /// An image given to `save` could not be read.
  case cannotReadImage(URL, reason: String)
  /// An image file could not be written (disk full, read-only folder, ...).
  case cannotWriteFile(URL, reason: String)
  /// No visible (or, for undo, no deleted) meme has this id.
  case memeNotFound(id: Int64)

  public var message: String {
    switch self {
    case .cannotCreateDirectory(let url, let reason):
      String(format: localized("Cannot create the folder for sent memes at %@: %@"), quoted(url), reason)
    case .linkedFolder(let url, let target):
      String(
        format: localized(
          "The folder for the pictures of sent memes, %@, is a link to another folder, %@. MemeMe has not changed anything in either."
        ), quoted(url), FileNameQuoting.quoted(target))
    case .cannotReadFolder(let url, let reason):
      String(format: localized("Cannot read the folder %@: %@"), quoted(url), reason)
    case .notADatabase(let url):
      String(
        format: localized("The sent memes database at %@ is not a database file. It was left untouched."),
        quoted(url))
    case .corruptDatabase(let url, let reason):
      String(
        format: localized("The sent memes database at %@ is damaged (%@). It was left untouched."),
        quoted(url),
        reason)
    case .createdByNewerVersion(let url):
      String(
        format: localized("The sent memes database at %@ was written by a newer version of MemeMe."),
        quoted(url)
      )
    case .cannotOpen(let url, let reason):
      String(format: localized("Cannot open the sent memes database at %@: %@"), quoted(url), reason)
    case .databaseFailure(let reason):
      String(format: localized("The sent memes database failed: %@"), reason)
    case .databaseBusy:
      localized("Another program is writing to the sent memes database.")
    case .cannotReadImage(let url, let reason):
      String(format: localized("Cannot read the image %@: %@"), quoted(url), reason)
    case .cannotWriteFile(let url, let reason):
      String(format: localized("Cannot write %@: %@"), quoted(url), reason)
    case .memeNotFound(let id):
      String(format: localized("No sent meme with id %lld."), id)
    }
  }

  public var description: String { message }

  /// Paths are quoted as the command line quotes them: a name may hold a newline or escape codes.
  private func quoted(_ url: URL) -> String { FileNameQuoting.quoted(url.path) }
  public var errorDescription: String? { message }
}
