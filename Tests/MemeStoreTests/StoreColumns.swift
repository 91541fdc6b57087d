// SPDX-License-Identifier: GPL-3.0-or-later
import GRDB

@testable import MemeStore

extension SentMemeStore {
  /// The text `column` holds in the row `id` of `table`, as the store wrote it (nil for NULL).
  func column(_ column: String, ofRowWithID id: Int64, in table: String = "sentMeme") throws -> String? {
    try database.reading { db in
      try String.fetchOne(db, sql: "SELECT \(column) FROM \(table) WHERE id = ?", arguments: [id])
    }
  }
}
