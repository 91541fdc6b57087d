// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

@testable import MemeUI

/// What the List shows: when a meme was sent, and thumbnails in the frames' shape.
@Suite struct SentMemesFormatTests {
  private let formatter = SentTimeFormatter(
    locale: Locale(identifier: "en_GB"), calendar: Calendar(identifier: .gregorian),
    timeZone: TimeZone(identifier: "UTC")!)
  private let now = ISO8601DateFormatter().date(from: "2026-11-22T15:30:00Z")!

  private func date(_ iso: String) -> Date { ISO8601DateFormatter().date(from: iso)! }

  @Test func todayAndYesterdayShowTheTime() {
    #expect(formatter.string(for: date("2026-11-22T14:03:00Z"), now: now) == "Today 14:03")
    #expect(formatter.string(for: date("2026-11-21T09:12:00Z"), now: now) == "Yesterday 09:12")
  }

  @Test func thisWeekShowsTheWeekday() {
    #expect(formatter.string(for: date("2026-11-18T08:00:00Z"), now: now) == "Wednesday 08:00")
  }

  @Test func olderShowsTheDate() {
    #expect(formatter.string(for: date("2026-03-05T08:00:00Z"), now: now) == "5 Mar")
    #expect(formatter.string(for: date("2025-12-24T08:00:00Z"), now: now) == "24 Dec 2025")
  }

  @Test func thumbnailsShowTheWholeMemeInTheFramesShape() {
    #expect(ThumbnailShape.fittedRect(width: 512, height: 384, inFrameWidth: 256) == (0, 0, 256, 192))
    #expect(
      ThumbnailShape.fittedRect(width: 256, height: 144, inFrameWidth: 256) == (0, 24, 256, 144),
      "wide: bars above and below")
    #expect(
      ThumbnailShape.fittedRect(width: 256, height: 384, inFrameWidth: 256) == (64, 0, 128, 192),
      "tall: bars at the sides, captions kept")
  }
}
