// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore

/// What opening the store found wrong and how it was put right, for the app to tell the user. Opening
/// never deletes a finished image file: files no row lists are either rebuilt into memes or moved to
/// `lost+found`, and rows whose file names point outside the store are skipped.
public struct StoreRepairs: Sendable, Hashable {
  /// Memes rebuilt from image files that no row listed (a lost, emptied or replaced database). Their
  /// pictures are back; their captions could not be read back from the pictures, so they are empty.
  public internal(set) var rebuiltMemeIDs: [Int64] = []
  /// Files no row listed and that were not a whole meme, moved (under these names) to `lostAndFound`.
  public internal(set) var filesSetAside: [String] = []
  /// Rows whose file names are not plain names inside the images folder. They are left in the
  /// database, hidden from every list, and their names are never opened or removed.
  public internal(set) var skippedRowIDs: [Int64] = []
  /// The folder `filesSetAside` went to.
  public let lostAndFound: URL

  public var isEmpty: Bool { rebuiltMemeIDs.isEmpty && filesSetAside.isEmpty && skippedRowIDs.isEmpty }

  /// A few sentences for the user, or nil when nothing needed repair.
  public var message: String? {
    var sentences: [String] = []
    if !rebuiltMemeIDs.isEmpty {
      sentences.append(
        String(
          format: localized(
            "Memes rebuilt from their pictures because the database did not list them: %ld. Their captions could not be recovered."
          ), rebuiltMemeIDs.count))
    }
    if !filesSetAside.isEmpty {
      sentences.append(
        String(
          format: localized("Files moved to %@ because they belong to no sent meme: %ld."),
          FileNameQuoting.quoted(lostAndFound.path),
          filesSetAside.count))
    }
    if !skippedRowIDs.isEmpty {
      sentences.append(
        String(
          format: localized("Database entries skipped because they name files outside the store: %ld."),
          skippedRowIDs.count))
    }
    return sentences.isEmpty ? nil : sentences.joined(separator: " ")
  }
}
