// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation
import GLibSupport
import GtkKit
import MemeStore

/// The offer made when the store's database is damaged (SQLite finds a damaged page, or the file
/// is not a database at all): one bad page would otherwise make every meme unavailable. Rebuild
/// Sent Memes moves the damaged file aside, never deleting it, and rebuilds the list from the rows
/// that still read and from the memes' pictures (`SentMemeStore.rebuildDamagedDatabase(in:)`). Until
/// then nothing in the store's folder is touched.
struct DamagedStoreQuestion {
  static let dialogName = "damaged-store-question"

  /// The store's folder (the database's parent).
  let storeFolder: URL
  /// What the store said, naming the database and the damage.
  let message: String

  /// The answers, by their response ids.
  enum Answer: String {
    case notNow = "not-now"
    case rebuild
  }

  /// The question for `error`, when it says the database is damaged.
  init?(_ error: StoreError) {
    switch error {
    case .corruptDatabase(let database, _), .notADatabase(let database):
      storeFolder = database.deletingLastPathComponent()
      message = error.message
    default: return nil
    }
  }

  /// Asks over `parent`; Enter, Escape or closing the dialog answer Not Now.
  @discardableResult
  func ask(over parent: UnsafeMutablePointer<GtkWindow>?, answer: @escaping (Answer) -> Void) -> MessageDialog
  {
    MessageDialog.ask(
      parent: parent, named: Self.dialogName,
      heading: localized("Sent Memes are damaged"),
      body: message + "\n\n"
        + localized(
          "MemeMe can rebuild Sent Memes from what still reads in the database and from the memes’ pictures; memes known only by their pictures come back without their captions. The damaged database is kept beside the new one. Until then you can make and share memes, but they will not be kept."
        ),
      choices: [
        MessageDialog.Choice(label: localized("_Not Now"), response: Answer.notNow),
        MessageDialog.Choice(
          label: localized("_Rebuild Sent Memes"), response: Answer.rebuild, appearance: .suggested),
      ],
      defaultResponse: .notNow, closeResponse: .notNow, answer: answer)
  }
}
