// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import MemeCore
import Testing

@testable import MemeUI

/// The stickers Add Sticker offers again: newest first, each once, at most 24, kept in their file
/// across runs; a damaged file is an empty list, and a picture whose file is gone is not offered.
struct RecentStickersTests {
  @Test func theNewestComeFirstEachOnceAtMost24KeptInTheirFile() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("recent-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("recent-stickers.json")
    let recents = RecentStickers(file: file)
    #expect(recents.stickers.isEmpty)
    let emoji = (0..<30).map { StickerSource.emoji(String(UnicodeScalar(0x1F600 + $0)!)) }
    for source in emoji { recents.use(source) }
    recents.use(emoji[10])
    let expected = [emoji[10]] + emoji.reversed().filter { $0 != emoji[10] }.prefix(RecentStickers.count - 1)
    #expect(recents.stickers == Array(expected))
    #expect(RecentStickers(file: file).stickers == Array(expected), "the next run reads the same list")

    let gone = StickerSource.picture(StickerPicture(path: folder.appendingPathComponent("gone.png").path))
    recents.use(gone)
    #expect(recents.stickers.first == emoji[10], "a picture whose file is gone is not offered")

    try Data("{ not json".utf8).write(to: file)
    #expect(RecentStickers(file: file).stickers.isEmpty)
  }
}
