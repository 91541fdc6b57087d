// SPDX-License-Identifier: GPL-3.0-or-later

/// The ids of the memes a list shows (not deleted, with plain file names), in the user's order, as
/// `SentMemeStore.memeIDs()` last read them, kept until the store next writes.
///
/// Reading them is a scan of every row (tens of milliseconds at a hundred thousand memes), and a
/// search puts its matches in this order rather than sorting them in SQL, which costs as much again.
/// The store is the database's only writer (its lock keeps other processes out), and every write
/// goes through `StoreDatabase.writing`, which forgets the ids: they are never older than the file.
struct VisibleOrder {
  /// Counts writes: a read that began before one may not keep what it read.
  private(set) var generation = 0
  var ids: [Int64]?

  mutating func forget() {
    generation += 1
    ids = nil
  }
}
