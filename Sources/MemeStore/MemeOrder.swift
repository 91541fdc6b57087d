// SPDX-License-Identifier: GPL-3.0-or-later
import GRDB

/// Every row's place in the user's order, hidden ones included, for reordering. A row is hidden while
/// it is deleted, or when its file names are not plain names (`allMemes()` skips those).
struct MemeOrder {
  private(set) var ids: [Int64] = []
  private(set) var isHidden: [Bool] = []
  /// The positions as read, ascending. A reordering hands the same positions out again in the new
  /// order, so only rows whose place changed are written.
  private let positions: [Int64]

  init(_ db: Database) throws {
    var positions: [Int64] = []
    let rows = try Row.fetchCursor(
      db,
      sql: """
        SELECT id, position, deletedAt IS NOT NULL, \(SentMemeDecoder.fileColumns) FROM sentMeme
        ORDER BY position, id
        """)
    while let row = try rows.next() {
      // Decoding that throws: a damaged row is an error to report, not a crash.
      ids.append(try row.decode(atIndex: 0))
      positions.append(try row.decode(atIndex: 1))
      isHidden.append(try row.decode(atIndex: 2) || (try SentMemeDecoder.fileNames(in: row, from: 3)) == nil)
    }
    self.positions = positions
  }

  mutating func remove(at index: Int) {
    ids.remove(at: index)
    isHidden.remove(at: index)
  }

  mutating func insert(_ id: Int64, isHidden hidden: Bool, at index: Int) {
    ids.insert(id, at: index)
    isHidden.insert(hidden, at: index)
  }

  /// Writes the new order of the rows in `changed`. Equal positions (which the store never makes) would
  /// leave the order to the ids, so then every row is renumbered instead.
  func savePositions(in db: Database, changed: ClosedRange<Int>) throws {
    let isStrictlyIncreasing = zip(positions, positions.dropFirst()).allSatisfy { $0 < $1 }
    let rows = isStrictlyIncreasing ? changed : 0...(ids.count - 1)
    let update = try db.cachedStatement(sql: "UPDATE sentMeme SET position = ? WHERE id = ?")
    for index in rows {
      let position = isStrictlyIncreasing ? positions[index] : Int64(index)
      try update.execute(arguments: [position, ids[index]])
    }
  }
}
