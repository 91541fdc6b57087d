// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore

/// The stickers used last, newest first, offered again by Add Sticker. They are kept in a small
/// JSON file (a list of `StickerSource`), rewritten whole at each use; without a file (tests, an app
/// without its settings schema) for this run only.
final class RecentStickers {
  /// How many are kept.
  static let count = 24

  private let file: URL?
  private var kept: [StickerSource]

  init(file: URL?) {
    self.file = file
    // A missing or damaged file is an empty list: the list is a convenience, not the user's work.
    kept =
      file.flatMap { try? Data(contentsOf: $0) }.flatMap {
        try? JSONDecoder().decode([StickerSource].self, from: $0)
      }
      ?? []
    kept = Array(kept.prefix(Self.count))
  }

  /// The stickers to offer, newest first: a picture whose file is gone is left out.
  var stickers: [StickerSource] {
    kept.filter { source in
      guard case .picture(let picture) = source else { return true }
      return FileManager.default.isReadableFile(atPath: picture.path)
    }
  }

  /// `source` was just used: it comes first (once), the oldest beyond `count` go.
  func use(_ source: StickerSource) {
    kept.removeAll { $0 == source }
    kept.insert(source, at: 0)
    kept = Array(kept.prefix(Self.count))
    save()
  }

  private func save() {
    guard let file, let data = try? JSONEncoder().encode(kept) else { return }
    try? FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    // Written beside and renamed over, so a crash leaves the old list or the new one.
    try? data.write(to: file, options: .atomic)
  }
}
